/// An option of a command line (`--port PORT`, `-k`, `--report FORMAT FILE`), declared once with its one-line
/// help: parsing, usage, help, the man page and the completion scripts read it. A declaration is also the key
/// its values are read with (`arguments[Self.port]`).
public struct OptionDeclaration: Sendable {
    /// Every spelling, as help lists them (`-l`, `--locator`).
    public let names: [String]
    /// The values that follow it, in order; none for a flag.
    public let values: [ValueDeclaration]
    /// One line: what it does.
    public let help: String
    /// Whether it may be given more than once.
    public let repeats: Bool

    public init(_ names: [String], _ values: [ValueDeclaration] = [], help: String, repeats: Bool = false) {
        self.names = names
        self.values = values
        self.help = help
        self.repeats = repeats
    }

    /// A flag: an option without values.
    public static func flag(_ names: String..., help: String) -> OptionDeclaration {
        OptionDeclaration(names, help: help)
    }

    /// `--help`, which every tool command takes.
    public static let helpFlag = OptionDeclaration(["-h", "--help"], help: "show this help")

    /// The name it is known by: its longest spelling.
    public var name: String { names.max { $0.count < $1.count } ?? "" }

    /// `-l, --locator URL|PATH`; `radius=KM` for an option written `name=VALUE`.
    public var synopsis: String { spelled(names.joined(separator: ", ")) }

    /// `--locator URL|PATH`, as a usage line shows it.
    public var shortSynopsis: String { spelled(name) }

    private func spelled(_ names: String) -> String {
        let placeholders = values.map(\.placeholder).joined(separator: " ")
        if placeholders.isEmpty { return names }
        return names + (names.hasSuffix("=") ? "" : " ") + placeholders
    }
}
