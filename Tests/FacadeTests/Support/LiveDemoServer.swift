import Facade
import Foundation
import class DemoServer.DemoServer
import struct DemoServer.DemoServerConfiguration

/// A private DemoServer with its fault routes on, bound to an ephemeral port for one test and
/// stopped when the test lets go of it.
final class LiveDemoServer: Sendable {
    private let server: DemoServer
    let baseURL: String

    init() throws {
        server = DemoServer(configuration: DemoServerConfiguration(faults: true))
        try server.start()
        baseURL = server.baseURL
    }

    deinit {
        server.stop()
    }

    var port: UInt16 { server.port }

    /// The stable locator document the server publishes.
    var locatorURL: String { url("/services.json") }

    func url(_ path: String) -> String {
        baseURL + path
    }

    /// A facade over a fresh libcurl transport, with the server's stable locator already loaded.
    func facade(configuration: TransportConfiguration = TransportConfiguration()) throws -> ServiceFacade {
        let facade = ServiceFacade(transport: CurlTransport(configuration: configuration))
        try facade.locate(locatorURL)
        return facade
    }
}
