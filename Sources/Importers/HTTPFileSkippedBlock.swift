/// Lines of a `.http` file that hold no request and that apish skips whole: a `/* … */` comment, an httpyac
/// `{{ … }}` script, a GraphQL `fragment … on …` (to the blank line) or `gql NAME < file` before the
/// request, and, after a response status line, the rest of the block.
enum HTTPFileSkippedBlock {
    case comment
    case script(line: Int)
    case fragment(line: Int)
    case fileFragment(line: Int)
    /// Everything to the end of the block (a response example).
    case rest

    /// The block `line` opens, nil when it opens none.
    init?(opening line: String, line number: Int, beforeRequest: Bool) {
        if line == "/*" {
            self = .comment
        } else if line.hasPrefix("{{"), !line.contains("}}"), line.dropFirst(2).drop(while: { $0 == "+" || $0 == "@" }).allSatisfy({ $0.isLetter || $0.isNumber }) {
            self = .script(line: number)
        } else if beforeRequest, line.hasPrefix("fragment "), line.split(separator: " ").dropFirst(2).first == "on" {
            self = .fragment(line: number)
        } else if beforeRequest, line.hasPrefix("gql "), line.contains(" < ") {
            self = .fileFragment(line: number)
        } else {
            return nil
        }
    }

    /// Whether `line` (trimmed) is the block's last.
    func ends(at line: String) -> Bool {
        switch self {
        case .comment: line == "*/"
        case .script: line == "}}"
        case .fragment: line.isEmpty
        case .fileFragment, .rest: false
        }
    }

    /// A `gql NAME < file` line is a block of one line.
    var isSingleLine: Bool {
        if case .fileFragment = self { true } else { false }
    }

    /// What the import notes it as untranslated, once per kind; nil for a comment.
    var kind: String? {
        switch self {
        case .comment, .rest: nil
        case .script: "httpyac script"
        case .fragment, .fileFragment: "GraphQL fragment"
        }
    }

    /// The line it opened at.
    var line: Int {
        switch self {
        case .script(let line), .fragment(let line), .fileFragment(let line): line
        case .comment, .rest: 0
        }
    }
}
