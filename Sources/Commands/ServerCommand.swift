import APIDescriptions
import Facade
import JSON
import Shell

/// `server [SERVICE]`, `server URL [SERVICE]`, `server reset [SERVICE]` and `server set NAME=VALUE…
/// [SERVICE]`: where a service's requests go and why, the base the user gives it for the session, and the
/// values of its document's server `{variables}`.
struct ServerCommand: Command {
    let name = "server"
    let abstract = "Show where a service's requests go and why, or send them elsewhere"
    static let service = Positional("SERVICE", .describedService, .optional, help: "the service (else the current one)")
    static let url = Positional("URL", .url, help: "the base URL its requests go to from now on (a mock, a proxy, staging)")

    var signature: CommandSignature {
        CommandSignature([
            ArgumentForm([Self.url, Self.service], help: "send the service's requests to URL"),
            ArgumentForm([Self.service], help: "show where the service's requests go and why"),
            ArgumentForm(["reset"], [Self.service], help: "back to the locator entry's url, else the document's servers"),
            ArgumentForm(["set"], [Self.service], items: [.settings, .atLeastOne], itemNames: .serverVariable,
                         help: "set the document's server {variables} (NAME=VALUE…)"),
        ])
    }
    let details = [
        "server                      the current service's base URL, why it is that one, and its variables",
        "server http://localhost:4010   every later request of the service goes there (a mock, a proxy, staging)",
        "server reset                back to the locator entry's url, else the document's servers",
        "server set region=eu        later calls go to the server with {region} = eu",
        "server set version=v2 petstore",
    ]

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let facade = context.session.facade
        let service = arguments[Self.service]
        let report: ServerReport
        do {
            if arguments.subcommand == "set" {
                var last: ServerReport?
                for assignment in arguments.items {
                    let pair = assignment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    last = try facade.descriptions.setServerVariable(String(pair[0]), to: pair.count == 2 ? String(pair[1]) : "", service: service)
                }
                guard let last else { throw CommandError("server set: NAME=VALUE… is missing") }
                report = last
            } else if arguments.subcommand == "reset" {
                report = try facade.descriptions.resetServerBase(service: service)
            } else if let url = arguments[Self.url] {
                report = try facade.descriptions.setServerBase(url, service: service)
            } else {
                report = try facade.descriptions.servers(service)
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
