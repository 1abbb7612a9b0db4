/// Why a successful response did not decode into its model: where, and what was expected vs found.
public struct DecodeFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The JSON path of the offending value (`currentTemperature`, `data[3].writer`), empty for the root.
    public let path: String
    public let expected: String
    public let found: String

    public init(path: String, expected: String, found: String) {
        self.path = path
        self.expected = expected
        self.found = found
    }

    public var description: String {
        (path.isEmpty ? "" : "\(path): ") + "expected \(expected), found \(found)"
    }
}
