import Foundation
@testable import DemoServer

/// Runs `body` against a fresh server on an ephemeral port (faults on unless told otherwise) and stops it
/// afterwards, whatever happens.
func withServer<T>(
    faults: Bool = true, root: String? = nil, idleTimeout: Double = 5, requestTimeout: Double = 10,
    _ body: (DemoServer) throws -> T
) throws -> T {
    let configuration = DemoServerConfiguration(root: root, faults: faults, idleTimeout: idleTimeout, requestTimeout: requestTimeout)
    let server = DemoServer(configuration: configuration)
    try server.start()
    defer { server.stop() }
    return try body(server)
}

/// One request on a fresh connection.
func fetch(
    _ server: DemoServer, _ target: String, method: String = "GET",
    headers: [(String, String)] = [], body: [UInt8] = []
) throws -> TestResponse {
    let client = try TestHTTPClient(port: server.port)
    defer { client.close() }
    return try client.request(method, target, headers: headers, body: body)
}

/// A fresh, empty folder under the temporary directory; removed by the returned cleanup.
func makeTemporaryDirectory() throws -> (path: String, cleanup: () -> Void) {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("demoserver-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return (url.path, { try? FileManager.default.removeItem(at: url) })
}
