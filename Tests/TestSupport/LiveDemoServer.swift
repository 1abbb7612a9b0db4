import DemoAPIs
import Facade
import Foundation
import class DemoServer.DemoServer
import struct DemoServer.DemoServerConfiguration
import HTTPClient
import HTTPTypes

/// A private DemoServer with its fault routes on, bound to an ephemeral port for one test and
/// stopped when the test lets go of it.
package final class LiveDemoServer: Sendable {
    private let server: DemoServer
    package let baseURL: String

    package init() throws {
        server = DemoServer(configuration: DemoServerConfiguration(faults: true))
        try server.start()
        baseURL = server.baseURL
    }

    deinit {
        server.stop()
    }

    package var port: UInt16 { server.port }

    /// Stops answering before the test lets go (a server gone offline).
    package func stop() {
        server.stop()
    }

    /// The stable locator document the server publishes.
    package var locatorURL: String { url("/services.json") }

    package func url(_ path: String) -> String {
        baseURL + path
    }

    /// A facade over a fresh libcurl transport, with the server's stable locator already loaded.
    package func facade(configuration: TransportConfiguration = TransportConfiguration()) throws -> ServiceFacade {
        let facade = ServiceFacade(transport: CurlTransport(configuration: configuration), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(locatorURL)
        return facade
    }
}
