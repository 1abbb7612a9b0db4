import Facade
import FoundationFree
import HTTPClient
import HTTPTypes
import HTTPServer

/// A mock of API versions from their descriptions alone, on the demo server's HTTP core: every operation
/// of every version, each version under its own base path (`/petstore/v1`), answering from the
/// document's examples or from values its schemas generate (see `MockResponder`).
public final class MockServer: Sendable {
    public let versions: [MockVersion]
    /// What of the descriptions is not served as written, one line each: a header that would break the
    /// head or frames the message, a status that is not final, a pattern no text is written for, an
    /// example that fails its schema. Said once at start.
    public let warnings: [String]
    private let listener: HTTPListener

    public init(versions: [MockVersion], host: String = "127.0.0.1", port: UInt16 = 0) {
        self.versions = versions
        let responder = MockResponder(versions: versions)
        warnings = responder.warnings
        // The demo server's limits: a mock answers the same slow or oversized requests the same way.
        let limits = ConnectionLimits(idleTimeout: 5, requestTimeout: 10)
        listener = HTTPListener(
            host: host, port: port, limits: limits,
            respond: { request, serving in responder.respond(to: request, baseURL: serving.baseURL) },
            refuse: { refused, serving in responder.respond(to: refused, baseURL: serving.baseURL) })
    }

    /// A mock of every version in the locator (or the one document) at `location` that has an OpenAPI
    /// description; `warnings` names those whose description cannot be read.
    public static func load(
        _ location: String, transport: any Transport, host: String = "127.0.0.1", port: UInt16 = 0,
        cancellation: CancellationToken? = nil
    ) throws(MockError) -> (server: MockServer, warnings: [String]) {
        let loaded: (locator: Locator, described: [DescribedEntry], warnings: [String])
        do {
            loaded = try LocatorLoader(transport: transport).loadDescribed(location, cancellation: cancellation)
        } catch {
            throw .cannotLoad(error.description)
        }
        guard !loaded.described.isEmpty else { throw .nothingToMock(location) }
        let server = MockServer(versions: loaded.described.map(MockVersion.init), host: host, port: port)
        return (server, loaded.warnings + server.warnings)
    }

    /// Binds, listens and serves on background threads; returns at once.
    public func start() throws(MockError) {
        // Answers run to megabytes and are made on connection threads: freed, they go back to the system.
        LargeAllocations.returnToTheSystemWhenFreed()
        do {
            try listener.start()
        } catch {
            switch error {
            case .alreadyStarted: throw .alreadyStarted
            case .cannotListen(let host, let port, let reason): throw .cannotListen(host: host, port: port, reason: reason)
            }
        }
    }

    /// Closes the listener and every connection. Idempotent.
    public func stop() {
        listener.stop()
    }

    /// `http://127.0.0.1:PORT`, once started.
    public var baseURL: String { listener.baseURL }

    /// Where one version is served: `http://127.0.0.1:PORT/petstore/v1`.
    public func url(of version: MockVersion) -> String {
        baseURL + version.basePath
    }
}

/// Why a mock could not be made or started; one line each.
public enum MockError: Error, Equatable, CustomStringConvertible {
    case cannotLoad(String)
    /// The locator names no version with an OpenAPI description.
    case nothingToMock(String)
    case alreadyStarted
    case cannotListen(host: String, port: UInt16, reason: String)

    public var description: String {
        switch self {
        case .cannotLoad(let reason): reason
        case .nothingToMock(let location):
            "\(location) describes no version with an OpenAPI document, so there is nothing to mock (a locator entry names one with \"openapi\")"
        case .alreadyStarted: "the mock was already started"
        case let .cannotListen(host, port, reason): "cannot listen on \(host):\(port): \(reason)"
        }
    }
}
