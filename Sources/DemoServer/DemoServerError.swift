/// Why a `DemoServer` could not start.
public enum DemoServerError: Error, Equatable, CustomStringConvertible {
    /// `start()` was called on a server that was already started (or stopped).
    case alreadyStarted
    /// The address could not be resolved, bound or listened on.
    case cannotListen(host: String, port: UInt16, reason: String)
    /// The configured fixture folder does not exist or is not a folder.
    case rootNotFound(String)

    public var description: String {
        switch self {
        case .alreadyStarted:
            return "the demo server was already started"
        case .cannotListen(let host, let port, let reason):
            return "cannot listen on \(host):\(port): \(reason)"
        case .rootNotFound(let path):
            return "fixture folder '\(path)' does not exist"
        }
    }
}
