@testable import Secrets
import Testing

/// The patterns skip text without their separator byte (`@` and `:`, `:`, `=`); text that has it, whatever
/// else it holds (non-ASCII letters, CJK, other separators), is still masked exactly.
@Suite struct RedactorTextPatternsTests {
    private let mask = Redactor.mask

    @Test func findsBytesAnywhereInTheText() {
        #expect(TextPatterns.contains("Zürich 東京 a=b", UInt8(ascii: "=")))
        #expect(TextPatterns.contains(":", UInt8(ascii: ":")))
        #expect(!TextPatterns.contains("Zürich 東京", UInt8(ascii: ":")))
        #expect(!TextPatterns.contains("", UInt8(ascii: "@")))
        let long = String(repeating: "São Paulo ", count: 10_000) + "@"
        #expect(TextPatterns.contains(long, UInt8(ascii: "@")))
    }

    @Test func headerValuesNextToNonASCIITextAreMasked() {
        #expect(Redactor.redactURLsAndHeaders("Zürich Authorization: Bearer s3cr3t 東京")
            == "Zürich Authorization: Bearer \(mask) 東京")
        #expect(Redactor.redactURLsAndHeaders("東京 x-api-key:東京秘密 São") == "東京 x-api-key:\(mask) São")
        #expect(Redactor.redactURLsAndHeaders("Café #0\nCookie: a=1; b=2\n") == "Café #0\nCookie: \(mask)\n")
    }

    @Test func parameterValuesNextToNonASCIITextAreMasked() {
        #expect(Redactor.redactURLsAndHeaders("São Paulo ?key=abc東京 x") == "São Paulo ?key=\(mask) x")
        #expect(Redactor.redactURLsAndHeaders("ü&client_secret=s3cr3t#frag") == "ü&client_secret=\(mask)#frag")
    }

    @Test func urlPasswordsAreMaskedOnlyWhereBothSeparatorsAre() {
        #expect(Redactor.redactURLsAndHeaders("東京 https://user:pässwörd@host/x") == "東京 https://user:\(mask)@host/x")
        #expect(Redactor.redactURLsAndHeaders("mail me@example.com") == "mail me@example.com")
        #expect(Redactor.redactURLsAndHeaders("time 12:30 in Zürich") == "time 12:30 in Zürich")
    }

    /// A warning naming a schema by its JSON pointer: the pointer's last segment is a credential word,
    /// but the text after its `:` is the reason, and the word "pointer" stays.
    @Test func aPathOrPointerSegmentBeforeAColonIsNoHeaderName() {
        let warning = "cannot use schema file:///tmp/s.json#/definitions/Token: pointer '#/definitions/Token' not found"
        #expect(Redactor.redactURLsAndHeaders(warning) == warning)
        #expect(Redactor.redactURLsAndHeaders("see /docs/session: details") == "see /docs/session: details")
        #expect(Redactor.redactURLsAndHeaders("doc.json#secret: pointer x") == "doc.json#secret: pointer x")
        // Real header values keep being masked, at the start, after blanks, quotes and braces.
        #expect(Redactor.redactURLsAndHeaders("X-Token: pointer") == "X-Token: \(mask)")
        #expect(Redactor.redactURLsAndHeaders("-H 'token: abc'") == "-H 'token: \(mask)'")
        #expect(Redactor.redactURLsAndHeaders(#"{"token":"abc"}"#) == #"{"token":"\#(mask)"}"#)
        #expect(Redactor.redactURLsAndHeaders("a\nAuthorization: Bearer s3cr3t") == "a\nAuthorization: Bearer \(mask)")
    }

    @Test func tableCellsWithoutSeparatorsComeBackUnchanged() {
        for cell in ["Boston Café Philosophy #0", "東京 Trail Running #49998", "5276.6", ""] {
            #expect(Redactor.redactURLsAndHeaders(cell) == cell)
        }
    }
}

/// JSON written inside a JSON string (a request body echoed back as text) keeps its members masked.
@Suite struct EscapedJSONPatternTests {
    private let mask = Redactor.mask

    @Test func credentialMembersOfEscapedJSONAreMasked() {
        let echoed = #"{"body":"{\"name\":\"alice\",\"password\":\"PW1secret\",\"token\":\"TK1 x\"}"}"#
        #expect(Redactor.redactURLsAndHeaders(echoed)
            == #"{"body":"{\"name\":\"alice\",\"password\":\"•••\",\"token\":\"•••\"}"}"#)
        // The value ends at its escaped quote: the member after it stays readable.
        #expect(Redactor.redactURLsAndHeaders(#"\"api_key\": \"k1\", \"id\":\"7\""#) == #"\"api_key\": \"•••\", \"id\":\"7\""#)
        #expect(Redactor.redactURLsAndHeaders(#"\"authorization\":\"Bearer abc\""#) == #"\"authorization\":\"Bearer •••\""#)
        #expect(Redactor.redactURLsAndHeaders(#"\"name\":\"token\""#) == #"\"name\":\"token\""#)
    }
}
