import Facade
import Testing
@testable import Shell
import JSON
@testable import Scripts

/// `expect` lines parse into what they check; keywords come first, quoting decides strings.
@Suite struct ExpectationParsingTests {
    private func parse(_ words: Scripts.Expectation.Argument...) throws -> Scripts.Expectation {
        try Scripts.Expectation.parse(words)
    }

    private func path(_ text: String) throws -> JSONPath {
        try JSONPath.parse(text)
    }

    @Test(arguments: [(["status", "foo", "200"], "status"), (["version"], "version"), (["count"], "count"),
                      (["result", "is", "success"], "result"), (["header", "X-Trace", "=="], "header")])
    func aUsageErrorShowsTheFormsHelpShows(words: [String], check: String) {
        // WHEN a check is written wrong, THEN its error ends with the usage of that check's forms, as declared
        let help = ExpectCommand().signature.usage("expect")
        #expect(throws: ExpectationError.self) { try Scripts.Expectation.parse(words.map { Scripts.Expectation.Argument($0) }) }
        do {
            _ = try Scripts.Expectation.parse(words.map { Scripts.Expectation.Argument($0) })
        } catch {
            let usage = error.message.components(separatedBy: "usage: ").last ?? ""
            #expect(usage.hasPrefix("expect \(check) ") && help.contains(usage), "\(words): \(error.message)")
        }
    }

    @Test func statusAloneMeansEqual() throws {
        #expect(try parse("status", "200") == .status(.equal, 200))
        #expect(try parse("status", ">=", "400") == .status(.greaterOrEqual, 400))
    }

    @Test func resultKindsAreCaseInsensitive() throws {
        #expect(try parse("result", "requestError") == .result(.requestError, negated: false))
        #expect(try parse("result", "!=", "SUCCESS") == .result(.success, negated: true))
    }

    @Test func versionAndCount() throws {
        let v2 = try #require(ServiceVersion("v2"))
        #expect(try parse("version", "weather", "==", "v2") == .version(service: "weather", v2, negated: false))
        #expect(try parse("count", "data", "==", "12") == .count(try path("data"), .equal, 12))
    }

    @Test func bareNumbersAreNumbersAndQuotedAreStrings() throws {
        let number = try parse("currentTemperature", "==", "63")
        #expect(number == .value(try path("currentTemperature"), .compare(.equal, ExpectedValue(value: 63, written: "63"))))
        let string = try parse("currentTemperature", "==", Scripts.Expectation.Argument("63", quoted: true))
        #expect(string == .value(try path("currentTemperature"), .compare(.equal, ExpectedValue(value: "63", written: "\"63\""))))
    }

    @Test func literalsAndBareWords() throws {
        guard case .value(_, .compare(_, let flag)) = try parse("isLike", "==", "true") else { Issue.record("not a comparison"); return }
        #expect(flag.value == .bool(true))
        guard case .value(_, .compare(_, let city)) = try parse("city", "==", "New", "York") else { Issue.record("not a comparison"); return }
        #expect(city.value == .string("New York"))
        guard case .value(_, .compare(_, let array)) = try parse("tags", "==", "[1,", "2]") else { Issue.record("not a comparison"); return }
        #expect(array.value == .array([1, 2]))
    }

    @Test func existsContainsMatches() throws {
        #expect(try parse("currentConditions", "exists") == .exists(try path("currentConditions")))
        #expect(try parse("name", "contains", "Apple") == .value(try path("name"), .contains(ExpectedValue(value: "Apple", written: "Apple"))))
        #expect(try parse("name", "matches", "^A.*c\\.$") == .value(try path("name"), .matches("^A.*c\\.$")))
    }

    @Test func keywordsAsBodyFieldsTakeALeadingDot() throws {
        #expect(try parse(".status", "==", "200") == .value(try path("status"), .compare(.equal, ExpectedValue(value: 200, written: "200"))))
    }

    @Test func mistakesAreExplained() {
        #expect(throws: ExpectationError.self) { try parse() }
        #expect(throws: ExpectationError("expect status: 'ok' is not an HTTP status like 200 or 404")) { try parse("status", "ok") }
        #expect(throws: ExpectationError("expect result: 'fine' is not a result; use one of success|requestError|decodeError|serverError|networkFailure")) {
            try parse("result", "fine")
        }
        #expect(throws: ExpectationError("expect city: '=' is not a check; use ==, !=, <, >, <=, >=, contains, matches or exists")) {
            try parse("city", "=", "Boston")
        }
        #expect(throws: ExpectationError("expect PATH == needs a value after ==")) { try parse("city", "==") }
        #expect(throws: ExpectationError("invalid regular expression \"(\": missing ')'")) { try parse("city", "matches", "(") }
        #expect(throws: ExpectationError.self) { try parse("data[", "exists") }
    }

    @Test func descriptionIsTheCanonicalSpelling() throws {
        #expect(try parse("status", "200").description == "status 200")
        #expect(try parse("data[0].likeCount", "==", "4").description == "data[0].likeCount == 4")
        #expect(try parse("count", ".data", ">", "3").description == "count data > 3")
        #expect(try parse("x", "==", Scripts.Expectation.Argument("4", quoted: true)).description == "x == \"4\"")
    }
}
