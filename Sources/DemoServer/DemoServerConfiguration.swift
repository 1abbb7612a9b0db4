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
    /// Seconds an idle kept-alive connection stays open.
    public var idleTimeout: Double

    public init(host: String = "127.0.0.1", port: UInt16 = 0, root: String? = nil, faults: Bool = false, idleTimeout: Double = 5) {
        self.host = host
        self.port = port
        self.root = root
        self.faults = faults
        self.idleTimeout = idleTimeout
    }
}
