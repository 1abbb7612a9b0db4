/// What a value must be (not empty, a number in a range, one of some words), declared beside the argument
/// it checks, so that a hand check ending in `usage: …` is not needed and every error reads the same.
public struct Validator: Sendable {
    /// What a good value is, after "expected" in the error (`a number from 0 to 65535`).
    public let expectation: String
    private let accepts: @Sendable (String) -> Bool

    public init(_ expectation: String, accepts: @escaping @Sendable (String) -> Bool) {
        self.expectation = expectation
        self.accepts = accepts
    }

    /// Whether `value` is good.
    public func check(_ value: String) -> Bool { accepts(value) }

    /// What is wrong with `value` given for `name` (`--port`, `TOKEN`), one clause for a usage error; nil when
    /// it is good. Every command line (apish's options, serve, mock and the shell's commands) says it so.
    /// A secret's value is not repeated.
    public func problem(with value: String, for name: String, secret: Bool = false) -> String? {
        if accepts(value) { return nil }
        // A placeholder that lists the choices (`bash|zsh|fish`) would only repeat them.
        let subject = name.contains("|") ? "expected \(expectation)" : "\(name) needs \(expectation)"
        return subject + (value.isEmpty || secret ? "" : ", not '\(value)'")
    }

    /// The same for a positional, named last (`expected a number for LAT, not 'x'`): a secret's placeholder
    /// (`TOKEN`) followed by a word would read as a credential to the masking sink.
    public func problem(with value: String, forPositional name: String, secret: Bool) -> String? {
        if accepts(value) { return nil }
        return "expected \(expectation) for \(name)" + (value.isEmpty || secret ? "" : ", not '\(value)'")
    }

    /// Any text but the empty one.
    public static let nonEmpty = Validator("a value that is not empty") { !$0.isEmpty }

    /// A TCP port, 0 included (any free port).
    public static let port = Validator("a number from 0 to 65535") { UInt16($0) != nil }

    /// Any number (`37.5665`, `-3`).
    public static let number = Validator("a number") { Double($0) != nil }

    /// A number in `range` (`0.5`, `30`).
    public static func number(in range: ClosedRange<Double>, _ expectation: String) -> Validator {
        Validator(expectation) { Double($0).map { range.contains($0) } ?? false }
    }

    /// A whole number in `range`.
    public static func integer(in range: ClosedRange<Int>, _ expectation: String) -> Validator {
        Validator(expectation) { Int($0).map { range.contains($0) } ?? false }
    }

    /// One of `words`, in any case.
    public static func oneOf(_ words: [String]) -> Validator {
        let joined = words.count > 1 ? words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "") : words.joined()
        return Validator("one of " + joined) { words.contains($0.lowercased()) }
    }
}
