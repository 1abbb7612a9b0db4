import JSON
/// Timing and size of one transfer, as libcurl measured it.
///
/// Times are seconds from the start of the request until each phase *finished* (curl's convention,
/// so they only grow: dns ≤ connect ≤ tls ≤ firstByte ≤ total). On a reused connection the DNS and
/// connect phases did not happen and read as 0; on plain HTTP `tls` is 0.
public struct TransferMetrics: Sendable, Equatable {
    /// Until the host name was resolved.
    public var dns: Double
    /// Until the TCP connection was established.
    public var connect: Double
    /// Until the TLS handshake finished (0 without TLS).
    public var tls: Double
    /// Until the first byte of the response arrived (curl's start-transfer time).
    public var firstByte: Double
    /// Until the transfer finished, every hop of its redirects included.
    public var total: Double
    /// How many redirects were followed.
    public var redirects: Int
    /// Body bytes received for the final response, as they came over the wire.
    public var bytesReceived: Int
    /// True when no new connection was opened for this request.
    public var reusedConnection: Bool

    public init(
        dns: Double = 0, connect: Double = 0, tls: Double = 0, firstByte: Double = 0, total: Double = 0,
        redirects: Int = 0, bytesReceived: Int = 0, reusedConnection: Bool = false
    ) {
        self.dns = dns
        self.connect = connect
        self.tls = tls
        self.firstByte = firstByte
        self.total = total
        self.redirects = redirects
        self.bytesReceived = bytesReceived
        self.reusedConnection = reusedConnection
    }

    /// These metrics of a final hop, placed after `earlier` seconds spent on the hops before it: phases
    /// that happened move by that much (a phase that did not happen stays 0), so the times still only grow.
    package func following(_ earlier: Double, redirects: Int) -> TransferMetrics {
        guard earlier > 0 || redirects > 0 else { return self }
        func shifted(_ time: Double) -> Double { time > 0 ? time + earlier : 0 }
        return TransferMetrics(
            dns: shifted(dns), connect: shifted(connect), tls: shifted(tls), firstByte: shifted(firstByte),
            total: total + earlier, redirects: redirects, bytesReceived: bytesReceived, reusedConnection: reusedConnection)
    }
}
