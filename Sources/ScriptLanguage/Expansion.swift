/// Replaces the variables of a command's words, within a budget: a command line may not grow past
/// `maximumBytes` once expanded, so neither can a variable set from one. The sizes are
/// added up before anything is built, so `set b $a$a$a…` with a megabyte-long `$a` fails at once instead
/// of allocating gigabytes.
public enum Expansion {
    /// The most an expanded command line — and so a variable's value — may hold: 16 MiB of UTF-8.
    public static let maximumBytes = 16 * 1024 * 1024

    /// Each word's value with its variables replaced by `lookup`'s answer. Throws for an unknown variable,
    /// and when the words together (with one separator between each) would exceed `limit` bytes.
    public static func expand(
        _ words: [Word], limit: Int = maximumBytes, lookup: (String) -> String?
    ) throws(TokenizerError) -> [String] {
        // Sizes only: counting is cheap even for a line that would be gigabytes once built.
        var total = max(words.count - 1, 0)
        var variables: [String: (bytes: Int, uses: Int)] = [:]
        for word in words {
            for part in word.parts {
                switch part {
                case .literal(let text):
                    total = adding(text.utf8.count, to: total)
                case .variable(let name):
                    guard let value = lookup(name) else { throw TokenizerError(message: "unknown variable $\(name)", column: 0) }
                    let bytes = value.utf8.count
                    variables[name] = (bytes, (variables[name]?.uses ?? 0) + 1)
                    total = adding(bytes, to: total)
                case let .variableWithDefault(name, fallback):
                    total = adding((lookup(name) ?? fallback).utf8.count, to: total)
                }
            }
        }
        guard total <= limit else {
            let culprit = variables.max { $0.value.bytes * $0.value.uses < $1.value.bytes * $1.value.uses }
            throw tooLarge(total: total, limit: limit, culprit: culprit.map { ($0.key, $0.value.bytes, $0.value.uses) })
        }
        var expanded: [String] = []
        expanded.reserveCapacity(words.count)
        for word in words {
            expanded.append(try word.expand(lookup))
        }
        return expanded
    }

    /// A sum that stops growing instead of overflowing.
    private static func adding(_ bytes: Int, to total: Int) -> Int {
        total > Int.max / 2 - bytes ? Int.max / 2 : total + bytes
    }

    /// `expanding $a (1 MiB) 5000 times makes this line 4.9 GiB, more than the 16 MiB a line or a variable may hold`.
    private static func tooLarge(total: Int, limit: Int, culprit: (name: String, bytes: Int, uses: Int)?) -> TokenizerError {
        let size = ByteSize.text(total), most = ByteSize.text(limit)
        let tail = size == most
            ? "makes this line larger than \(most), the most a line or a variable may hold"
            : "makes this line \(size), more than the \(most) a line or a variable may hold"
        guard let culprit, culprit.bytes > 0 else { return TokenizerError(message: "expanding its variables " + tail, column: 0) }
        let times = culprit.uses == 1 ? "" : " \(culprit.uses) times"
        return TokenizerError(message: "expanding $\(culprit.name) (\(ByteSize.text(culprit.bytes)))\(times) " + tail, column: 0)
    }
}
