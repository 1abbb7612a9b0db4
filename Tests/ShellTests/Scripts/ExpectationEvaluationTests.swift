import Facade
import Testing
@testable import Shell
import JSON
@testable import Scripts

/// Expectations evaluated on plain JSON values: every operator passing and failing, with the message a
/// script author reads.
@Suite struct ExpectationEvaluationTests {
    private let twits: JSONValue = [
        "status": 200, "success": true,
        "data": [
            ["_id": "t01", "likeCount": 3, "isLike": false, "writer": ["name": "Minji"]],
            ["_id": "t02", "likeCount": 12, "isLike": true, "writer": ["name": "Seojun"]],
        ],
        "meta": ["total_count": 40, "next": "http://h/next?offset=1", "tags": ["a", "b"]],
    ]

    private func check(_ words: Scripts.Expectation.Argument..., body: JSONValue? = nil, outcome: Outcome? = .success(status: 200),
                       versions: [String: String] = [:]) throws -> ExpectationResult {
        let context = ExpectationContext(outcome: outcome, body: body ?? twits) { versions[$0].flatMap(ServiceVersion.init) }
        return try Scripts.Expectation.parse(words).evaluate(in: context)
    }

    @Test func equalityPassesAndFailsWithExpectedAndActual() throws {
        #expect(try check("data[0].likeCount", "==", "3").passed)
        let failed = try check("data[0].likeCount", "==", "4")
        #expect(!failed.passed)
        #expect(failed.message == "expected data[0].likeCount == 4, got 3")
        #expect(try check("data[0].likeCount", "==", "3.0").passed)
    }

    @Test func stringsAndNumbersAreToldApart() throws {
        let v1: JSONValue = ["currentTemperature": "63"]
        #expect(try check("currentTemperature", "==", Scripts.Expectation.Argument("63", quoted: true), body: v1).passed)
        let failed = try check("currentTemperature", "==", "63", body: v1)
        #expect(failed.message == "expected currentTemperature == 63, got \"63\" (a string, not a number)")
    }

    @Test func emptyNeedlesAndPatternsMatch() throws {
        #expect(try check("data[0].writer.name", "contains", Scripts.Expectation.Argument("", quoted: true)).passed)
        #expect(try check("data[0].writer.name", "matches", Scripts.Expectation.Argument("", quoted: true)).passed)
        #expect(try !check("data[0].writer.name", "matches", "^zzz-no-such$").passed)
    }

    @Test func notEqual() throws {
        #expect(try check("data[1]._id", "!=", "t01").passed)
        #expect(try check("data[0]._id", "!=", "t01").message == "expected data[0]._id != t01, got \"t01\"")
    }

    @Test func orderingComparesNumbersAndStrings() throws {
        #expect(try check("meta.total_count", ">", "10").passed)
        #expect(try check("meta.total_count", ">=", "40").passed)
        #expect(try check("meta.total_count", "<=", "40").passed)
        #expect(try check("meta.total_count", "<", "41").passed)
        #expect(try check("meta.total_count", "<", "40").message == "expected meta.total_count < 40, got 40")
        #expect(try check("data[0]._id", "<", "t02").passed)
        #expect(try check("data[0]._id", ">", "5").message
            == "expected data[0]._id > 5, got \"t01\" (a string; > compares two numbers or two strings)")
    }

    @Test func booleansAndNull() throws {
        #expect(try check("data[1].isLike", "==", "true").passed)
        #expect(try check("data[0].isLike", "==", "true").message == "expected data[0].isLike == true, got false")
        #expect(try check("value", "==", "null", body: .object(["value": .null])).passed)
    }

    @Test func containsLooksInStringsArraysAndObjects() throws {
        #expect(try check("meta.next", "contains", "offset=1").passed)
        #expect(try check("meta.tags", "contains", "b").passed)
        #expect(try check("meta", "contains", "total_count").passed)
        #expect(try check("meta.tags", "contains", "z").message == #"expected meta.tags contains z, got ["a","b"]"#)
        #expect(try check("meta.total_count", "contains", "4").message
            == "expected meta.total_count contains 4, got 40 (a number; contains looks in a string, an array or an object)")
    }

    @Test func matchesSearchesWithARegularExpression() throws {
        #expect(try check("data[1].writer.name", "matches", "^Seo").passed)
        #expect(try check("meta.total_count", "matches", "^[0-9]+$").passed)
        #expect(try check("data[0].writer.name", "matches", "^Seo").message == "expected data[0].writer.name matches ^Seo, got \"Minji\"")
    }

    @Test func existsNamesWhatIsThere() throws {
        #expect(try check("data[0].writer", "exists").passed)
        let weather: JSONValue = ["city": "Richmond", "state": "VA", "currentTemperature": "63"]
        #expect(try check("currentConditions", "exists", body: weather).message
            == "expected currentConditions to exist, but the body has no currentConditions; it has city, state, currentTemperature")
        #expect(try check("data[5]", "exists").message == "expected data[5] to exist, but data has 2 elements ([0]…[1]), not [5]")
    }

    @Test func missingPathInAComparison() throws {
        #expect(try check("data[0].likes", "==", "3").message
            == "expected data[0].likes == 3, but data[0].likes is missing: data[0] has no likes; it has _id, likeCount, isLike, writer")
    }

    @Test func countSizesArraysAndObjects() throws {
        #expect(try check("count", "data", "==", "2").passed)
        #expect(try check("count", "meta", ">", "2").passed)
        #expect(try check("count", "data", "==", "12").message == "expected count data == 12, got 2")
        #expect(try check("count", "meta.total_count", "==", "1").message
            == "expected count meta.total_count == 1, but meta.total_count is a number (40), not an array or object")
    }

    @Test func statusAndResultCheckTheOutcome() throws {
        let notFound = Outcome.requestError(status: 404, message: "unknown city 'Xyz'")
        #expect(try check("status", "404", outcome: notFound).passed)
        #expect(try check("status", "<", "500", outcome: notFound).passed)
        #expect(try check("status", "200", outcome: notFound).message == "expected status 200, got 404")
        #expect(try check("result", "requestError", outcome: notFound).passed)
        #expect(try check("result", "success", outcome: notFound).message
            == "expected result success, got requestError (request error: HTTP 404 Not Found: unknown city 'Xyz')")
        let refused = Outcome.networkFailure("connection refused")
        #expect(try check("status", "200", outcome: refused).message == "expected status 200, got no response (network failure: connection refused)")
        #expect(try check("result", "networkFailure", outcome: refused).passed)
    }

    @Test func nothingToCheckBeforeAnyRequest() throws {
        #expect(try check("status", "200", outcome: nil).message
            == "expected status 200, but no request has been made yet; run one first (refresh, call, get …)")
    }

    @Test func versionChecksTheVersionInUse() throws {
        #expect(try check("version", "weather", "==", "v2", versions: ["weather": "v2"]).passed)
        #expect(try check("version", "weather", "!=", "v1", versions: ["weather": "v2"]).passed)
        #expect(try check("version", "weather", "==", "v1", versions: ["weather": "v2"]).message == "expected version weather == v1, got v2")
        #expect(try check("version", "radio", "==", "v1").message == "expected version radio == v1, but there is no service radio in the locator")
    }
}
