import Foundation
import Testing
@testable import JSON
@testable import Secrets

/// A `JSONDocument` (bytes plus tape) held to the tree of `JSONValue`s it replaces: the same value, the same
/// value at every path, the same counts, before and after its tape is released.
@Suite("JSONDocument against the JSONValue tree")
struct JSONDocumentTests {
    private func parsed(_ bytes: [UInt8]) throws -> (JSONDocument, JSONValue) {
        (try JSONDocument.parse(Data(bytes)), try JSONValue.parse(Data(bytes)))
    }

    /// What differs between the document and the tree, as messages.
    private func differences(_ document: JSONDocument, _ tree: JSONValue, name: String) -> [String] {
        var problems: [String] = []
        if document.value != tree { problems.append("\(name): value differs") }
        for (path, expected) in JSONTapeCorpus.paths(in: tree) {
            let fromTree = tree.value(at: path)
            let fromTape = document.value(at: path)
            if fromTape != fromTree || fromTape != expected {
                problems.append("\(name): value(at: \(path)) is \(fromTape?.encoded() ?? "nil"), tree \(fromTree?.encoded() ?? "nil")")
            }
            let expectedCount: Int? = switch expected {
            case .array(let elements): elements.count
            case .object(let object): object.count
            default: nil
            }
            if document.count(at: path) != expectedCount {
                problems.append("\(name): count(at: \(path)) is \(document.count(at: path).map(String.init) ?? "nil"), expected \(expectedCount.map(String.init) ?? "nil")")
            }
            // Steps that lead nowhere lead nowhere on both.
            for missing: JSONPath.Component in [.key("no such member"), .index(1_000_000), .index(-1_000_000), .match(field: "no such", value: "x")] {
                let wrong = path.appending(missing)
                if document.value(at: wrong) != nil || tree.value(at: wrong) != nil || document.count(at: wrong) != nil {
                    problems.append("\(name): \(wrong) exists")
                }
            }
        }
        return problems
    }

