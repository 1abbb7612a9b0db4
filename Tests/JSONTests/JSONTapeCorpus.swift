import TestSupport
import DemoServer
import Foundation
import FoundationFree
@testable import JSON
@testable import Secrets

/// Documents that exercise the tape, its reader and the indented writer: every escape, raw and escaped
/// separators, non-ASCII text, numbers kept as written, empty and deep containers.
enum JSONTapeCorpus {
    private static let quote = UInt8(ascii: "\"")

    /// Hand-written documents, by name.
    static let handWritten: [(name: String, bytes: [UInt8])] = {
        var cases: [(String, [UInt8])] = [
            ("short escapes", #"["\"", "\\", "\/", "\b", "\f", "\n", "\r", "\t", "a\"b\\c\/d\be\ff\ng\rh\ti", "\\u003a", "\\\""]"#),
            ("unicode escapes", #"["\u0001", "\u001f", "\u001F", "\u0000", "\u007f", "\u00e9", "\u00E9", "\u20AC", "\u20ac", "x\u0041y"]"#),
            ("escapes of what the writer escapes", #"["\u0022", "\u005c", "\u005C", "\u002f", "\u000a", "\u000D", "\u0009", "\u0008", "\u000c", "\u0020"]"#),
            ("surrogate pairs", #"["\ud83d\ude00", "\uD83D\uDE00", "\uD83d\uDe00", "x\ud834\udd1ey", "\udbff\udfff", "\ud800\udc00", "\uD83D\uDE00\uD83D\uDE00", "\uD7FF\uE000", "\u00e9\ud83d\ude00\u20ac"]"#),
            ("escaped separators", #"["\u2028", "\u2029", "a\u2028b\u2029c", "\u2027\u202A\u20A8"]"#),
            ("raw non-ASCII", "[\"é\", \"€\", \"😀\", \"𝄞\", \"中文\", \"\u{10FFFF}\", \"\u{FEFF}\", \"\u{7F}\", \"a€\", \"€b\", \"€\\n€\"]"),
            ("raw separators", "[\"\u{2028}\", \"\u{2029}\", \"a\u{2028}b\u{2029}c\", \"\u{2028}\u{2028}\", \"x\u{2028}\\n\u{2029}\\u2028\"]"),
            // E2 lead bytes that are not U+2028/U+2029: U+2027 (E2 80 A7), U+202A (E2 80 AA), U+20A8 (E2 82 A8), € (E2 82 AC).
            ("raw E2 sequences that are not separators", "[\"\u{2027}\", \"\u{202A}\", \"\u{20A8}\", \"€\", \"\u{2027}\u{2028}\u{202A}\u{2029}\u{20A8}\", \"\u{2030}\u{2000}\"]"),
            ("non-ASCII keys", "{\"é\": 1, \"caf\\u00e9s\": 2, \"\u{2028}\": 3, \"\\u2029\": 4, \"😀\": \"\\ud83d\\ude00\", \"€\": [\"€\"]}"),
            ("escaped keys", #"{"caf\u00e9": 1, "\n": 2, "a\/b": 3, "\ud83d\ude00": 4, "": 5, "\"": 6, "\\": 7, "\u0000": 8}"#),
            ("empty strings and containers", #"["", {}, [], [[]], [{}], {"": ""}, {"a": {}}, {"a": []}, [[], {}, ""]]"#),
            ("numbers as written", "[-0, 0, -0.0, 0.0, 1e400, -1e-400, 1.5E-3, 1E+2, 1e007, 123456789012345678901234567890, 9007199254740993, -9223372036854775808, 3.14159, 0.0e0]"),
            ("literals", "[true, false, null, [true], {\"t\": true, \"f\": false, \"n\": null}]"),
            ("whitespace everywhere", " \t\r\n{ \"a\" : [ 1 , 2 ,\n\t{ \"b\" :\r\n null } ] ,\"c\":\"d\" } \n"),
            ("top-level string", #""top \u00e9 \n""#),
            ("top-level raw separator", "\"\u{2028}\""),
            ("top-level number", "-12.5e+3"),
            ("top-level null", "null"),
            ("top-level empty object", "{}"),
            ("top-level empty array", " [ ] "),
            ("records", #"{"data": [{"id": 1, "name": "Ann", "tags": ["a", "b"]}, {"id": 2, "name": "B\u00f6b", "tags": []}, {"id": "3", "name": null}], "meta": {"total": 3, "next": "\/page\/2"}}"#),
            ("deep arrays", String(repeating: "[", count: 300) + "\"deep\"" + String(repeating: "]", count: 300)),
            ("deep objects", String(repeating: "{\"k\":", count: 200) + "[1, {\"x\": \"\\u00e9\"}]" + String(repeating: "}", count: 200)),
            ("deep mixed", String(repeating: "[{\"a\":", count: 120) + "null" + String(repeating: "}]", count: 120)),
            ("wide object", "{" + (0..<70).map { "\"key\($0)\": \($0)" }.joined(separator: ", ") + "}"),
        ].map { ($0.0, Array($0.1.utf8)) }
        // Raw bytes written out, so the exact sequences are certain.
        let q = quote
        let comma = UInt8(ascii: ",")
        var raw: [UInt8] = [UInt8(ascii: "[")]
        raw += [q, 0xE2, 0x82, 0xAC, q]
        raw += [comma, q, 0x61, 0xE2, 0x80, 0xA8, 0x62, q]
        raw += [comma, q, 0xE2, 0x80, 0xA9, q]
        raw += [comma, q, 0xE2, 0x80, 0xA7, 0xE2, 0x80, 0xAA, q]
        raw += [comma, q, 0xF0, 0x9F, 0x98, 0x80, 0xE2, 0x82, 0xAC, q]
        raw += [UInt8(ascii: "]")]
        cases.append(("raw bytes: lone E2 sequences", raw))
        return cases
    }()

    /// Documents with repeated keys: the tree keeps the first position and the last value.
    static let duplicateKeys: [(name: String, bytes: [UInt8])] = [
        ("duplicate keys", #"{"a": 1, "b": 2, "a": 3}"#),
        ("duplicate keys nested", #"{"x": {"a": "first", "a": "second"}, "x": {"a": "third"}}"#),
        ("duplicate keys, one escaped", #"{"caf\u00e9": 1, "café": 2}"#),
    ].map { ($0.0, Array($0.1.utf8)) }

    /// Generated documents with random escapes and whitespace (see `JSONDocumentFactory`).
    static func generated(count: Int, seed: UInt64) -> [(name: String, bytes: [UInt8])] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { index in ("generated #\(index)", Array(JSONDocumentFactory.randomDocument(using: &random).text.utf8)) }
    }

    /// The demo server's fixture files, as written for `apish serve --init`.
    static func demoFixtures() throws -> [(name: String, bytes: [UInt8])] {
        let scratch = try ScratchDirectory()
        try DemoFixtures.write(to: scratch.path)
        return try DemoFixtures.paths.map { path in
            (path, Array(try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/" + path))))
        }
    }

    /// The JSONTestSuite-style documents the parser must accept.
    static var conformance: [(name: String, bytes: [UInt8])] {
        acceptCases.map { ($0.name, $0.bytes) }
    }

    /// Every document without repeated keys.
    static func all() throws -> [(name: String, bytes: [UInt8])] {
        handWritten + conformance.filter { !$0.name.contains("duplicate") } + (try demoFixtures()) + generated(count: 400, seed: 0x7A9E_0001)
    }

    /// Every path to every value of `value` (the root included), with the value there: member keys, array
    /// indexes from both ends, and `[field=value]` steps into arrays of objects.
    static func paths(in value: JSONValue, at path: JSONPath = .root) -> [(JSONPath, JSONValue)] {
        var found = [(path, value)]
        switch value {
        case .array(let elements):
            for (position, element) in elements.enumerated() {
                found += paths(in: element, at: path.appending(.index(position)))
                found.append((path.appending(.index(position - elements.count)), element))
                // Match steps for the first few elements: each is a scan of the array.
                if position < 3, case .object(let object) = element {
                    for (key, member) in object {
                        let wanted = member.displayText
                        // The first element whose field shows this way: what a match step finds.
                        let first = elements.first { $0[key]?.displayText == wanted }
                        if let first { found.append((path.appending(.match(field: key, value: wanted)), first)) }
                    }
                }
            }
        case .object(let object):
            for (key, member) in object {
                found += paths(in: member, at: path.appending(.key(key)))
            }
        default:
            break
        }
        return found
    }

    /// Every string of a value, keys included.
    static func strings(in value: JSONValue) -> [String] {
        switch value {
        case .string(let string): [string]
        case .array(let elements): elements.flatMap(strings)
        case .object(let object): object.flatMap { [$0.key] + strings(in: $0.value) }
        default: []
        }
    }

    /// The whole indented text of a document, in pieces of `pieceSize`.
    static func indented(
        _ document: JSONDocument, marks: JSONTokenMarks = JSONTokenMarks(), redactor: Redactor? = nil,
        cancellation: CancellationToken? = nil, pieceSize: Int = 1 << 16
    ) -> (text: String, pieces: Int, complete: Bool) {
        var text = ""
        var pieces = 0
        let complete = document.writeIndented(marks: marks, redactor: redactor, cancellation: cancellation, pieceSize: pieceSize) {
            text += $0
            pieces += 1
        }
        return (text, pieces, complete)
    }

    /// A short description of a document for a failure message.
    static func describe(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.prefix(160), as: UTF8.self)
    }
}
