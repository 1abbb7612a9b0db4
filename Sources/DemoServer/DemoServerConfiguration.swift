/// How a `DemoServer` listens and what it serves.
public struct DemoServerConfiguration: Sendable, Equatable {
    /// The address to bind; loopback by default so the demo is never exposed by accident.
    public var host: String
    /// 0 picks a free ephemeral port; read the real one from `DemoServer.port` after `start()`.
    public var port: UInt16
    /// A fixture folder (see `DemoFixtures`), re-read on every request; nil serves the compiled-in set.
    public var root: String?
    /// Mounts the misbehaving routes under `/faults/`.
    public var faults: Bool
    /// Seconds a connection may wait for the first byte of its next request (blank lines do not count)
    /// before the server closes it.
    public var idleTimeout: Double
    /// Seconds a whole request (head and body) may take from its first byte; a slower one is answered
    /// 408 and closed, so a client trickling bytes cannot hold a connection slot for long.
    public var requestTimeout: Double

    public init(
        host: String = "127.0.0.1", port: UInt16 = 0, root: String? = nil, faults: Bool = false,
        idleTimeout: Double = 5, requestTimeout: Double = 10
    ) {
        self.host = host
        self.port = port
        self.root = root
        self.faults = faults
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
    }
}
