import FoundationFree
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One word of a hurl capture or assertion line: a quoted string, a `/regex/`, a `{{variable}}`, bytes
/// (`hex,…;`, `base64,…;`), a file (`file,name;`), a backtick string, or a bare word.
enum HurlToken: Equatable {
    case word(String)
    case string(String)
    case regex(String)
    case variable(String)
    case bytes([UInt8])
    case file(String)

    /// The text of a string-like token, the name of a variable as `{{name}}`.
    var text: String {
        switch self {
        case .word(let text), .string(let text), .regex(let text), .file(let text): text
        case .variable(let name): "{{\(name)}}"
        case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Splits a line into tokens, stopping at a `#` comment outside a token.
    static func split(_ line: Substring) throws(HurlSyntaxError) -> [HurlToken] {
        var tokens: [HurlToken] = []
        var rest = line[...]
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard let first = rest.first else { break }
            switch first {
            case "#":
                return tokens
            case "\"", "`":
                let (text, after) = try quoted(rest, closing: first)
                tokens.append(.string(text))
                rest = after
            case "/":
                let (text, after) = try quoted(rest, closing: "/", regex: true)
                tokens.append(.regex(text))
                rest = after
            case "{" where rest.hasPrefix("{{"):
                let inner = rest.dropFirst(2)
                guard let close = Template.closing(in: inner) else { throw HurlSyntaxError("an unclosed {{") }
                tokens.append(.variable(String(inner[..<close]).trimmingBlanks()))
                rest = inner[close...].dropFirst(2)
            default:
                if rest.hasPrefix("file,") {
                    guard let end = rest.firstIndex(of: ";") else { throw HurlSyntaxError("file, without its closing ;") }
                    tokens.append(.file(String(rest.dropFirst(5)[..<end]).trimmingBlanks()))
                    rest = rest[rest.index(after: end)...]
                } else if rest.hasPrefix("hex,") || rest.hasPrefix("base64,") {
                    guard let end = rest.firstIndex(of: ";") else { throw HurlSyntaxError("bytes without their closing ;") }
                    let bytes = try HurlBytes.decode(rest[..<end])
                    tokens.append(.bytes(bytes))
                    rest = rest[rest.index(after: end)...]
                } else {
                    let end = rest.firstIndex { $0 == " " || $0 == "\t" } ?? rest.endIndex
                    tokens.append(.word(String(rest[..<end])))
                    rest = rest[end...]
                }
            }
        }
        return tokens
    }

    /// A quoted string from its opening character to the closing one, escapes decoded (a regex keeps its
    /// backslashes, but for `\/`).
    private static func quoted(_ text: Substring, closing: Character, regex: Bool = false) throws(HurlSyntaxError) -> (String, Substring) {
        var result = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            if character == closing { return (result, text[text.index(after: index)...]) }
            if character == "\\" {
                let next = text.index(after: index)
                guard next < text.endIndex else { break }
                if regex {
                    if text[next] != "/" { result.append("\\") }
                    result.append(text[next])
                    index = text.index(after: next)
                    continue
                }
                let (decoded, after) = HurlEscape.decode(text, at: next)
                result += decoded
                index = after
                continue
            }
            result.append(character)
            index = text.index(after: index)
        }
        throw HurlSyntaxError("a string without its closing \(closing)")
    }
}

/// A hurl line that does not parse; the reader adds the file and line.
struct HurlSyntaxError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// hurl's escapes: `\"`, `\\`, `\#`, `\:`, `\n`, `\t`, `\r`, `\b`, `\f`, `\u{XXXX}`.
enum HurlEscape {
    /// The character escaped after the backslash at `index - 1`, and where reading goes on.
    static func decode(_ text: Substring, at index: Substring.Index) -> (String, Substring.Index) {
        let character = text[index]
        let after = text.index(after: index)
        switch character {
        case "n": return ("\n", after)
        case "t": return ("\t", after)
        case "r": return ("\r", after)
        case "b": return ("\u{08}", after)
        case "f": return ("\u{0C}", after)
        case "u":
            guard after < text.endIndex, text[after] == "{", let close = text[after...].firstIndex(of: "}") else { return ("u", after) }
            let hex = text[text.index(after: after)..<close]
            guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else { return ("u", after) }
            return (String(Character(scalar)), text.index(after: close))
        default: return (String(character), after)
        }
    }

    /// Every escape in `text` decoded, nothing else changed.
    static func decodeAll(_ text: Substring) -> String {
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "\\", text.index(after: index) < text.endIndex {
                let (decoded, after) = decode(text, at: text.index(after: index))
                result += decoded
                index = after
                continue
            }
            result.append(text[index])
            index = text.index(after: index)
        }
        return result
    }

    /// An unquoted key or value with its escapes decoded and a trailing `# comment` taken off.
    static func unquoted(_ text: Substring) -> String {
        var end = text.startIndex
        var previous: Character?
        while end < text.endIndex {
            let character = text[end]
            if character == "#" && (previous == nil || previous == " " || previous == "\t") { break }
            previous = character
            end = text.index(after: end)
        }
        return decodeAll(text[..<end]).trimmingBlanks()
    }
}

/// `hex,…;` and `base64,…;` bytes.
enum HurlBytes {
    static func decode(_ text: Substring) throws(HurlSyntaxError) -> [UInt8] {
        if text.hasPrefix("hex,") {
            let digits = Array(text.dropFirst(4).utf8.filter { $0 != 0x20 })
            guard digits.count % 2 == 0 else { throw HurlSyntaxError("hex bytes of odd length") }
            var bytes: [UInt8] = []
            for offset in stride(from: 0, to: digits.count, by: 2) {
                guard let high = HexDigits.value(of: digits[offset]), let low = HexDigits.value(of: digits[offset + 1]) else {
                    throw HurlSyntaxError("hex bytes with a character that is not a hex digit")
                }
                bytes.append(high << 4 | low)
            }
            return bytes
        }
        // hurl accepts padding past what the length needs (`…+/==` after a whole group): drop the extra.
        var digits = String(text.dropFirst(7)).filter { !$0.isWhitespace }
        while digits.hasSuffix("="), digits.count % 4 != 0 || digits.dropLast().hasSuffix("==") { digits.removeLast() }
        guard let data = Data(base64Encoded: digits) else {
            throw HurlSyntaxError("base64 bytes that do not decode")
        }
        return Array(data)
    }
}
