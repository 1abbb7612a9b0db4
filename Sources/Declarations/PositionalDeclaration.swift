/// A positional argument of a command line (`LOCATOR|DOCUMENT`, `bash|zsh|fish`), with its one-line help.
/// Also the key its value is read with (`arguments[Self.location]`).
public struct PositionalDeclaration: Sendable {
    public let value: ValueDeclaration
    /// One line: what it is.
    public let help: String
    /// Whether it may be left out.
    public let optional: Bool

    public init(_ value: ValueDeclaration, help: String, optional: Bool = false) {
        self.value = value
        self.help = help
        self.optional = optional
    }

    public var placeholder: String { value.placeholder }
}
