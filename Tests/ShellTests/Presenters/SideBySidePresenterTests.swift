import Testing
@testable import Shell
import JSON
import Rendering

/// `compare`'s two columns: the same field on the same row, whatever order each side sends it in; arrays of
/// objects matched by id; the signs kept without colour; every line within the width.
@Suite struct SideBySidePresenterTests {
    func view(_ a: JSONValue, _ b: JSONValue) -> SideBySide {
        SideBySide(a: .init(title: "pets v1", request: "GET /v1/pets → 200", body: a),
                   b: .init(title: "pets v2", request: "GET /v2/pets → 200", body: b),
                   changes: JSONDiff.compare(a, b), summary: "")
    }

    @Test func fieldsAlignByPathAndCarryTheirSign() {
        // GIVEN v2 sends its members in another order, drops one, retypes one and adds one
        let a: JSONValue = ["id": 1, "name": "Rex", "tag": "dog", "age": "3"]
        let b: JSONValue = ["age": 3, "id": 1, "status": "available", "name": "Rex"]
        // WHEN shown 50 columns wide without colour
        let lines = SideBySidePresenter.lines(view(a, b), width: 50, style: .plain)
        // THEN each field sits on one row, in v1's order, the new one after its predecessor in v2
        #expect(lines == [
            "  pets v1               │   pets v2",
            "  GET /v1/pets → 200    │   GET /v2/pets → 200",
            "  id: 1                 │   id: 1",
            "  name: \"Rex\"           │   name: \"Rex\"",
            "- tag: \"dog\"            │",
            "~ age: \"3\"              │ ~ age: 3",
            "                        │ + status: \"available\"",
        ])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 50 })
    }

    @Test func arraysOfObjectsPairByIdAndLongValuesAreCut() {
        let a: JSONValue = ["data": [["id": "a", "n": 1], ["id": "b", "n": 2]]]
        let b: JSONValue = ["data": [["id": "b", "n": 2], ["id": "a", "n": 5], ["id": "c", "n": .string(String(repeating: "x", count: 80))]]]
        let lines = SideBySidePresenter.lines(view(a, b), width: 40, style: .plain)
        #expect(Array(lines.dropFirst(2)) == [
            "  data:            │   data:",
            "    [id=a]:        │     [id=a]:",
            "      id: \"a\"      │       id: \"a\"",
            "~     n: 1         │ ~     n: 5",
            "    [id=b]:        │     [id=b]:",
            "      id: \"b\"      │       id: \"b\"",
            "      n: 2         │       n: 2",
            "                   │ +   [id=c]:",
            "                   │ +     id: \"c\"",
            "                   │ +     n: \"xxxxxxx…",
        ])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
    }

    @Test func colourWrapsTheSignAndTheField() {
        let lines = SideBySidePresenter.lines(view(["a": 1], ["a": 2]), width: 40, style: .colored)
        #expect(lines[2].contains(TextStyle.colored.yellow("~ a: 1")))
        #expect(lines[2].hasSuffix(TextStyle.colored.yellow("~ a: 2")))
    }
}
