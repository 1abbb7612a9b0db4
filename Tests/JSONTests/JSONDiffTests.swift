import Testing
import JSON

@Suite struct JSONDiffTests {
    private let weatherV1: JSONValue = ["city": "Richmond", "state": "VA", "currentTemperature": "63"]
    private let weatherV2: JSONValue = [
        "city": "Richmond", "state": "VA", "currentTemperature": 63, "currentConditions": "Sunny",
    ]

    private func twit(_ id: String, likes: Int, liked: Bool = false) -> JSONValue {
        ["_id": .string(id), "likeCount": .number(JSONNumber(likes)), "isLike": .bool(liked), "writer": ["_id": "u02"]]
    }

    @Test func weatherUpgradeIsOneTypeChangeAndOneAddition() {
        // GIVEN weather v1 and v2 WHEN compared
        let changes = JSONDiff.compare(weatherV1, weatherV2)
        // THEN exactly the temperature's type changed and the conditions were added
        #expect(changes == [
            JSONChange(path: "currentTemperature", kind: .typeChanged, a: "63", b: 63),
            JSONChange(path: "currentConditions", kind: .added, a: nil, b: "Sunny"),
        ])
        #expect(changes.map(\.description) == [
            #"currentTemperature: type string → number ("63" → 63)"#,
            #"currentConditions: added "Sunny""#,
        ])
        #expect(changes.map(\.kind.rawValue) == ["type", "added"])
    }

    @Test func c1ControlsInPathsAndValuesAreEscaped() {
        // GIVEN a key and a value holding the one-byte CSI (U+009B)
        let changes = JSONDiff.compare(["k\u{9B}2J": "a"], ["k\u{9B}2J": "b\u{9B}31m"])
        // THEN the path quotes the key with the control escaped, and so does the value
        #expect(changes.map(\.description) == [#"["k\u009b2J"]: changed "a" → "b\u009b31m""#])
        #expect(!changes[0].description.unicodeScalars.contains { (0x80..<0xA0).contains($0.value) })
    }

    @Test func includeUnchangedListsEqualFieldsInOrder() {
        let changes = JSONDiff.compare(weatherV1, weatherV2, includeUnchanged: true)
        #expect(changes.map(\.path) == ["city", "state", "currentTemperature", "currentConditions"])
        #expect(changes.map(\.kind) == [.unchanged, .unchanged, .typeChanged, .added])
        #expect(changes[0].description == #"city: same "Richmond""#)
    }

    @Test func arraysWithIdsAreMatchedByIdNotPosition() throws {
        // GIVEN the same twits, reordered, with one like count moved
        let before: JSONValue = ["data": [twit("t01", likes: 3), twit("t02", likes: 7), twit("t03", likes: 0)]]
        let after: JSONValue = ["data": [twit("t03", likes: 0), twit("t02", likes: 8, liked: true), twit("t01", likes: 3)]]
        // WHEN compared
        let changes = JSONDiff.compare(before, after)
        // THEN only the real changes are reported, at paths that select the same element
        #expect(changes.map(\.description) == [
            "data[_id=t02].likeCount: changed 7 → 8",
            "data[_id=t02].isLike: changed false → true",
        ])
        #expect(try after.value(at: changes[0].path) == 8)
    }

    @Test func idMatchingReportsAddedAndRemovedElements() {
        let before: JSONValue = [["id": 1, "n": "a"], ["id": 2, "n": "b"]]
        let after: JSONValue = [["id": 3, "n": "c"], ["id": 1, "n": "a"]]
        let changes = JSONDiff.compare(before, after)
        #expect(changes.map(\.path) == ["[id=2]", "[id=3]"])
        #expect(changes.map(\.kind) == [.removed, .added])
        #expect(changes[0].a == ["id": 2, "n": "b"])
    }

    @Test func arraysWithoutIdsAreMatchedByIndex() {
        let changes = JSONDiff.compare(["list": [1, 2, 3]], ["list": [1, 5]])
        #expect(changes == [
            JSONChange(path: "list[1]", kind: .valueChanged, a: 2, b: 5),
            JSONChange(path: "list[2]", kind: .removed, a: 3, b: nil),
        ])
        // One element lacking an id means positions are used for all of them.
        let mixed = JSONDiff.compare([["id": 1], ["x": 1]], [["x": 1], ["id": 1]])
        #expect(mixed.map(\.description) == ["[0].id: removed 1", "[0].x: added 1", "[1].x: removed 1", "[1].id: added 1"])
    }

    @Test func memberOrderAndNumberSpellingAreNotChanges() throws {
        let first = try JSONValue.parse(#"{"a":1,"b":{"c":[1.0,2]}}"#)
        let second = try JSONValue.parse(#"{"b":{"c":[1,2e0]},"a":1.00}"#)
        #expect(JSONDiff.compare(first, second).isEmpty)
    }

    @Test func typeChangesStopTheDescent() {
        let changes = JSONDiff.compare(["a": ["x": 1]], ["a": [1]])
        #expect(changes.count == 1)
        #expect(changes[0].description == #"a: type object → array ({"x":1} → [1])"#)
        #expect(JSONDiff.compare(1, 2) == [JSONChange(path: ".", kind: .valueChanged, a: 1, b: 2)])
        #expect(JSONDiff.compare(nil, false).map(\.kind) == [.typeChanged])
    }

    @Test func longValuesAreCutInDescriptions() {
        let long = JSONValue.string(String(repeating: "x", count: 200))
        let description = JSONDiff.compare([:], ["k": long])[0].description
        #expect(description.count < 80)
        #expect(description.hasSuffix("…"))
    }

    @Test func compareShapesIgnoresValues() {
        #expect(JSONDiff.compareShapes(["a": 1, "b": "x"], ["a": 2, "b": "y"]).isEmpty)
        let changes = JSONDiff.compareShapes(weatherV1, weatherV2)
        #expect(changes == [
            JSONChange(path: "currentTemperature", kind: .typeChanged, aType: "string", bType: "number"),
            JSONChange(path: "currentConditions", kind: .added, aType: nil, bType: "string"),
        ])
        #expect(changes.map(\.description) == [
            "currentTemperature: type string → number",
            "currentConditions: added string",
        ])
    }

    @Test func compareShapesReportsSubtreesOnceAndNestedElementChanges() throws {
        let v2 = weatherV2
        let v3 = try JSONValue.parse(#"{"city":"R","state":"VA","currentTemperature":63,"humidity":48,"forecast":[{"day":"Mon","high":66}]}"#)
        #expect(JSONDiff.compareShapes(v2, v3).map(\.description) == [
            "currentConditions: removed string",
            "humidity: added number",
            "forecast: added array",
        ])
        let later = try JSONValue.parse(#"{"forecast":[{"day":"Mon","high":"66"},{"day":"Tue"}]}"#)
        let earlier = try JSONValue.parse(#"{"forecast":[{"day":"Mon","high":66}]}"#)
        #expect(JSONDiff.compareShapes(earlier, later).map(\.description) == [
            "forecast[].high: type number → string (optional)",
        ])
        #expect(JSONDiff.compareShapes(["a": 1], [1]).map(\.description) == [".: type object → array"])
    }
}
