import HTTPServer

/// A real HTTP/1.1 server on 127.0.0.1, on a port the kernel picks, that answers with the routes one test
/// gives it: the `HTTPListener` core the demo and the mock run on, without either of them. Stopped when the
/// test lets go of it.
///
/// A route answers the requests to its path and below it (`/echo` answers `/echo` and `/echo/a/b`); where
/// two routes could answer, the longer path wins. Any other path is answered 404 in the core's error shape.
package final class LoopbackServer: Sendable {
    private let listener: HTTPListener

    /// Started and listening when it returns.
    package init(routes: [String: LoopbackRoute]) throws {
        let table = routes.sorted { $0.key.count > $1.key.count }
        // An idle connection is closed after 5 s, and a request must be in within 10 s, as on the demo server.
        let limits = ConnectionLimits(idleTimeout: 5, requestTimeout: 10)
        listener = HTTPListener(host: "127.0.0.1", port: 0, limits: limits) { request, context in
            guard let route = table.first(where: { LoopbackServer.path(request.path, isUnder: $0.key) }) else {
                return .error("no route for \(request.method) \(request.path)", status: 404)
            }
            return route.value.respond(request, context)
        }
        try listener.start()
    }

    deinit {
        listener.stop()
    }

    package var port: UInt16 { listener.port }

    package var baseURL: String { listener.baseURL }

    package func url(_ path: String) -> String {
        baseURL + path
    }

    /// Stops answering before the test lets go (a server gone offline); connections still open are closed.
    package func stop() {
        listener.stop()
    }

    private static func path(_ path: String, isUnder routePath: String) -> Bool {
        path == routePath || path.hasPrefix(routePath.hasSuffix("/") ? routePath : routePath + "/")
    }
}
