import Shell
import TestSupport

/// Command lines through the tokenizer and `$var` expansion (with a small cap, so it is reached often).
/// Must hold: no crash or hang; the tokenizer splits exactly as the scalar-based one it replaced
/// (`ReferenceLineScanner`), words and errors alike; words are never empty text; a line that expands
/// stays within the cap; a word without variables expands to its literal.
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
            }
        }
    }
}
