/// The bounds one connection lives within.
package struct ConnectionLimits: Sendable {
    /// Seconds a connection may wait for the first byte of a request before the server closes it.
    package var idleTimeout: Double
    /// Seconds a whole request (head and body) may take once its first byte has arrived.
    package var requestTimeout: Double
    package var maximumHeadSize = 64 * 1024
    package var maximumBodySize = 8 * 1024 * 1024

    package init(idleTimeout: Double, requestTimeout: Double) {
        self.idleTimeout = Self.sanitized(idleTimeout, fallback: 5)
        self.requestTimeout = Self.sanitized(requestTimeout, fallback: 10)
    }

    /// At least 10 ms, and a NaN from the caller becomes the default rather than a timeout that never
    /// compares true.
    private static func sanitized(_ seconds: Double, fallback: Double) -> Double {
        seconds.isNaN ? fallback : max(0.01, seconds)
    }
}
