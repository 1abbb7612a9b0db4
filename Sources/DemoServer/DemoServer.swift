#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
import HTTPServer

/// The demo HTTP/1.1 server behind `apish serve` and the tests: the demo APIs from built-in or folder
/// fixtures, served on the `HTTPListener` core (loopback, keep-alive, one thread per connection).
///
/// `start()` returns as soon as the socket listens; `stop()` closes the listener and every connection and
/// waits briefly for their threads to finish. Both are safe to call from any thread.
public final class DemoServer: Sendable {
    public let configuration: DemoServerConfiguration

    private let listener: HTTPListener

    public init(configuration: DemoServerConfiguration = .init()) {
        self.configuration = configuration
        let fixtures = FixtureStore(source: configuration.root.map { .folder($0) } ?? .builtIn)
        let router = DemoRouter(fixtures: fixtures, faultsEnabled: configuration.faults)
        let limits = ConnectionLimits(idleTimeout: configuration.idleTimeout, requestTimeout: configuration.requestTimeout)
        listener = HTTPListener(host: configuration.host, port: configuration.port, limits: limits) { request, serving in
            router.respond(to: request, context: RequestContext(connection: serving.connection, baseURL: serving.baseURL))
        }
    }

    /// The bound port, once started (0 before).
    public var port: UInt16 {
        listener.port
    }

    /// `http://HOST:PORT`, with a wildcard host replaced by loopback so the URL can be opened.
    public var baseURL: String {
        listener.baseURL
    }

    /// Binds, listens and starts serving on background threads; returns at once.
    public func start() throws {
        try checkRoot()
        do {
            try listener.start()
        } catch {
            switch error {
            case .alreadyStarted: throw DemoServerError.alreadyStarted
            case .cannotListen(let host, let port, let reason): throw DemoServerError.cannotListen(host: host, port: port, reason: reason)
            }
        }
    }

    /// Closes the listener and every connection, then waits up to two seconds for their threads.
    /// Idempotent.
    public func stop() {
        listener.stop()
    }

    private func checkRoot() throws {
        guard let root = configuration.root else { return }
        guard FileKind.isDirectory(root) == true else {
            throw DemoServerError.rootNotFound(root)
        }
    }
}
