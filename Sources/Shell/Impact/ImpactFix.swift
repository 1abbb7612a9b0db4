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

/// Writes the migrated script: the mechanical edits applied, every other line left as it was.
enum ImpactFixWriter {
    /// `lines` are the script's lines as read; `fixes` by line number (1-based).
    static func migrated(lines: [String], fixes: [Int: ImpactLineFix]) -> String {
        var output: [String] = []
        for (index, line) in lines.enumerated() {
            guard let fix = fixes[index + 1] else {
                output.append(line)
                continue
            }
            let indent = String(line.prefix { $0 == " " || $0 == "\t" })
            // A comment names the document's words (operations, parameters, values): shown, never a line break.
            output += fix.comments.map { indent + "# impact: " + Tokenizer.commentText($0) }
            output.append(fix.changesText ? rewritten(line, fix: fix, indent: indent) : line)
        }
        return output.joined(separator: "\n") + "\n"
    }

    /// The line rebuilt from its words as typed (quotes kept), with the edits: only the spacing between
    /// words can change.
    private static func rewritten(_ line: String, fix: ImpactLineFix, indent: String) -> String {
        guard let commands = try? Tokenizer.split(line) else { return line }
        let rebuilt = commands.enumerated().map { commandIndex, words in
            var texts = words.map(\.text)
            for (wordIndex, text) in fix.replacements[commandIndex] ?? [:] where texts.indices.contains(wordIndex) {
                texts[wordIndex] = text
            }
            texts += fix.appended[commandIndex] ?? []
            return texts.joined(separator: " ")
        }
        return indent + rebuilt.joined(separator: "; ")
    }
}
