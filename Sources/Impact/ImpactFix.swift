import ScriptLanguage
/// The edits `impact --fix` makes to one line: words replaced, items added, and the `# impact: …`
/// comments written above it for what a person must decide.
struct ImpactLineFix: Sendable, Equatable {
    /// Command index on the line, word index in the command → the new word as typed.
    var replacements: [Int: [Int: String]] = [:]
    /// Command index → words added at the end.
    var appended: [Int: [String]] = [:]
    var comments: [String] = []

    var changesText: Bool { !replacements.isEmpty || !appended.isEmpty }
}

/// Writes the migrated script: the mechanical edits applied in place, every other byte as the script had
/// it (line endings, spacing, comments, variable references such as `${env.KEY:-fallback}`).
enum ImpactFixWriter {
    /// `text` is the script as read; `fixes` by line number (1-based, as `ImpactCommand.lines` numbers them).
    static func migrated(_ text: String, fixes: [Int: ImpactLineFix]) -> String {
        guard !fixes.isEmpty else { return text }
        // Split by bytes: a String splits `\r\n` as one character, not as a line break.
        let carriageReturn = UInt8(ascii: "\r")
        var output: [String] = []
        for (index, raw) in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            guard let fix = fixes[index + 1] else {
                output.append(String(decoding: raw, as: UTF8.self))
                continue
            }
            let ending = raw.last == carriageReturn ? "\r" : ""
            let line = String(decoding: ending.isEmpty ? raw : raw.dropLast(), as: UTF8.self)
            let indent = line.prefix { $0 == " " || $0 == "\t" }
            // A comment names the document's words (operations, parameters, values): shown, never a line break.
            output += fix.comments.map { indent + "# impact: " + Tokenizer.commentText($0) + ending }
            output.append(fix.changesText ? rewritten(line, fix: fix, firstLine: index == 0) + ending : line + ending)
        }
        return output.joined(separator: "\n")
    }

    /// The line with each replaced word's bytes swapped for the new word and each added word written after
    /// its command's last word; everything between words (spacing, `;`, a trailing comment) stays.
    private static func rewritten(_ line: String, fix: ImpactLineFix, firstLine: Bool) -> String {
        // The scanner reads a first line without its byte order mark, so the words are numbered without it.
        let mark = firstLine && line.hasPrefix("\u{FEFF}") ? "\u{FEFF}" : ""
        let bytes = Array(line.utf8.dropFirst(mark.utf8.count))
        var edits: [(span: Range<Int>, text: String)] = []
        for (commandIndex, command) in Tokenizer.parseTolerantly(String(decoding: bytes, as: UTF8.self), takesOperators: nil).enumerated() {
            let spans = command.wordSpans
            for (wordIndex, text) in fix.replacements[commandIndex] ?? [:] where spans.indices.contains(wordIndex) {
                edits.append((spans[wordIndex], text))
            }
            if let added = fix.appended[commandIndex], let last = spans.last {
                edits.append((last.upperBound..<last.upperBound, added.map { " " + $0 }.joined()))
            }
        }
        var result = bytes
        for edit in edits.sorted(by: { $0.span.lowerBound > $1.span.lowerBound }) {
            result.replaceSubrange(edit.span, with: Array(edit.text.utf8))
        }
        return mark + String(decoding: result, as: UTF8.self)
    }
}
