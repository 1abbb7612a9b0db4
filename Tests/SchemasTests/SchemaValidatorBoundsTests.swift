import JSON
import Testing
@testable import Schemas

/// A validation that a bound stops is never a pass: the check says where it stopped and why.
@Suite struct SchemaValidatorBoundsTests {
    @Test func aCheckPastTheWorkBudgetFailsWithWhereTheCheckStopped() throws {
        // GIVEN six levels of anyOf with ten branches each, all failing: a million tries for one value
        var definitions: [String] = []
        for level in 0..<6 {
            let branches = Array(repeating: ##"{"$ref": "#/$defs/L\##(level + 1)"}"##, count: 10).joined(separator: ",")
            definitions.append(##""L\##(level)": {"anyOf": [\##(branches)]}"##)
        }
        definitions.append(#""L6": {"type": "string"}"#)
        let schema = try SchemaDocument(document: JSONValue.parse(##"{"$ref": "#/$defs/L0", "$defs": {\##(definitions.joined(separator: ","))}}"##))
        // WHEN a number is checked / THEN the check fails, naming where it stopped, not silently passing
        let failures = schema.validate(.array([7]))
        let stopped = try #require(failures.first, "the capped check passed")
        #expect(stopped.description.contains("the check stopped here"), "\(stopped)")
        #expect(stopped.description.contains("work budget"), "\(stopped)")
    }

    @Test func aLargeAnswerIsCheckedToItsEnd() throws {
        // GIVEN an array schema of integers and 2,100,000 integers, then one string: more steps than the
        // budget of a small answer
        let schema = try SchemaDocument(document: JSONValue.parse(#"{"type": "array", "items": {"type": "integer"}}"#))
        var elements = [JSONValue](repeating: .number(JSONNumber(7)), count: 2_100_000)
        elements.append(.string("x"))
        // WHEN it is checked / THEN the budget grew with the answer and the string at the end is found
        let failures = schema.validate(.array(elements))
        #expect(failures.map(\.path) == ["[2100000]"], "\(failures)")
    }

    @Test func aChainOfAllOfPastTheHopBoundFailsWithWhereTheCheckStopped() throws {
        // GIVEN 40 levels of allOf, the deepest requiring `deep`
        var definitions: [String] = []
        for level in 0..<40 { definitions.append(##""L\##(level)": {"allOf": [{"$ref": "#/$defs/L\##(level + 1)"}]}"##) }
        definitions.append(#""L40": {"required": ["deep"]}"#)
        let schema = try SchemaDocument(document: JSONValue.parse(##"{"$ref": "#/$defs/L0", "$defs": {\##(definitions.joined(separator: ","))}}"##))
        // WHEN an object without `deep` is checked / THEN it does not pass
        #expect(!schema.validate(.object(JSONObject())).isEmpty)
    }

    @Test func aSmallAnswerWithinTheBoundsStillPasses() throws {
        let schema = try SchemaDocument(document: JSONValue.parse(#"{"type": "array", "items": {"type": "integer"}}"#))
        #expect(schema.validate(.array([1, 2, 3])).isEmpty)
    }
}