    @Test func everyDocumentReadsAsTheTreeAtEveryPath() throws {
        // GIVEN tricky, conformance, demo and generated documents (no repeated keys)
        let corpus = try JSONTapeCorpus.all()
        #expect(corpus.count > 450)
        var problems: [String] = []
        var pathsCompared = 0
        for (name, bytes) in corpus {
            // WHEN parsed as a document and as a tree
            let (document, tree) = try parsed(bytes)
            // THEN the whole value, every path's value and every container's count agree
            problems += differences(document, tree, name: name)
            pathsCompared += JSONTapeCorpus.paths(in: tree).count
            if document.typeName != tree.typeName { problems.append("\(name): typeName \(document.typeName)") }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(pathsCompared > 10_000)
    }

    @Test func repeatedKeysReadAsTheTreeReadsThem() throws {
        for (name, bytes) in JSONTapeCorpus.duplicateKeys {
            let (document, tree) = try parsed(bytes)
            #expect(differences(document, tree, name: name).isEmpty, "\(differences(document, tree, name: name))")
        }
    }

    @Test
    func anObjectWithARepeatedKeyCountsItsDistinctMembers() throws {
        for (name, bytes) in JSONTapeCorpus.duplicateKeys {
            let (document, tree) = try parsed(bytes)
            #expect(differences(document, tree, name: name).isEmpty, "\(differences(document, tree, name: name))")
        }
        #expect(try JSONDocument.parse(Data(#"{"a": 1, "b": 2, "a": 3}"#.utf8)).count(at: .root) == 2)
    }

    @Test func pathsGivenAsTextReadTheSame() throws {
        let (document, tree) = try parsed(Array(#"{"data": [{"_id": "t01", "n": 1}, {"_id": 63974, "n": [2, 3]}], "meta": {"odd key": true}}"#.utf8))
        for path in ["data[0]._id", "data[-1].n[1]", "data[_id=63974].n", "data[_id=t01].n", #"meta["odd key"]"#, ".", "data[5]", "meta.missing"] {
            #expect(try document.value(at: path) == (try tree.value(at: path)), "\(path)")
        }
        #expect(try document.value(at: "data[_id=63974].n") == [2, 3])
        #expect(document.count(at: JSONPath([.key("data")])) == 2)
        #expect(document.count(at: JSONPath([.key("meta"), .key("odd key")])) == nil)
    }

    // MARK: Escapes

    @Test func escapedTextDecodesAsTheTreeHasIt() throws {
        // GIVEN every string of the corpus, keys included, as the tree decodes it
        var problems: [String] = []
        var escapedSeen = 0
        for (name, bytes) in try JSONTapeCorpus.all() + JSONTapeCorpus.duplicateKeys {
            let document = try JSONDocument.parse(Data(bytes))
            let tree = try JSONValue.parse(Data(bytes))
            // WHEN each string entry of the tape is decoded from its raw text
            let decoded: [String] = document.read { reader in
                var strings: [String] = []
                for entry in 0..<reader.tape.count where [.string, .escapedString].contains(reader.kind(entry)) {
                    if reader.kind(entry) == .escapedString { escapedSeen += 1 }
                    strings.append(JSONEscapes.decode(reader.rawText(entry)))
                }
                return strings
            }
            // THEN the strings are the tree's (in document order; repeated keys collapse in the tree)
            let expected = JSONTapeCorpus.strings(in: tree)
            if JSONTapeCorpus.duplicateKeys.contains(where: { $0.bytes == bytes }) {
                if !Set(expected).isSubset(of: Set(decoded)) { problems.append("\(name): \(decoded) vs \(expected)") }
            } else if decoded != expected {
                problems.append("\(name): \(decoded.prefix(20)) vs \(expected.prefix(20))")
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        #expect(escapedSeen > 300)
    }

    @Test(arguments: [
        (#"\"\\\/\b\f\n\r\t"#, "\"\\/\u{08}\u{0C}\n\r\t"),
        (#"\u0001\u001f\u001F"#, "\u{01}\u{1F}\u{1F}"),
        (#"\u00e9\u00E9\u20AC\u20ac"#, "éé€€"),
        (#"\ud83d\ude00\uD83D\uDE00"#, "😀😀"),
        (#"a\u2028b\u2029c"#, "a\u{2028}b\u{2029}c"),
        (#"\u0000"#, "\u{0}"),
        (#"é\n€"#, "é\n€"),
        (#"\\u0041"#, "\\u0041"),
        ("", ""),
    ])
    func escapesDecode(raw: String, expected: String) {
        var raw = raw
        let decoded = raw.withUTF8 { JSONEscapes.decode($0) }
        #expect(decoded == expected)
        #expect(decoded.utf8.elementsEqual(expected.utf8))
    }

    // MARK: Releasing the tape

    /// A document of `records` records with escapes, non-ASCII text and nesting, about 90 bytes each.
    private func bigDocument(records: Int) -> Data {
        var text = "{\"items\": ["
        for index in 0..<records {
            if index > 0 { text += "," }
            text += #"{"id": \#(index), "name": "n\u00e9 \#(index)", "tags": ["a", "\/b"], "ok": true, "price": \#(index).5e1, "note": "€\n"}"#
        }
        return Data((text + "], \"count\": \(records)}").utf8)
    }

    @Test func aLargeDocumentReleasesItsTapeAndReadsTheSameAfterwards() throws {
        // GIVEN a document of at least 1 MiB
        let data = bigDocument(records: 12_000)
        #expect(data.count >= JSONDocument.releasableBytes)
        let document = try JSONDocument.parse(data)
        #expect(document.byteCount > data.count)
        let paths: [JSONPath] = [
            .root, JSONPath([.key("items")]), JSONPath([.key("items"), .index(0)]), JSONPath([.key("items"), .index(-1), .key("name")]),
            JSONPath([.key("items"), .index(5_000), .key("tags")]), JSONPath([.key("items"), .match(field: "id", value: "11999"), .key("note")]),
            JSONPath([.key("count")]), JSONPath([.key("missing")]),
        ]
        let values = paths.map { document.value(at: $0) }
        let counts = paths.map { document.count(at: $0) }
        let whole = document.value
        let text = JSONTapeCorpus.indented(document)
        let masked = JSONTapeCorpus.indented(document, redactor: Redactor(secrets: ["n\u{e9} 77"]))
        let typeName = document.typeName
        // WHEN its tape is released
        document.releaseIndex()
        // THEN it holds its bytes alone, and every read gives what it gave before
        #expect(document.byteCount == data.count)
        #expect(paths.map { document.value(at: $0) } == values)
        #expect(paths.map { document.count(at: $0) } == counts)
        #expect(counts[1] == 12_000)
        #expect(values[6] == 12_000)
        #expect(document.value == whole)
        #expect(document.typeName == typeName)
        #expect(JSONTapeCorpus.indented(document) == text)
        #expect(JSONTapeCorpus.indented(document, redactor: Redactor(secrets: ["n\u{e9} 77"])) == masked)
        #expect(masked.text != text.text)
        // AND the tape stays released: reads parse again for that use only
        #expect(document.byteCount == data.count)
        #expect(try JSONTapeDecoder().decode(Items.self, from: document).items.count == 12_000)
    }

    private struct Items: Decodable {
        struct Item: Decodable { let id: Int; let name: String }
        let items: [Item]
    }

    @Test func aSmallDocumentKeepsItsTape() throws {
        // GIVEN a small document WHEN asked to release its tape THEN it keeps it
        let data = bigDocument(records: 20)
        let document = try JSONDocument.parse(data)
        let before = document.byteCount
        #expect(before > data.count)
        document.releaseIndex()
        #expect(document.byteCount == before)
        #expect(document.value == (try JSONValue.parse(data)))
    }

    @Test func theReleaseThresholdIsTheDocumentSize() throws {
        // GIVEN documents padded with blanks to one byte under and exactly at the threshold
        for size in [JSONDocument.releasableBytes - 1, JSONDocument.releasableBytes] {
            let text = "[1, \"x\"]"
            let data = Data((text + String(repeating: " ", count: size - text.utf8.count)).utf8)
            #expect(data.count == size)
            let document = try JSONDocument.parse(data)
            let before = document.byteCount
            document.releaseIndex()
            // THEN only the one at the threshold lets its tape go
            #expect(document.byteCount == (size >= JSONDocument.releasableBytes ? data.count : before))
            #expect(document.value == [1, "x"])
            #expect(document.count(at: .root) == 2)
        }
    }

    // MARK: Key lookup

    private struct Pair: Decodable, Equatable {
        let a: Int
        let b: Int
    }

    private func lookup(_ text: String, _ key: String) throws -> (tape: JSONValue?, tree: JSONValue?) {
        let (document, tree) = try parsed(Array(text.utf8))
        return (document.value(at: JSONPath([.key(key)])), tree[key])
    }

    @Test func theLastOfARepeatedKeyWins() throws {
        let text = #"{"a": 1, "b": 2, "a": 3}"#
        #expect(try lookup(text, "a") == (3, 3))
        #expect(try JSONTapeDecoder().decode(Pair.self, from: JSONDocument.parse(Data(text.utf8))) == Pair(a: 3, b: 2))
        // Repeated many times, and spelled once with an escape.
        #expect(try lookup(#"{"a": 1, "\u0061": 2, "a": 3, "\u0061": 4}"#, "a") == (4, 4))
    }

    @Test func anEscapedKeyIsFoundByItsText() throws {
        #expect(try lookup(#"{"caf\u00e9": 1}"#, "café") == (1, 1))
        #expect(try lookup(#"{"caf\u00E9": 1}"#, "café") == (1, 1))
        #expect(try lookup(#"{"\u0061\u0062": 1}"#, "ab") == (1, 1))
        #expect(try lookup(#"{"a\/b": 1}"#, "a/b") == (1, 1))
        #expect(try lookup(#"{"\ud83d\ude00": 1}"#, "😀") == (1, 1))
        struct Cafe: Decodable { let café: Int }
        #expect(try JSONTapeDecoder().decode(Cafe.self, from: JSONDocument.parse(Data(#"{"caf\u00e9": 7}"#.utf8))).café == 7)
    }

    @Test func canonicallyEquivalentKeysAreDifferentNamesOnTapeAndTree() throws {
        // KELVIN SIGN (U+212A) is canonically equivalent to K; é precomposed to e + U+0301.
        let cases: [(String, String)] = [
            ("{\"\u{212A}\": 1}", "K"), (#"{"\u212A": 1}"#, "K"), (#"{"\u212a": 1}"#, "K"),
            ("{\"K\": 1}", "\u{212A}"), ("{\"\u{212A}\": 1}", "\u{212A}"),
            ("{\"k\": 1}", "\u{212A}"), ("{\"\u{212A}\": 1}", "k"),
            ("{\"caf\u{E9}\": 1}", "cafe\u{301}"), ("{\"cafe\u{301}\": 1}", "caf\u{E9}"), (#"{"cafe\u0301": 1}"#, "café"),
            ("{\"\u{212A}x\": 1, \"Kx\": 2}", "Kx"), ("{\"Kx\": 1, \"\u{212A}x\": 2}", "Kx"),
        ]
        for (text, key) in cases {
            let (tape, tree) = try lookup(text, key)
            #expect(tape == tree, "\(text) [\(key)]: tape \(String(describing: tape)), tree \(String(describing: tree))")
            let decoded = try? JSONTapeDecoder().decode([String: Int].self, from: JSONDocument.parse(Data(text.utf8)))
            #expect(decoded != nil)
        }
        // Swift strings are canonically equivalent here, but JSON names are code points: neither finds the key.
        #expect(try lookup("{\"\u{212A}\": 1}", "K").tape == nil)
        #expect(try lookup("{\"\u{212A}\": 1}", "\u{212A}").tape == 1)
    }

    @Test func keysOfEqualLengthAndEndsButDifferentMiddlesDiffer() throws {
        #expect(try lookup(#"{"abxd": 1}"#, "abyd") == (nil, nil))
        #expect(try lookup(#"{"abxd": 1, "abyd": 2}"#, "abyd") == (2, 2))
        #expect(try lookup(#"{"abxd": 1, "abyd": 2}"#, "abxd") == (1, 1))
        #expect(try lookup(#"{"abxd": 1}"#, "abx") == (nil, nil))
        #expect(try lookup(#"{"abxd": 1}"#, "abxdd") == (nil, nil))
        #expect(try lookup(#"{"a": 1}"#, "b") == (nil, nil))
        #expect(try lookup(#"{"éxé": 1}"#, "éyé") == (nil, nil))
        struct Middle: Decodable { let abyd: Int? }
        #expect(try JSONTapeDecoder().decode(Middle.self, from: JSONDocument.parse(Data(#"{"abxd": 1}"#.utf8))).abyd == nil)
    }

    @Test
    func theEmptyKeyIsFound() throws {
        #expect(try lookup(#"{"": 1}"#, "") == (1, 1))
        #expect(try lookup(#"{"x": 1, "": 2}"#, "") == (2, 2))
        #expect(try lookup(#"{"x": 1}"#, "") == (nil, nil))
        #expect(try lookup(#"{"": 1}"#, "x") == (nil, nil))
    }

    // MARK: Tape

    @Test func largeLengthsAndCountsRoundTrip() {
        let tape = JSONTape(capacity: 1)
        var expected: [(entry: Int, length: Int, ascii: Bool)] = []
        for length in [0, 1, (1 << 28) - 2, (1 << 28) - 1, 1 << 28, 300_000_000, (1 << 32) - 1] {
            for ascii in [true, false] {
                let entry = tape.append(.string, 7, length | (ascii ? 0 : JSONTape.nonASCII))
                expected.append((entry, length, ascii))
            }
        }
        for (entry, length, ascii) in expected {
            #expect(tape.length(entry) == length, "entry \(entry)")
            #expect(tape.second(entry) == length)
            #expect(tape.isASCII(entry) == ascii)
            #expect(tape.kind(entry) == .string)
            #expect(tape.payload(entry) == 7)
            #expect(tape.next(entry) == entry + 1)
        }
        // The largest offset stays out of the kind and flag bits.
        let far = tape.append(.number, JSONTape.maximumDocumentBytes, 3)
        #expect(tape.kind(far) == .number)
        #expect(tape.payload(far) == JSONTape.maximumDocumentBytes)
        #expect(tape.length(far) == 3)
        #expect(tape.isASCII(far))
    }

    @Test func largeContainerCountsRoundTripThroughClose() {
        let tape = JSONTape(capacity: 2)
        let array = tape.append(.array, 0, 0)
        let object = tape.append(.object, 0, 0)
        _ = tape.append(.null, 1, 4)
        tape.close(object, kind: .object, elements: 300_000_000)
        _ = tape.append(.true, 6, 4)
        tape.close(array, kind: .array, elements: (1 << 28) - 1)
        #expect(tape.second(object) == 300_000_000)
        #expect(tape.second(array) == (1 << 28) - 1)
        #expect(tape.kind(object) == .object)
        #expect(tape.kind(array) == .array)
        #expect(tape.payload(object) == 3)
        #expect(tape.payload(array) == 4)
        #expect(tape.next(object) == 3)
        #expect(tape.next(array) == 4)
        // Closed again with a small count, the entry no longer reads the large one.
        tape.close(array, kind: .array, elements: 2)
        #expect(tape.second(array) == 2)
    }

    @Test func nextStepsOverWholeContainers() throws {
        // [ [1, [2, 3]], {"a": {"b": 4}}, 5 ]: entries 0 [, 1 [, 2 1, 3 [, 4 2, 5 3, 6 {, 7 "a", 8 {, 9 "b", 10 4, 11 5
        let document = try JSONDocument.parse(Data(#"[[1, [2, 3]], {"a": {"b": 4}}, 5]"#.utf8))
        document.read { reader in
            #expect(reader.tape.count == 12)
            #expect(reader.next(0) == 12)
            #expect(reader.next(1) == 6)
            #expect(reader.next(3) == 6)
            #expect(reader.next(6) == 11)
            #expect(reader.next(8) == 11)
            #expect(reader.next(2) == 3)
            #expect(Array(reader.children(0)) == [1, 6, 11])
            #expect(Array(reader.children(6)) == [7])
            #expect(reader.count(0) == 3)
            #expect(reader.count(6) == 1)
            #expect(reader.count(3) == 2)
        }
    }

    @Test func stringsRecordWhetherTheyAreASCIIAndEscaped() throws {
        let document = try JSONDocument.parse(Data("[\"abc\", \"é\", \"a\\u00e9\", \"x\\ny\", \"€\\n\", \"\", \"\u{10FFFF}\"]".utf8))
        document.read { reader in
            let kinds = (1...7).map { reader.kind($0) }
            #expect(kinds == [.string, .string, .escapedString, .escapedString, .escapedString, .string, .string])
            #expect((1...7).map { reader.tape.isASCII($0) } == [true, false, true, true, false, true, false])
            #expect((1...7).map { reader.tape.length($0) } == [3, 2, 7, 4, 5, 0, 4])
            #expect((1...7).map { reader.string($0) } == ["abc", "é", "aé", "x\ny", "€\n", "", "\u{10FFFF}"])
        }
    }
}
