import JSON
import Testing
@testable import APIDescriptions

/// A validation that a bound stops is never a pass: the check says where it stopped and why.
@Suite struct SchemaValidatorBoundsTests {
    @Test func anAnswerPastTheWorkBudgetFailsWithWhereTheCheckStopped() throws {
        // GIVEN an array schema of integers and 2,100,000 integers, then one string
        let schema = try SchemaDocument(document: JSONValue.parse(#"{"type": "array", "items": {"type": "integer"}}"#))
        var elements = [JSONValue](repeating: .number(JSONNumber(7)), count: 2_100_000)
        elements.append(.string("x"))
        // WHEN it is checked / THEN the check fails, naming where it stopped, not silently passing
        let failures = schema.validate(.array(elements))
        let stopped = try #require(failures.first, "the capped check passed")
        #expect(stopped.description.contains("the check stopped here"), "\(stopped)")
        #expect(stopped.description.contains("work budget"), "\(stopped)")
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
