/// Why a successful response did not decode into its model: where, and what was expected vs found.
/// A schema check may find several at once; the first leads and the others follow in `more`.
public struct DecodeFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The JSON path of the offending value (`currentTemperature`, `data[3].writer`), empty for the root.
    public let path: String
    public let expected: String
    public let found: String
    /// Further failures found in the same body (up to four more).
    public let more: [DecodeFailure]
    /// Not a failure of the body: its parse was stopped by Ctrl-C. `Outcome.classify` makes it the
    /// network failure a cancelled transfer is.
    public private(set) var isCancellation = false

    public init(path: String, expected: String, found: String, more: [DecodeFailure] = []) {
        self.path = path
        self.expected = expected
        self.found = found
        self.more = more
    }

    /// The parse of the body was cancelled.
    package static var cancelled: DecodeFailure {
        var failure = DecodeFailure(path: "", expected: "a JSON body", found: "a cancelled parse")
        failure.isCancellation = true
        return failure
    }

    /// This failure followed by others.
    package func adding(_ others: [DecodeFailure]) -> DecodeFailure {
        DecodeFailure(path: path, expected: expected, found: found, more: more + others)
    }

    /// `price: expected object, found string "9.50"`, then `; ` and the others.
    public var description: String {
        ([self] + more.map { $0 }).map { failure in
            (failure.path.isEmpty ? "" : "\(failure.path): ") + "expected \(failure.expected), found \(failure.found)"
        }.joined(separator: "; ")
    }
}
