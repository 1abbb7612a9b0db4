import Foundation
import class DemoServer.DemoServer
import struct DemoServer.DemoServerConfiguration
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A private DemoServer with its fault routes, started on an ephemeral port for one test.
struct HTTPTestServer: ~Copyable {
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

    func url(_ path: String) -> String {
        baseURL + path
    }

    /// A loopback port that nothing listens on: bound to port 0 to get a free one, then closed.
    static func unusedPort() -> UInt16? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        return bound ? UInt16(bigEndian: address.sin_port) : nil
    }
}
