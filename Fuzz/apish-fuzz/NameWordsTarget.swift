import Foundation
import JSON
import Secrets
import TestSupport

/// Secret names read as words: a JSON object whose member names join credential words, describing words
/// (`tokens`, `count`) and plain ones with `_`, `-`, `.`, digits and camelCase. What must hold: a name is a
/// credential exactly when it has a credential word (`key` only beside a word that qualifies it) and no
/// describing one; the masked text of the object
/// still parses as JSON; no string under a credential name survives; numbers and booleans are never masked.
/// An input is the object's text.
struct NameWordsTarget: FuzzTarget {
    let name = "names"
    private let credentialWords = ["token", "secret", "password", "passwd", "pass", "pwd", "key", "apikey", "sig",
                                   "signature", "auth", "credential"]
    private let describingWords = ["tokens", "count", "max", "total", "type", "length", "url"]
    private let plainWords = ["github", "prod", "db", "client", "access", "my", "amz", "custom", "prompt", "user",
                              "city", "monkey", "keyboard", "author", "passkey", "tokenizer", "v"]
    private let separators = ["_", "-", ".", "2", "10", ""]
    private let keyQualifiers: Set<String> = ["api", "private", "secret", "access", "client", "signing", "encryption", "master",
                                              "auth", "session", "license", "licence", "consumer", "subscription", "app",
                                              "account", "service"]

    mutating func generate(using random: inout SeededRandom) -> [UInt8] {
        var members: [(String, JSONValue)] = []
        for index in 0..<(1 + random.below(6)) {
            var words: [String] = []
            for _ in 0..<(1 + random.below(4)) {
                switch random.below(4) {
                case 0: words.append(random.pick(credentialWords))
                case 1: words.append(random.pick(describingWords))
                default: words.append(random.pick(plainWords))
                }
            }
            var name = words[0]
            for word in words.dropFirst() {
                let separator = random.pick(separators)
                // Words joined with nothing between them join camelCase, or they would be one word.
                name += separator.isEmpty ? word.prefix(1).uppercased() + word.dropFirst() : separator + word
            }
            let value: JSONValue = switch random.below(4) {
            case 0: .number(JSONNumber(random.below(100_000)))
            case 1: .bool(random.chance(50))
            default: .string("v\(index)Q" + String(random.below(1_000_000)))
            }
            members.append((name + String(index), value))
        }
        return Array(JSONValue.object(JSONObject(members)).encoded().utf8)
    }

    mutating func run(_ input: [UInt8]) throws(FuzzFailure) {
        let text = String(decoding: input, as: UTF8.self)
        guard case .object(let object)? = try? JSONValue.parse(text) else { return }
        let value = JSONValue.object(object)
        // Bodies are masked member by member, then written; text is masked by its `name: value` patterns,
        // which read header-shaped names only (letters, digits, `-`, `_`).
        let outputs = [(Redactor().redact(value).encoded(), false), (Redactor().redact(value).encoded(pretty: true), false),
                       (Redactor().redact(text), true), (Redactor().redact(value.encoded(pretty: true)), true)]
        for (masked, isText) in outputs {
            guard let parsed = try? JSONValue.parse(masked), case .object(let after) = parsed else {
                throw FuzzFailure("masked text is no JSON object: \(masked)")
            }
            for (key, value) in zip(object.keys, object.values) {
                let expected = expectedCredential(key)
                if Redactor.isCredentialName(key) != expected {
                    throw FuzzFailure("'\(key)' read as \(expected ? "no credential" : "a credential")")
                }
                switch value {
                case .string(let secret) where expected && (!isText || !key.contains(".")):
                    if masked.contains(secret) { throw FuzzFailure("'\(key)': \(secret) survived in \(masked)") }
                case .number, .bool:
                    if after[key] != value { throw FuzzFailure("'\(key)': \(value) masked in \(masked)") }
                default:
                    break
                }
            }
        }
    }

    /// The oracle: split the name the way it was built, and read its words.
    private func expectedCredential(_ name: String) -> Bool {
        var words: [String] = []
        var current = ""
        for character in name {
            if !character.isLetter {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = ""
            } else if character.isUppercase, !current.isEmpty {
                words.append(current.lowercased())
                current = String(character)
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        // `key` names a credential only beside a word that makes it one (`api_key`, `clientKey`): alone it
        // is a dictionary's or a licence's key.
        let credential = words.contains { ($0 != "key" && credentialWords.contains($0)) || $0 == "credentials" }
            || (words.contains("key") && words.contains { keyQualifiers.contains($0) })
        return credential && !words.contains { describingWords.contains($0) }
    }
}
