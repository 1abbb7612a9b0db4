import ScriptLanguage
/// The edits `impact --fix` makes to one line: words replaced, items added, and the `# impact: …`
/// comments written above it for what a person must decide. The edits name the bytes of the line they
/// change (the spans of the statement's words that the scanner read), so the writer never splits the line
/// again and an edit cannot land on another command's words.
struct ImpactLineFix: Sendable, Equatable {
    /// A word's span in the line → the new word as typed.
    var replacements: [Range<Int>: String] = [:]
    /// A byte offset (the end of a statement's last word) → the words added there, in order.
    var appended: [Int: [String]] = [:]
    var comments: [String] = []

    var changesText: Bool { !replacements.isEmpty || !appended.isEmpty }

    /// Adds another statement's edits of the same line.
    mutating func merge(_ other: ImpactLineFix) {
        replacements.merge(other.replacements) { _, new in new }
        appended.merge(other.appended) { old, new in old + new }
        comments += other.comments
    }
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

    /// The line with each replaced word's bytes swapped for the new word and each added word written where
    /// the fix says (after its statement's last word); everything between words (spacing, `;`, `|`, a
    /// trailing comment) stays.
    private static func rewritten(_ line: String, fix: ImpactLineFix, firstLine: Bool) -> String {
        // The scanner reads a first line without its byte order mark, so the spans are counted without it.
        let mark = firstLine && line.hasPrefix("\u{FEFF}") ? "\u{FEFF}" : ""
        var result = Array(line.utf8.dropFirst(mark.utf8.count))
        var edits = fix.replacements.map { (span: $0.key, text: $0.value) }
        edits += fix.appended.map { (span: $0.key..<$0.key, text: $0.value.map { " " + $0 }.joined()) }
        // From the end backwards, an insertion before the replacement that ends where it stands.
        for edit in edits.sorted(by: { ($0.span.lowerBound, $0.span.upperBound) > ($1.span.lowerBound, $1.span.upperBound) })
        where edit.span.upperBound <= result.count {
            result.replaceSubrange(edit.span, with: Array(edit.text.utf8))
        }
        return mark + String(decoding: result, as: UTF8.self)
    }
}
