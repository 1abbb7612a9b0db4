import Facade
import Mock

/// A mock serving versions of one service for a session, and where those versions pointed before it.
package final class ServiceMock {
    package let service: String
    package let server: MockServer
    /// Each mocked version's URL before the mock, and on the mock.
    let original: [ServiceKey: String]
    package let mocked: [ServiceKey: String]

    private init(service: String, server: MockServer, original: [ServiceKey: String], mocked: [ServiceKey: String]) {
        self.service = service
        self.server = server
        self.original = original
        self.mocked = mocked
    }

    /// What `mock` shows: one line per version.
    package var lines: [String] {
        server.versions.map { version in
            "\(version.label) → \(server.url(of: version)) (mock, \(version.operationCount) operations)"
        }
    }

    /// Mocks `service` (the `versions` named, else all that have a description) and points the session at
    /// it; a mock already running for the service is stopped first.
    package static func start(_ service: String, versions: [String], session: Session) throws(CommandError) -> (ServiceMock, [String]) {
        let facade = session.facade
        let name = facade.workspace.canonicalName(of: service) ?? service
        session.mocks[name]?.stop(session: session)
        var (described, warnings) = try Result { () throws(FacadeError) in try facade.descriptions.describedEntries(of: name) }
            .mapError(CommandError.init).get()
        if !versions.isEmpty {
            var keys: [ServiceKey] = []
            for version in versions {
                keys.append(try Result { () throws(FacadeError) in try facade.workspace.entry(of: name, version: version) }.mapError(CommandError.init).get().key)
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
        facade.workspace.pointEntries(mocked)
        let mock = ServiceMock(service: name, server: server, original: original, mocked: mocked)
        session.mocks[name] = mock
        return (mock, warnings + server.warnings)
    }

    /// Stops the server and points back each version that still points at it (a `locate` since may have
    /// put it back already).
    package func stop(session: Session) {
        server.stop()
        let entries = session.facade.workspace.locatorEntries
        let back = original.filter { key, _ in entries.contains { $0.key == key && $0.url == mocked[key] } }
        session.facade.workspace.pointEntries(back)
        session.mocks[service] = nil
    }
}
