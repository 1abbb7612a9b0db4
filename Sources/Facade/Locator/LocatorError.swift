import JSON
/// Why a locator could not be used. *Load* (could not fetch) and *parse* (fetched but not understood)
/// stay distinct, since they call for different fixes, and both say where.
public enum LocatorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The document could not be fetched: refused, missing, timed out, unreadable file.
    case load(source: String, reason: String)
    /// The document was fetched but is not a valid locator.
    case parse(source: String, reason: String)
    /// Two entries name the same service and version.
    case duplicate(source: String, key: String, first: Int, second: Int)

    public var description: String {
        switch self {
        case let .load(source, reason):
            return "cannot load locator \(source): \(reason)"
        case let .parse(source, reason):
            return "cannot parse locator \(source): \(reason)"
        case let .duplicate(source, key, first, second):
            return "cannot parse locator \(source): \(key) is listed twice (entries \(first) and \(second))"
        }
    }
}
