#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree

/// An RFC 6901 JSON Pointer: `/components/schemas/Pet`, or as a URI fragment `#/components/schemas/Pet`.
///
/// Tokens are unescaped (`~1` → `/`, `~0` → `~`); in the fragment form they are percent-decoded first, as
/// RFC 6901 §6 requires (`#/paths/~1pets~1%7Bid%7D` names the member `/pets/{id}`). `description` gives the
/// fragment form with escapes but without percent-encoding, which reads best in messages and parses back.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// The reference tokens, unescaped; empty for the whole document.
    public let tokens: [String]

    public init(tokens: [String] = []) {
        self.tokens = tokens
    }

    /// Parses `#/a/b`, `#`, `/a/b` or `` (the whole document); `nil` for text that is neither form or
    /// holds a `~` not followed by `0` or `1`.
    public init?(_ text: String) {
        var body = Substring(text)
        // By byte, as below: `#` or `/` followed by a combining mark is one `Character`.
        let isFragment = body.utf8.first == UInt8(ascii: "#")
        if isFragment { body = Substring(body.utf8.dropFirst()) }
        guard !body.isEmpty else {
            self.init()
            return
        }
        guard body.utf8.first == UInt8(ascii: "/") else { return nil }
        var tokens: [String] = []
        // Split by byte: a split by `Character` walked grapheme clusters, 17,000 instructions for a `$ref`
        // like `#/components/schemas/account` (3% of a spec diff of Stripe's). `/` is ASCII, so every piece
        // starts and ends on a scalar.
        for bytes in body.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            let raw = Substring(bytes)
            let decoded = isFragment && bytes.contains(UInt8(ascii: "%")) ? PercentEncoding.decode(raw) : String(raw)
            guard let token = Self.unescape(decoded) else { return nil }
            tokens.append(token)
        }
        self.init(tokens: tokens)
    }

    /// The whole document.
    public static let root = JSONPointer()

    public var isRoot: Bool { tokens.isEmpty }

    /// The last token, if any (`Pet` for `#/components/schemas/Pet`).
    public var lastToken: String? { tokens.last }

    public func appending(_ token: String) -> JSONPointer {
        // Sized once, without the array `tokens + [token]` would make for the one token: a schema graph
        // appends once per subschema. Copied token by token: `append(contentsOf:)` copies an array of
        // strings through the runtime's generic copy, a call per token through its value witnesses (four
        // times the instructions; 2% of a spec diff of Stripe's description).
        var next: [String] = []
        next.reserveCapacity(tokens.count + 1)
        for existing in tokens { next.append(existing) }
        next.append(token)
        return JSONPointer(tokens: next)
    }

    public func appending(_ index: Int) -> JSONPointer {
        appending(String(index))
    }

    /// The value this pointer names inside `document`; `nil` when a step is missing. Array steps must be
    /// decimal indexes without leading zeros (`-`, "past the end", names nothing).
    public func resolve(in document: JSONValue) -> JSONValue? {
        var current = document
        for token in tokens {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Self.arrayIndex(token), index < elements.count else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// `#/a~1b/c~0d`.
    public var description: String {
        var text = "#"
        for token in tokens {
            text += "/" + Self.escape(token)
        }
        return text
    }

    private static func arrayIndex(_ token: String) -> Int? {
        guard let first = token.utf8.first, token.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              first != UInt8(ascii: "0") || token.utf8.count == 1
        else { return nil }
        return Int(token)
    }

    private static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        return token.replacingAll("~", with: "~0").replacingAll("/", with: "~1")
    }

    /// `~0` → `~`, `~1` → `/`, read by code point (`~1` then a combining mark is an escape too).
    private static func unescape(_ token: String) -> String? {
        guard token.utf8.contains(UInt8(ascii: "~")) else { return token }
        var result = String.UnicodeScalarView()
        var iterator = token.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "~" else {
                result.append(scalar)
                continue
            }
            switch iterator.next() {
            case "0": result.append("~")
            case "1": result.append("/")
            default: return nil
            }
        }
        return String(result)
    }
}
