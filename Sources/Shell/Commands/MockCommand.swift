import Facade
import Mock

/// `mock start [SERVICE [VERSION]]` · `mock stop [SERVICE]` · `mock`: points the session's service (every
/// version, or one) at a mock made from its OpenAPI descriptions on an ephemeral loopback port, so `use`
/// and `call` work with no backend, and back again.
struct MockCommand: Command {
    let name = "mock"
    let abstract = "Serve a service's versions from their OpenAPI descriptions, and point the session at them"
    var signature: CommandSignature {
        CommandSignature([
            ArgumentForm(["start"], [Positional("SERVICE", .service, .optional), Positional("VERSION", .version, .many)]),
            ArgumentForm(["stop"], [Positional("SERVICE", .mock, .optional)]),
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
            guard let service = arguments.value("SERVICE") ?? session.facade.currentService else {
                throw CommandError("no current service to mock: mock start SERVICE")
            }
            let (mock, warnings) = try ServiceMock.start(service, versions: arguments.values("VERSION"), session: session)
            var result = RunResult(lines: mock.lines)
            result.warnings = warnings
            result.notes = ["use and call now go to the mock; mock stop points \(mock.service) back"]
            return result
        case "stop"?:
            let names = arguments.value("SERVICE").map { [session.facade.locator?.canonicalName(of: $0) ?? $0] }
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

/// A mock serving versions of one service for a session, and where those versions pointed before it.
final class ServiceMock {
    let service: String
    let server: MockServer
    /// Each mocked version's URL before the mock, and on the mock.
    let original: [ServiceKey: String]
    let mocked: [ServiceKey: String]

    private init(service: String, server: MockServer, original: [ServiceKey: String], mocked: [ServiceKey: String]) {
        self.service = service
        self.server = server
        self.original = original
        self.mocked = mocked
    }

    /// What `mock` shows: one line per version.
    var lines: [String] {
        server.versions.map { version in
            "\(version.label) → \(server.url(of: version)) (mock, \(version.operationCount) operations)"
        }
    }

    /// Mocks `service` (the `versions` named, else all that have a description) and points the session at
    /// it; a mock already running for the service is stopped first.
    static func start(_ service: String, versions: [String], session: Session) throws(CommandError) -> (ServiceMock, [String]) {
        let facade = session.facade
        let name = facade.locator?.canonicalName(of: service) ?? service
        session.mocks[name]?.stop(session: session)
        var (described, warnings) = try Result { () throws(FacadeError) in try facade.describedEntries(of: name) }
            .mapError(CommandError.init).get()
        if !versions.isEmpty {
            var keys: [ServiceKey] = []
            for version in versions {
                keys.append(try Result { () throws(FacadeError) in try facade.entry(of: name, version: version) }.mapError(CommandError.init).get().key)
            }
            described = described.filter { keys.contains($0.entry.key) }
        }
        guard !described.isEmpty else {
            let named = ([name] + versions).joined(separator: " ")
            throw CommandError("\(named) has no OpenAPI description to mock (a locator entry names one with \"openapi\")")
        }
        let server = MockServer(versions: described.map(MockVersion.init))
        do {
            try server.start()
        } catch {
            throw CommandError("mock: \(error)")
        }
        var original: [ServiceKey: String] = [:]
        var mocked: [ServiceKey: String] = [:]
        for (entry, version) in zip(described.map(\.entry), server.versions) {
            original[entry.key] = entry.url
            mocked[entry.key] = server.url(of: version)
        }
        facade.pointEntries(mocked)
        let mock = ServiceMock(service: name, server: server, original: original, mocked: mocked)
        session.mocks[name] = mock
        return (mock, warnings)
    }

    /// Stops the server and points back each version that still points at it (a `locate` since may have
    /// put it back already).
    func stop(session: Session) {
        server.stop()
        let entries = session.facade.locator?.entries ?? []
        let back = original.filter { key, _ in entries.contains { $0.key == key && $0.url == mocked[key] } }
        session.facade.pointEntries(back)
        session.mocks[service] = nil
    }
}
