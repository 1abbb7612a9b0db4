import APIDescriptions
import Facade
import JSON

/// `server [SERVICE]`, `server URL [SERVICE]`, `server reset [SERVICE]` and `server set NAME=VALUE…
/// [SERVICE]`: where a service's requests go and why, the base the user gives it for the session, and the
/// values of its document's server `{variables}`.
struct ServerCommand: Command {
    let name = "server"
    let abstract = "Show where a service's requests go and why, or send them elsewhere"
    let usage = "server [SERVICE] | server URL [SERVICE] | server reset [SERVICE] | server set NAME=VALUE… [SERVICE]"
    let details = [
        "server                      the current service's base URL, why it is that one, and its variables",
        "server http://localhost:4010   every later request of the service goes there (a mock, a proxy, staging)",
        "server reset                back to the locator entry's url, else the document's servers",
        "server set region=eu        later calls go to the server with {region} = eu",
        "server set version=v2 petstore",
    ]

    func complete(_ previous: [String], session: Session) -> [String] {
        if previous.isEmpty { return ["set", "reset"] + OperationCompletion.servicesWithSpecs(session) }
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
            } else if arguments.first == "reset" {
                guard arguments.count <= 2 else { throw CommandError.usage(self) }
                report = try facade.resetServerBase(service: arguments.dropFirst().first)
            } else if let url = arguments.first, url.contains("://") {
                guard arguments.count <= 2 else { throw CommandError.usage(self) }
                report = try facade.setServerBase(url, service: arguments.dropFirst().first)
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
        var lines = ["\(report.service): \(report.url)", "  why: " + report.origin.reason
            + (report.withoutSessionBase.map { " to \($0)" } ?? "")]
        if report.operationsWithOwnServers > 0 {
            let count = report.operationsWithOwnServers
            lines.append("  \(count) operation\(count == 1 ? " has" : "s have") servers of their own, used for their calls")
        }
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
        result.data = .object([
            "service": .string(report.service), "url": .string(report.url), "origin": .string(report.origin.rawValue),
            "variables": .array(variables),
        ])
        return result
    }
}
