/// A request typed on the command line that cannot be built: a missing target or a malformed item.
public enum RequestItemError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidTarget(String)
    case invalidItem(String)

    public var description: String {
        switch self {
        case .invalidTarget(let message), .invalidItem(let message): message
        }
    }
}
