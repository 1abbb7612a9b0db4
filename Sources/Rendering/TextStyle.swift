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

    /// SGR codes.
    enum Code {
        package static let bold = "1", dim = "2", red = "31", green = "32", yellow = "33", magenta = "35", cyan = "36"
    }

    public func bold(_ text: String) -> String { wrap(text, code: Code.bold) }
    public func dim(_ text: String) -> String { wrap(text, code: Code.dim) }
    public func red(_ text: String) -> String { wrap(text, code: Code.red) }
    public func green(_ text: String) -> String { wrap(text, code: Code.green) }
    public func yellow(_ text: String) -> String { wrap(text, code: Code.yellow) }
    public func magenta(_ text: String) -> String { wrap(text, code: Code.magenta) }
    public func cyan(_ text: String) -> String { wrap(text, code: Code.cyan) }

    /// What `wrap` puts before and after non-empty text, for writers that emit text in pieces.
    func delimiters(_ code: String) -> (open: String, close: String) {
        color ? ("\u{1B}[\(code)m", "\u{1B}[0m") : ("", "")
    }

    private func wrap(_ text: String, code: String) -> String {
        guard color, !text.isEmpty else { return text }
        let (open, close) = delimiters(code)
        return open + text + close
    }
}
