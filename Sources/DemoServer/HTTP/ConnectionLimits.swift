/// The bounds one connection lives within.
struct ConnectionLimits: Sendable {
    /// Seconds a kept-alive connection may sit without a new request before the server closes it.
    var idleTimeout: Double
    /// Seconds the rest of a request may take once its first byte has arrived.
    var requestTimeout: Double
    var maximumHeadSize = 64 * 1024
    var maximumBodySize = 8 * 1024 * 1024

    init(idleTimeout: Double) {
        self.idleTimeout = max(0.01, idleTimeout)
        self.requestTimeout = max(10, idleTimeout)
    }
}
