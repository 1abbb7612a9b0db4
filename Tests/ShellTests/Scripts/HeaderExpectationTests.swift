import Facade
import HTTPClient
import HTTPTypes
import Testing
@testable import Shell
import JSON
@testable import Scripts

/// `expect header NAME OP VALUE` on a response's headers.
@Suite struct HeaderExpectationTests {
    private let headers: HTTPHeaders = HTTPHeaders([
        ("Content-Type", "application/json; charset=utf-8"), ("Set-Cookie", "sid=abc123; Path=/"),
        ("Link", #"</p?page=2>; rel="next""#), ("Link", #"</p?page=9>; rel="last""#),
    ])

    private func check(_ words: Scripts.Expectation.Argument..., headers: HTTPHeaders? = nil) throws -> ExpectationResult {
        let context = ExpectationContext(outcome: .success(status: 200), body: nil, headers: headers ?? self.headers)
        return try Scripts.Expectation.parse(words).evaluate(in: context)
    }

    @Test func namesMatchWhateverTheirCase() throws {
        #expect(try check("header", "content-type", "==", "application/json;", "charset=utf-8").passed)
        #expect(try check("header", "CONTENT-TYPE", "contains", "json").passed)
        #expect(try check("header", "Content-Type", "matches", "^application/").passed)
        #expect(try check("header", "content-type", "exists").passed)
        #expect(try check("header", "Content-Type", "!=", "text/html").passed)
    }

    @Test func failuresSayWhatCame() throws {
        let failed = try check("header", "Content-Type", "==", "text/html")
        #expect(!failed.passed)
        #expect(failed.message == #"expected header Content-Type == text/html, got "application/json; charset=utf-8""#)
        let missing = try check("header", "X-Next", "exists")
        #expect(missing.message == "expected header X-Next exists, but the last response has no header X-Next (it has: Content-Type, Set-Cookie, Link, Link)")
    }

    @Test func repeatedFieldsAreJoinedAndCredentialsNeverShown() throws {
        #expect(try check("header", "Link", "contains", #"</p?page=9>; rel="last""#).passed)
        let cookie = try check("header", "Set-Cookie", "contains", "nope")
        #expect(!cookie.passed)
        #expect(!cookie.message.contains("abc123"), "\(cookie.message)")
    }

    @Test func withoutAResponseItFailsClearly() throws {
        let context = ExpectationContext(outcome: .networkFailure("connection refused"), body: nil, headers: nil)
        let result = try Scripts.Expectation.parse(["header", "Location", "exists"]).evaluate(in: context)
        #expect(result.message == "expected header Location exists, but the last request got no response (network failure: connection refused)"
            || result.message.hasPrefix("expected header Location exists, but the last request got no response"))
    }

    @Test func aPatternIsReadAndMatchedByTheBoundedMatcher() throws {
        // GIVEN a pattern that does not parse  THEN the line is refused in one line saying why
        #expect(throws: ExpectationError("invalid regular expression \"(application\": missing ')'")) {
            try Scripts.Expectation.parse(["header", "Content-Type", "matches", "(application"])
        }
        // GIVEN what only a backtracking engine matches (Swift's Regex reads it)  THEN it is refused when read, not when run
        #expect(throws: ExpectationError("invalid regular expression \"(json).*\\\\1\": back-references (\\1) are not supported")) {
            try Scripts.Expectation.parse(["header", "Content-Type", "matches", #"(json).*\1"#])
        }
        // GIVEN patterns the matcher reads  THEN they match the header's value, or fail saying what came
        #expect(try check("header", "Content-Type", "matches", "(?i)^APPLICATION/JSON; charset=utf-8$").passed)
        #expect(try check("header", "Link", "matches", #"rel="last""#).passed)
        let failed = try check("header", "Content-Type", "matches", #"^text/\w+"#)
        #expect(!failed.passed)
        #expect(failed.message == #"expected header Content-Type matches ^text/\w+, got "application/json; charset=utf-8""#)
    }

    @Test func badLinesAreUsageErrors() {
        #expect(throws: ExpectationError.self) { try Scripts.Expectation.parse(["header", "Location", "<", "3"]) }
        #expect(throws: ExpectationError.self) { try Scripts.Expectation.parse(["header", "Location", "exists", "x"]) }
        // A body member called `header` is still a path.
        if case .header? = try? Scripts.Expectation.parse(["header", "==", "1"]) { Issue.record("header == 1 is a body path") }
        if case .header? = try? Scripts.Expectation.parse(["header", "exists"]) { Issue.record("header exists is a body path") }
    }
}
