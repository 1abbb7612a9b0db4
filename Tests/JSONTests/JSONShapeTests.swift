import Testing
import JSON

@Suite struct JSONShapeTests {
    private func rows(_ value: JSONValue) -> [String] {
        value.shape.flattened.map { "\($0.path) \($0.type)" }
    }

    @Test func listsWeatherV3FieldsWithMergedForecastElements() throws {
        let weather = try JSONValue.parse("""
        {"city":"Richmond","state":"VA","currentTemperature":63,"currentConditions":"Sunny","humidity":48,
         "forecast":[{"day":"Mon","high":66,"low":51,"conditions":"Cloudy"},
                     {"day":"Tue","high":70,"low":55,"conditions":"Sunny"}]}
        """)
        #expect(rows(weather) == [
            "city string", "state string", "currentTemperature number", "currentConditions string",
            "humidity number", "forecast array", "forecast[] object", "forecast[].day string",
            "forecast[].high number", "forecast[].low number", "forecast[].conditions string",
        ])
    }

    @Test func mergesTypesAndMarksFieldsMissingFromSomeElements() throws {
        let value = try JSONValue.parse(#"{"items":[{"v":1},{"v":"x","extra":true},{"v":null}]}"#)
        #expect(rows(value) == [
            "items array", "items[] object", "items[].v number|string|null", "items[].extra boolean (optional)",
        ])
        let element = try #require(value.shape.fields.first?.shape.element)
        #expect(element.fields.map(\.isOptional) == [false, true])
    }

    @Test func describesRootArraysNestedArraysAndEmptyArrays() throws {
        #expect(rows(try JSONValue.parse(#"[1,"a",{"k":1}]"#)) == [". array", "[] object|number|string", "[].k number"])
        #expect(rows(try JSONValue.parse(#"{"m":[[1,2],[3]],"e":[]}"#)) == [
            "m array", "m[] array", "m[][] number", "e array",
        ])
        #expect(rows("text") == [". string"])
        #expect(rows(try JSONValue.parse(#"{"odd key":{"a.b":1}}"#)) == [#"["odd key"] object"#, #"["odd key"]["a.b"] number"#])
    }

    @Test func rendersACompactDescription() throws {
        let value = try JSONValue.parse(#"{"city":"x","forecast":[{"high":1},{"high":2,"note":"n"}],"tags":[],"v":[1,"2"]}"#)
        #expect(value.shape.description == "{city: string, forecast: [{high: number, note?: string}], tags: [], v: [number|string]}")
        #expect(value.shape.typeName == "object")
    }

    @Test func mergingShapesOfSeparateValues() {
        let first: JSONValue = ["a": 1, "b": "x"]
        let second: JSONValue = ["a": "1", "c": nil]
        let merged = first.shape.merged(with: second.shape)
        #expect(merged.flattened.map { "\($0.path) \($0.type)" } == [
            "a number|string", "b string (optional)", "c null (optional)",
        ])
        #expect(merged.kinds == .object)
    }
}
