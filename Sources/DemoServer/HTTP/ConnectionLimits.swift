/// The bounds one connection lives within.
struct ConnectionLimits: Sendable {
    /// Seconds a connection may wait for the first byte of a request before the server closes it.
    var idleTimeout: Double
    /// Seconds a whole request (head and body) may take once its first byte has arrived.
    var requestTimeout: Double
    var maximumHeadSize = 64 * 1024
    var maximumBodySize = 8 * 1024 * 1024

    init(idleTimeout: Double, requestTimeout: Double) {
        self.idleTimeout = Self.sanitized(idleTimeout, fallback: 5)
        self.requestTimeout = Self.sanitized(requestTimeout, fallback: 10)
    }

    /// At least 10 ms, and a NaN from the caller becomes the default rather than a timeout that never
    /// compares true.
    private static func sanitized(_ seconds: Double, fallback: Double) -> Double {
        seconds.isNaN ? fallback : max(0.01, seconds)
    }
}
