import APIDescriptions
import Facade
import JSON

/// `server [SERVICE]` and `server set NAME=VALUE… [SERVICE]`: where an OpenAPI service's requests go,
/// and the values of its server `{variables}`.
struct ServerCommand: Command {
    let name = "server"
    let abstract = "Show an OpenAPI service's server URL, or set its server variables"
    let usage = "server [SERVICE] | server set NAME=VALUE… [SERVICE]"
    let details = [
        "server                      the current service's server URL and variables",
        "server set region=eu        later calls go to the server with {region} = eu",
        "server set version=v2 petstore",
    ]

    func complete(_ previous: [String], session: Session) -> [String] {
        if previous.isEmpty { return ["set"] + OperationCompletion.servicesWithSpecs(session) }
        guard previous.first == "set" else { return [] }
        let report = try? session.facade.servers(nil)
        return (report?.servers.flatMap { $0.variables.map { "\($0.name)=" } } ?? []) + OperationCompletion.servicesWithSpecs(session)
    }

    func run(_ arguments: [String], in context: CommandContext) throws(CommandError) -> RunResult {
        let facade = context.session.facade
        let report: ServiceFacade.ServerReport
        do {
            if arguments.first == "set" {
                let assignments = arguments.dropFirst().filter { $0.contains("=") }
                let services = arguments.dropFirst().filter { !$0.contains("=") }
                guard !assignments.isEmpty, services.count <= 1 else { throw CommandError.usage(self) }
                var last: ServiceFacade.ServerReport?
                for assignment in assignments {
                    let pair = assignment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    guard pair.count == 2, !pair[0].isEmpty else { throw CommandError.usage(self) }
                    last = try facade.setServerVariable(String(pair[0]), to: String(pair[1]), service: services.first)
                }
                guard let last else { throw CommandError.usage(self) }
                report = last
            } else {
                guard arguments.count <= 1 else { throw CommandError.usage(self) }
                report = try facade.servers(arguments.first)
            }
        } catch let error as CommandError {
            throw error
        } catch let error as FacadeError {
            throw CommandError(error)
        } catch {
            throw CommandError("\(error)")
        }
        var lines = ["\(report.service): \(report.url)"]
        var variables: [JSONValue] = []
        for server in report.servers {
            for variable in server.variables {
                let value = report.values[variable.name] ?? variable.defaultValue
                let allowed = variable.allowed.isEmpty ? "" : " (one of \(variable.allowed.joined(separator: ", ")))"
                let origin = report.values[variable.name] == nil ? "default" : "set"
                lines.append("  {\(variable.name)} = \(value)  \(origin)\(allowed)  in \(server.template)")
                variables.append(.object(["name": .string(variable.name), "value": .string(value), "server": .string(server.template)]))
            }
        }
        var result = RunResult(lines: lines)
        result.data = .object(["service": .string(report.service), "url": .string(report.url), "variables": .array(variables)])
        return result
    }
}
