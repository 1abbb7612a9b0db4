/// Prose fitted to the terminal: lines broken at spaces, continuation lines indented (a hanging indent),
/// as `git` and `gh` print their messages.
///
/// Widths are display widths, so Korean text or emoji break where the terminal would. A word wider than
/// a whole line is broken inside; everything else breaks only at spaces. Callers redact before wrapping,
/// so a secret is never split in a way the redactor could miss.
package enum TextWrapper {
    /// `text` as lines of at most `width` columns, without their `\n`.
    ///
    /// - Parameters:
    ///   - width: the columns available; ≤ 0 means no limit (piped output), and each paragraph stays one line.
    ///   - hangingIndent: spaces before every line after the first of a paragraph. It shrinks on a very
    ///     narrow terminal so that a continuation line always has room for some text.
    ///   - firstLineWidth: the columns available to the first line when something already stands before it
    ///     (a label), else `width`.
    /// - Returns: one or more lines; `\n` in `text` starts a new paragraph, whose first line is not indented.
    /// `breaksWords` false keeps a word wider than a line (a URL) whole, on a line of its own.
    package static func wrap(
        _ text: String, width: Int, hangingIndent: Int = 2, firstLineWidth: Int? = nil, breaksWords: Bool = true
    ) -> [String] {
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard width > 0 else { return paragraphs }
        let indentWidth = min(max(hangingIndent, 0), width / 2)
        let indent = String(repeating: " ", count: indentWidth)
        var lines: [String] = []
        for (position, paragraph) in paragraphs.enumerated() {
            let first = position == 0 ? (firstLineWidth ?? width) : width
            lines += wrapParagraph(paragraph, firstWidth: max(first, 1), width: width, indent: indent, breaksWords: breaksWords)
        }
        return lines
    }

    /// The lines of `text`, each followed by `\n`, joined: `wrap` for callers that print.
    package static func wrapped(_ text: String, width: Int, hangingIndent: Int = 2) -> String {
        wrap(text, width: width, hangingIndent: hangingIndent).map { $0 + "\n" }.joined()
    }

    private static func wrapParagraph(_ paragraph: String, firstWidth: Int, width: Int, indent: String, breaksWords: Bool) -> [String] {
        var lines: [String] = []
        // Leading spaces (an indented paragraph) stay; they are not a place to break.
        let leading = paragraph.prefix { $0 == " " }
        var line = String(leading)
        var lineWidth = leading.count
        var limit = firstWidth
        var atLineStart = true
        // Spaces seen since the last word: kept inside a line, dropped where the line breaks.
        var pendingSpaces = ""

        func breakLine() {
            lines.append(line)
            line = indent
            lineWidth = indent.count
            limit = width
            atLineStart = true
        }

        for token in tokens(of: String(paragraph.dropFirst(leading.count))) {
            switch token {
            case .spaces(let spaces):
                pendingSpaces += spaces
            case .word(let word):
                let wordWidth = DisplayWidth.of(word)
                let spaceWidth = atLineStart ? 0 : pendingSpaces.count
                if lineWidth + spaceWidth + wordWidth <= limit {
                    line += (atLineStart ? "" : pendingSpaces) + word
                    lineWidth += spaceWidth + wordWidth
                } else {
                    if !atLineStart { breakLine() }
                    var rest = Substring(word)
                    // A word wider than a whole line is cut into line-sized pieces.
                    while breaksWords, DisplayWidth.of(String(rest)) > limit - lineWidth {
                        let piece = prefix(of: rest, fitting: max(limit - lineWidth, 1))
                        line += piece
                        rest = rest.dropFirst(piece.count)
                        breakLine()
                    }
                    line += rest
                    lineWidth += DisplayWidth.of(String(rest))
                }
                atLineStart = false
                pendingSpaces = ""
            }
        }
        lines.append(line)
        return lines.map { RowsRenderer.trimmingTrailingBlanks($0) }
    }

    private enum Token {
        case word(String)
        case spaces(String)
    }

    private static func tokens(of text: String) -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var inSpaces = false
        for character in text {
            let isSpace = character == " "
            if isSpace != inSpaces, !current.isEmpty {
                tokens.append(inSpaces ? .spaces(current) : .word(current))
                current = ""
            }
            inSpaces = isSpace
            current.append(character)
        }
        if !current.isEmpty { tokens.append(inSpaces ? .spaces(current) : .word(current)) }
        return tokens
    }

    /// The longest prefix of `text` at most `width` columns wide (at least one character, so progress is made).
    private static func prefix(of text: Substring, fitting width: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let columns = DisplayWidth.of(character)
            if used + columns > width, !result.isEmpty { break }
            result.append(character)
            used += columns
        }
        return result
    }
}
