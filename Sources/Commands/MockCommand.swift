import Facade
import Mock
import Shell

/// `mock start [SERVICE [VERSION]]` · `mock stop [SERVICE]` · `mock`: points the session's service (every
/// version, or one) at a mock made from its OpenAPI descriptions on an ephemeral loopback port, so `use`
/// and `call` work with no backend, and back again.
struct MockCommand: Command {
    let name = "mock"
    let abstract = "Serve a service's versions from their OpenAPI descriptions, and point the session at them"
    static let started = Positional("SERVICE", .service, .optional, help: "the service to mock (else the current one)")
    static let versions = Positional("VERSION", .version, .many, help: "the versions to mock (else every version)")
    static let stopped = Positional("SERVICE", .mock, .optional, help: "the mocked service to point back (else every one)")

    var signature: CommandSignature {
        CommandSignature([
            ArgumentForm(["start"], [Self.started, Self.versions], help: "serve the versions from their descriptions, and send the session's requests there"),
            ArgumentForm(["stop"], [Self.stopped], help: "stop a mock and point its service back where the locator says"),
            ArgumentForm(),
        ])
    }
    let details = [
        "mock start            mock every version of the current service (each under its own path)",
        "mock start petstore v2   mock one version only",
        "mock stop             point every mocked service back where the locator says",
        "Answers come from the description's examples, else from values its schemas generate; requests are",
        "checked as call checks them. Header Prefer:code=404 (or example=NAME, dynamic=true) picks the answer.",
        "Outside the shell: apish mock LOCATOR|DOCUMENT [--port P]",
    ]

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let session = context.session
        switch arguments.subcommand {
        case "start"?:
            guard let service = arguments[Self.started] ?? session.facade.workspace.currentService else {
                throw CommandError("no current service to mock: mock start SERVICE")
            }
            let (mock, warnings) = try ServiceMock.start(service, versions: arguments.values(Self.versions), session: session)
            var result = RunResult(lines: mock.lines)
            result.warnings = warnings
            result.notes = ["use and call now go to the mock; mock stop points \(mock.service) back"]
            return result
        case "stop"?:
            let names = arguments[Self.stopped].map { [session.facade.workspace.canonicalName(of: $0) ?? $0] }
                ?? session.mocks.keys.sorted()
            guard !names.isEmpty else { throw CommandError("no mock running") }
            var lines: [String] = []
            for name in names {
                guard let mock = session.mocks[name] else { throw CommandError("\(name) is not mocked; mock shows what is") }
                mock.stop(session: session)
                lines.append("\(name) points where the locator says again (mock stopped)")
            }
            return RunResult(lines: lines)
        default:
            let lines = session.mocks.values.sorted { $0.service < $1.service }.flatMap(\.lines)
            return RunResult(lines: lines.isEmpty ? ["no mock running; mock start [SERVICE] starts one"] : lines)
        }
    }
}
