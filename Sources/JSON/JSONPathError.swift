/// Why a path could not be parsed, with the 1-based character position of the problem.
public struct JSONPathError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var position: Int
    public var message: String

    public init(path: String, position: Int, message: String) {
        self.path = path
        self.position = position
        self.message = message
    }

    /// One line, e.g. `invalid path "a[x": character 3: expected ...`.
    public var description: String {
        "invalid path \(JSONValue.string(path).encoded()): character \(position): \(message)"
    }
}
