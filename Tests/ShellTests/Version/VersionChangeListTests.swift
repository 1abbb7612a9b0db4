import Facade
import Testing
@testable import Shell
import JSON
@testable import Rendering

@Suite struct VersionChangeListTests {
    let weatherV1: JSONValue = ["city": "Richmond", "currentTemperature": "63"]
    let weatherV2: JSONValue = ["city": "Richmond", "currentTemperature": 63, "currentConditions": "Sunny"]

    @Test func linesAlignPathsAndLabels() {
        let changes = JSONDiff.compare(weatherV1, weatherV2)
        #expect(ChangeList.lines(changes) == [
            #"~ currentTemperature  type string → number  "63" → 63"#,
            #"+ currentConditions   added                 "Sunny""#,
        ])
    }

    @Test func removedValueAndUnchangedLines() {
        let changes = JSONDiff.compare(["a": 1, "b": true, "c": "x"], ["a": 2, "c": "x"], includeUnchanged: true)
        #expect(ChangeList.lines(changes, indent: "  ") == [
            "  ~ a  changed  1 → 2",
            "  - b  removed  true",
            #"  = c  same     "x""#,
        ])
    }

    @Test func longValuesAreCut() {
        let long = JSONValue.string(String(repeating: "x", count: 200))
        let line = ChangeList.lines(JSONDiff.compare(["a": 1], ["a": 1, "note": long]))[0]
        #expect(line.hasSuffix("…"))
        #expect(line.count < 90)
    }

    @Test func colourMarksTheKindWhenAllowed() {
        let lines = ChangeList.lines(JSONDiff.compare(weatherV1, weatherV2), style: .colored)
        #expect(lines[1].hasPrefix("\u{1B}[32m+ \u{1B}[0m"))
        #expect(DisplayWidth.of(lines[0]) == DisplayWidth.of(ChangeList.lines(JSONDiff.compare(weatherV1, weatherV2))[0]))
    }

    @Test func summaryCountsChangesAndUnchanged() {
        let changes = JSONDiff.compare(weatherV1, weatherV2, includeUnchanged: true)
        #expect(ChangeList.summary(changes, schema: false, between: "weather v1 and v2") == "2 changes, 1 unchanged between weather v1 and v2")
        #expect(ChangeList.summary([], schema: false, between: "x v1 and v2") == "no changes between x v1 and v2")
        let one = JSONDiff.compareShapes(["a": 1], ["a": "1"])
        #expect(ChangeList.summary(one, schema: true, between: "x v1 and v2") == "1 schema change between x v1 and v2")
    }

    @Test func jsonCarriesValuesOrTypes() {
        let values = ChangeList.json(JSONDiff.compare(weatherV1, weatherV2))
        #expect(values[0]?["change"] == "type")
        #expect(values[0]?["a"] == "63")
        #expect(values[0]?["b"] == 63)
        #expect(values[0]?["bType"] == "number")
        #expect(values[1]?["a"] == .null)
        let shapes = ChangeList.json(JSONDiff.compareShapes(weatherV1, weatherV2))
        #expect(shapes[0]?["a"] == "string")
        #expect(shapes[0]?["b"] == "number")
        #expect(shapes[1]?["change"] == "added")
        #expect(shapes[1]?["b"] == "string")
    }
}
