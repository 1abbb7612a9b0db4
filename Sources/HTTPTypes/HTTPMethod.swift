import JSON
/// An HTTP request method such as `GET` or `POST`.
///
/// A struct rather than an enum so that any token a server understands can be sent (`"PROPFIND"`),
/// while the common ones read as `.get`, `.post`, ….
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method token as sent on the wire, upper-cased.
    public let rawValue: String

    /// Creates a method; the token is upper-cased because methods are case-sensitive on the wire
    /// and every server expects the standard ones in capitals.
    public init(rawValue: String) {
        self.rawValue = rawValue.uppercased()
    }

    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    public var description: String { rawValue }

    public static let get: HTTPMethod = "GET"
    public static let post: HTTPMethod = "POST"
    public static let put: HTTPMethod = "PUT"
    public static let patch: HTTPMethod = "PATCH"
    public static let delete: HTTPMethod = "DELETE"
    public static let head: HTTPMethod = "HEAD"
    public static let options: HTTPMethod = "OPTIONS"
}
