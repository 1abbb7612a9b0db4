/// Whether output may carry ANSI colour, and the few styles the shell uses.
///
/// Colour is decided once (terminal, `--no-color`, `NO_COLOR`) and passed down, so renderers stay pure
/// functions that tests can call with `.plain` or `.colored`.
public struct TextStyle: Sendable, Equatable {
    public var color: Bool

    public init(color: Bool) {
        self.color = color
    }

    public static let plain = TextStyle(color: false)
    public static let colored = TextStyle(color: true)

    public func bold(_ text: String) -> String { wrap(text, code: "1") }
    public func dim(_ text: String) -> String { wrap(text, code: "2") }
    public func red(_ text: String) -> String { wrap(text, code: "31") }
    public func green(_ text: String) -> String { wrap(text, code: "32") }
    public func yellow(_ text: String) -> String { wrap(text, code: "33") }
    public func magenta(_ text: String) -> String { wrap(text, code: "35") }
    public func cyan(_ text: String) -> String { wrap(text, code: "36") }

    private func wrap(_ text: String, code: String) -> String {
        guard color, !text.isEmpty else { return text }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
