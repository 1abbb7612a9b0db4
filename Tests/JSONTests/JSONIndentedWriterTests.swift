import Foundation
import Synchronization
import Testing
import FoundationFree
@testable import JSON
@testable import Secrets

/// `JSONDocument.writeIndented` writes from the tape what `JSONValue.encoded(pretty: true)` writes from the
/// tree, byte for byte, and masks what `Redactor.redact(_: JSONValue)` masks.
@Suite("Indented JSON written from the tape")
struct JSONIndentedWriterTests {
    private func expectSameText(_ corpus: [(name: String, bytes: [UInt8])], redactor: Redactor? = nil) throws {
        var problems: [String] = []
        for (name, bytes) in corpus {
            // GIVEN a document WHEN written from its tape, in large and in tiny pieces
            let document = try JSONDocument.parse(Data(bytes))
            let tree = try JSONValue.parse(Data(bytes))
            let expected = (redactor.map { $0.redact(tree) } ?? tree).encoded(pretty: true)
            let whole = JSONTapeCorpus.indented(document, redactor: redactor)
            let small = JSONTapeCorpus.indented(document, redactor: redactor, pieceSize: 7)
            // THEN both are the tree's pretty text, byte for byte
            if !whole.text.utf8.elementsEqual(expected.utf8) {
                problems.append("\(name): \(JSONTapeCorpus.describe(bytes))\n got: \(whole.text.prefix(300))\n expected: \(expected.prefix(300))")
            }
            if !small.text.utf8.elementsEqual(expected.utf8) {
                problems.append("\(name), pieces of 7: \(JSONTapeCorpus.describe(bytes))")
            }
            if !whole.complete || !small.complete { problems.append("\(name): reported as interrupted") }
            if expected.utf8.count > 200, small.pieces < 2 { problems.append("\(name): written in \(small.pieces) piece(s)") }
        }
        #expect(problems.isEmpty, "\(problems.count) documents differ; first: \(problems.prefix(3).joined(separator: "\n"))")
    }

    @Test func theTextIsTheTreesPrettyText() throws {
        try expectSameText(try JSONTapeCorpus.all())
    }

    @Test
    func repeatedKeysAreWrittenAsTheTreeHasThem() throws {
        try expectSameText(JSONTapeCorpus.duplicateKeys)
    }

