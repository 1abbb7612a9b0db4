import Shell
import TestSupport
import ScriptLanguage
import Scripts

/// Command lines through the tokenizer and `$var` expansion (with a small cap, so it is reached often).
/// Must hold: no crash or hang; the tokenizer splits exactly as the scalar-based one it replaced
/// (`ReferenceLineScanner`), words and errors alike; words are never empty text; a line that expands
/// stays within the cap; a word without variables expands to its literal. And the other way: the line
/// itself and every expanded word, as a word, quoted by `Tokenizer.quote` reads back as exactly that word
/// (alone, after a command, twice glued together, with operators on), or is refused when it holds a line
/// break; as comment text it stays one comment on one line.
struct TokenizerTarget: FuzzTarget {
    let name = "tokenizer"
    private let limit = 1 << 20
    private let variables: [String: String] = [
        "a": "value", "b": "$a", "q": "'\"$;#\\", "empty": "", "env.HOME": "/home/fuzz",
        "big": String(repeating: "x", count: 64 * 1024), "uni": "é\u{301}😀",
    ]
    private let pieces = [
        " ", "  ", "\t", "'", "\"", "\\", "$", "${", "}", ":-", ";", "#", "$a", "$b", "$big", "${big}", "$env.HOME",
        "${a:-x}", "${nope:-fallback}", "$nope", "$.", "$1", "é", "\u{301}", "😀", "=", "==", ":=", "$$", "\\\"", "a.b",
        "get", "set", "auth bearer ", "header X-Token ", "'quoted text'", "\"dq $a\"", "${uni}", "\r", "\n", "\0",
        "|", ">", ">>", "<", "<<", "@", "{", "'\\''", " | touch PWNED #", "\r\n", "\u{2028}",
    ].map { Array($0.utf8) }

    mutating func generate(using random: inout SeededRandom) -> [UInt8] {
        var line: [UInt8] = []
        let count = random.length(upTo: 200)
        for _ in 0..<count {
            if random.chance(70) {
                line += random.pick(pieces)
            } else {
                line.append(UInt8(ascii: "a") + UInt8(random.below(26)))
            }
        }
        if random.chance(3) {
            // Enough big expansions to pass the cap.
            line += Array("set z ".utf8) + Array(repeating: Array("$big".utf8), count: 10 + random.below(30)).flatMap { $0 }
        }
        if random.chance(10) { line.mutate(using: &random, dictionary: pieces) }
        return line
    }

    mutating func run(_ input: [UInt8]) throws(FuzzFailure) {
        let line = String(decoding: input, as: UTF8.self)
        try checkQuoting(line)
        var reference = ReferenceLineScanner(line)
        let expected = Result { () throws(TokenizerError) in try reference.commands() }
        let actual = Result { () throws(TokenizerError) in try Tokenizer.split(line) }
        switch (expected, actual) {
        case let (.success(old), .success(new)) where old != new:
            throw FuzzFailure("the tokenizer splits differently from the reference: \(new) vs \(old)")
        case let (.failure(old), .failure(new)) where old != new:
            throw FuzzFailure("the tokenizer fails differently from the reference: \(new) vs \(old)")
        case (.success, .failure(let error)), (.failure(let error), .success):
            throw FuzzFailure("only one of the tokenizer and the reference fails: \(error)")
        default:
            break
        }
        guard case .success(let commands) = actual else { return }
        for words in commands {
            if words.contains(where: { $0.text.isEmpty }) { throw FuzzFailure("a word with empty text") }
            let expanded: [String]
            do {
                expanded = try Expansion.expand(words, limit: limit) { variables[$0] }
            } catch {
                continue
            }
            let total = expanded.reduce(max(words.count - 1, 0)) { $0 + $1.utf8.count }
            if total > limit { throw FuzzFailure("expanded to \(total) bytes, over the cap of \(limit)") }
            for (word, value) in zip(words, expanded) {
                if let literal = word.literal, literal != value {
                    throw FuzzFailure("literal word '\(literal)' expanded to '\(value)'")
                }
                if value.utf8.count <= 4096 { try checkQuoting(value) }
            }
        }
    }

    /// `Tokenizer.quote(word)` parsed back is `word`, or `quote` refuses a word with a line break.
    private func checkQuoting(_ word: String) throws(FuzzFailure) {
        let comment = "# " + Tokenizer.commentText(word)
        if comment.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) { throw FuzzFailure("comment text holds a line break: \(comment)") }
        if (try? Tokenizer.split(comment))?.isEmpty != true { throw FuzzFailure("comment text is not a comment: \(comment)") }
        let hasLineBreak = word.utf8.contains { $0 == 0x0A || $0 == 0x0D }
        let quoted: String
        do {
            quoted = try Tokenizer.quote(word)
        } catch {
            if hasLineBreak { return }
            throw FuzzFailure("quote refused a word without a line break: \(error)")
        }
        if hasLineBreak { throw FuzzFailure("quote wrote a word with a line break: \(quoted)") }
        let cases: [(line: String, words: [String])] = [
            (quoted, [word]), ("call " + quoted + " 7", ["call", word, "7"]), ("get " + quoted + quoted, ["get", word + word]),
        ]
        for (line, words) in cases {
            let commands: [ParsedCommand]
            do {
                commands = try Tokenizer.parse(line) { _ in true }
            } catch {
                throw FuzzFailure("quoted word does not parse: \(line): \(error)")
            }
            guard commands.count == 1, commands[0].input == nil, commands[0].output == nil,
                  commands[0].words.map(\.literal) == words.map(Optional.some) else {
                throw FuzzFailure("quoted word reads back otherwise: \(line) → \(commands)")
            }
        }
    }
}
