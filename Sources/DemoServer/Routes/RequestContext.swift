import HTTPServer
/// What a route may need beyond the request: the connection (to notice the server stopping during a
/// deliberate delay) and the server's own URL (for links when the request has no Host header).
struct RequestContext {
    let connection: Connection
    let baseURL: String
}