    @Test func someEdgeCasesAreWrittenExactly() throws {
        // Independent of the tree: the expected text is written out here.
        let cases: [(String, String)] = [
            (#"["\/", "\u00e9", "\u2028", "\ud83d\ude00", "\u0001", "\u007F", "\u0022"]"#,
             "[\n  \"/\",\n  \"é\",\n  \"\\u2028\",\n  \"😀\",\n  \"\\u0001\",\n  \"\\u007f\",\n  \"\\\"\"\n]"),
            ("[\"\u{9B}2J\u{85}\u{A0}\", \"\\u009b\"]", "[\n  \"\\u009b2J\\u0085\u{A0}\",\n  \"\\u009b\"\n]"),
            ("[\"\u{2028}\u{2029}\", \"€\", \"\u{2027}\"]", "[\n  \"\\u2028\\u2029\",\n  \"€\",\n  \"\u{2027}\"\n]"),
            (#"{"a":{},"b":[],"c":[{}],"":-0}"#, "{\n  \"a\": {},\n  \"b\": [],\n  \"c\": [\n    {}\n  ],\n  \"\": -0\n}"),
            ("1e400", "1e400"),
            (#""\b\f\n\r\t\\""#, #""\b\f\n\r\t\\""#),
        ]
        for (input, expected) in cases {
            let document = try JSONDocument.parse(Data(input.utf8))
            #expect(JSONTapeCorpus.indented(document).text == expected, "\(input)")
            #expect(JSONTapeCorpus.indented(document, pieceSize: 1).text == expected, "\(input)")
        }
    }

    // MARK: Masking

    private static let secret = "s3cr3t-token"

    /// Credentials in every shape a body holds them.
    private static let credentialDocuments: [(name: String, bytes: [UInt8])] = [
        ("credential members", #"{"authorization": "Bearer X", "Authorization": "Basic dXNlcjpwYXNz", "api_key": "abc123", "password": "hunter2", "client_secret": "cs", "x-api-key": "k", "cookie": "a=b; c=d", "token": "", "secret": "secret", "password2": "p", "keyboard": "qwerty", "monkey": "banana"}"#),
        ("credential members with other values", #"{"password": 12345, "token": null, "api_key": true, "secret": ["in", "array"], "auth": {"password": "inner", "user": "u"}, "apikey": "apikey"}"#),
        ("escaped credential names", #"{"\u0061uthorization": "Bearer Z", "Passw\u006frd": "pw", "api\u005fkey": "x"}"#),
        ("URLs", #"{"url": "https://user:pa55@example.com/x?token=abc&page=2", "escaped": "https:\/\/u:p@h.example\/y", "plain": "https://example.com/?q=1", "list": ["ftp://a:b@c", "postgres://admin:pw@db:5432/x"]}"#),
        ("parameters", #"{"q": "?api_key=zzz&x=1", "form": "a=1&password=xyz", "sig": "https://x.example/p?sig=abc#f", "escaped": "?api_key\u003dzzz", "upper": "&token\u003Dqq"}"#),
        ("headers inside values", #"{"note": "Authorization: Bearer abcdef", "escaped": "Authorization\u003a Bearer X", "upper": "Authorization\u003A Bearer Y", "json": "{\"authorization\":\"Basic abc\"}", "lines": "x-api-key: K\nother: v"}"#),
        ("known secret", #"{"known": "prefix s3cr3t-token suffix", "escapedDash": "s3cr3t\u002dtoken", "escapedAll": "\u0073\u0033cr3t-token", "slash": "s3cr3t-token\/x", "key s3cr3t-token": "v", "list": ["s3cr3t-token", {"x": "s3cr3t-token"}], "n": 1}"#),
        ("nothing to mask", #"{"a": "plain", "b": "x:y", "c": "k=v", "d": "\\u003a", "e": ["\u2028", "\u00e9"], "f": 1.5}"#),
        ("top-level string", #""Authorization: Bearer top""#),
        ("array of credentials", #"[{"password": "a"}, {"password": "b"}, "token=c", "?token=d"]"#),
    ].map { ($0.0, Array($0.1.utf8)) }

    @Test(arguments: [[], [secret]])
    func maskedTextIsTheMaskedTreesText(secrets: [String]) throws {
        let redactor = Redactor(secrets: secrets)
        try expectSameText(Self.credentialDocuments, redactor: redactor)
        try expectSameText(try JSONTapeCorpus.all(), redactor: redactor)
    }

    @Test func maskingHidesTheCredentials() throws {
        // Guards the comparison above against a redactor that masks nothing on either side.
        let redactor = Redactor(secrets: [Self.secret])
        let text = try Self.credentialDocuments.map { JSONTapeCorpus.indented(try JSONDocument.parse(Data($0.bytes)), redactor: redactor).text }
            .joined(separator: "\n")
        for hidden in ["hunter2", "abc123", "pa55", "abcdef", "Basic abc", "xyz", "zzz", "dXNlcjpwYXNz", "s3cr3t-token suffix", "\"s3cr3t-token\"", "prefix s3cr3t", "Bearer X\"", "Bearer Z", "qq\""] {
            #expect(!text.contains(hidden), "\(hidden) shows")
        }
        for kept in ["qwerty", "banana", "\"Bearer •••\"", "x:y", "k=v", "\"apikey\"", "12345", "\"user\": \"u\""] {
            #expect(text.contains(kept), "\(kept) is missing")
        }
    }

    // MARK: Marks

    private static let marks: JSONTokenMarks = {
        var marks = JSONTokenMarks()
        marks.key = ("<k>", "</k>")
        marks.string = ("<s>", "</s>")
        marks.number = ("<n>", "</n>")
        marks.literal = ("<l>", "</l>")
        return marks
    }()

    @Test func tokensAreMarkedAndStructureIsNot() throws {
        let document = try JSONDocument.parse(Data(#"{"a":[1,"x",true,null,false,{},[]],"b\n":-0.5,"c":{"d":"\u00e9"}}"#.utf8))
        let expected = """
            {
              <k>"a"</k>: [
                <n>1</n>,
                <s>"x"</s>,
                <l>true</l>,
                <l>null</l>,
                <l>false</l>,
                {},
                []
              ],
              <k>"b\\n"</k>: <n>-0.5</n>,
              <k>"c"</k>: {
                <k>"d"</k>: <s>"é"</s>
              }
            }
            """
        #expect(JSONTapeCorpus.indented(document, marks: Self.marks).text == expected)
        #expect(JSONTapeCorpus.indented(try JSONDocument.parse(Data("\"top\"".utf8)), marks: Self.marks).text == "<s>\"top\"</s>")
        #expect(JSONTapeCorpus.indented(try JSONDocument.parse(Data("[]".utf8)), marks: Self.marks).text == "[]")
    }

    @Test func maskedStringsAreMarkedToo() throws {
        let document = try JSONDocument.parse(Data(#"{"password": "hunter2", "n": 1}"#.utf8))
        let text = JSONTapeCorpus.indented(document, marks: Self.marks, redactor: Redactor()).text
        #expect(text == "{\n  <k>\"password\"</k>: <s>\"•••\"</s>,\n  <k>\"n\"</k>: <n>1</n>\n}")
    }

    @Test func withoutTheMarksTheTextIsUnmarked() throws {
        // GIVEN the corpus (no `<` in it) WHEN written with marks and the marks taken out
        var problems: [String] = []
        for (name, bytes) in try JSONTapeCorpus.all() where !bytes.contains(UInt8(ascii: "<")) {
            let document = try JSONDocument.parse(Data(bytes))
            var text = JSONTapeCorpus.indented(document, marks: Self.marks, pieceSize: 7).text
            for tag in ["<k>", "</k>", "<s>", "</s>", "<n>", "</n>", "<l>", "</l>"] { text = text.replacingOccurrences(of: tag, with: "") }
            // THEN it is the unmarked text
            if text != JSONTapeCorpus.indented(document).text { problems.append(name) }
        }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }

    // MARK: Cancellation

    /// `[{"id":0,"name":"n0","ok":true},…]`: four values per element.
    private func bigDocument(elements: Int) throws -> JSONDocument {
        var text = "["
        for index in 0..<elements {
            if index > 0 { text += "," }
            text += "{\"id\":\(index),\"name\":\"n\(index)\",\"ok\":true}"
        }
        return try JSONDocument.parse(Data((text + "]").utf8))
    }

    @Test func aTrippedTokenStopsTheTextEarly() throws {
        // GIVEN a document of 200,000 values and a token already tripped
        let document = try bigDocument(elements: 50_000)
        let full = JSONTapeCorpus.indented(document)
        let cancellation = CancellationToken()
        cancellation.cancel()
        // WHEN written with it
        let stopped = JSONTapeCorpus.indented(document, cancellation: cancellation)
        // THEN the writer says it stopped, and what it wrote is the start of the full text, far short of it
        #expect(full.complete)
        #expect(!stopped.complete)
        #expect(stopped.text.utf8.count < full.text.utf8.count / 10)
        #expect(full.text.hasPrefix(stopped.text))
        #expect(stopped.pieces >= 1)
    }

    @Test func aTokenThatNeverTripsChangesNothing() throws {
        final class Looks: Sendable { let count = Atomic<Int>(0) }
        let looks = Looks()
        let document = try bigDocument(elements: 20_000)
        let cancellation = CancellationToken(poll: { looks.count.add(1, ordering: .relaxed); return false })
        let watched = JSONTapeCorpus.indented(document, cancellation: cancellation)
        #expect(watched.complete)
        #expect(watched.text == JSONTapeCorpus.indented(document).text)
        #expect(looks.count.load(ordering: .relaxed) > 0)
    }
}
