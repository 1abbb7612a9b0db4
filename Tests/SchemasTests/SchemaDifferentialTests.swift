import Foundation
import Testing
import JSON
import TestSupport
@testable import Schemas

/// apish's validator gives python-jsonschema's verdict (Tests/Fixtures/python/jsonschema_verdicts.py) on
/// generated schema/instance pairs, for draft 4 and draft 2020-12: every keyword, composed a few levels
/// deep, against values from a small vocabulary that hits both sides of each bound (`1` and `1.0`, `"ä"` and
/// `"a\u{308}"`, `true` and `1`). Numbers stay exact in binary (python divides floats), patterns stay
/// within what both regex engines read alike.
@Suite struct SchemaDifferentialTests {
    struct Generator {
        var random: SeededRandom
        let draft4: Bool

        mutating func schema(depth: Int) -> JSONValue {
            // Draft 4 has no boolean schemas (only `additionalProperties`/`additionalItems` take a boolean).
            if depth > 2 || random.chance(8) { return draft4 || random.chance(70) ? leaf() : .bool(random.chance(60)) }
            var members: [(String, JSONValue)] = []
            let count = 1 + random.below(3)
            for _ in 0..<count {
                members += keyword(depth: depth)
            }
            return .object(JSONObject(members))
        }

        private mutating func leaf() -> JSONValue {
            .object(JSONObject(keyword(depth: 3)))
        }

        private mutating func names() -> JSONValue {
            var chosen: [JSONValue] = []
            for name in ["a", "b", "foo", "\u{E4}"] where random.chance(40) { chosen.append(.string(name)) }
            return .array(chosen.isEmpty ? ["a"] : chosen)
        }

        private mutating func schemas(_ count: Int, depth: Int) -> JSONValue {
            .array((0..<count).map { _ in schema(depth: depth + 1) })
        }

        private mutating func keyword(depth: Int) -> [(String, JSONValue)] {
            let nested = depth < 3
            switch random.below(nested ? 30 : 16) {
            case 0: return [("type", random.pick(["string", "number", "integer", "boolean", "object", "array", "null"]))]
            case 1: return [("type", .array([random.pick(["string", "integer", "object"]), random.pick(["null", "number", "array"])]))]
            case 2: return [("enum", .array((0..<(1 + random.below(3))).map { _ in value(depth: 2) }))]
            case 3: return draft4 ? [("minimum", random.pick([0, 1, 2]))] : [("const", value(depth: 2))]
            case 4:
                if draft4 { return [("maximum", random.pick([1, 2, 3])), ("exclusiveMaximum", .bool(random.chance(50)))] }
                return [random.chance(50) ? ("exclusiveMinimum", random.pick([0, 1])) : ("maximum", random.pick([1.5, 2, 10]))]
            case 5: return [("multipleOf", random.pick([0.5, 2, 3]))]
            case 6: return [("minLength", .number(JSONNumber(random.below(3))))]
            case 7: return [("maxLength", .number(JSONNumber(random.below(3))))]
            case 8: return [("pattern", random.pick(["^a", "b$", "^[a-c]*$", "x*y", "^.$"]))]
            case 9: return [("minItems", .number(JSONNumber(random.below(3))))]
            case 10: return [("maxItems", .number(JSONNumber(random.below(3))))]
            case 11: return [("uniqueItems", .bool(random.chance(70)))]
            case 12: return [("required", names())]
            case 13: return [("minProperties", .number(JSONNumber(random.below(3))))]
            case 14: return [("maxProperties", .number(JSONNumber(random.below(3))))]
            case 15: return [("type", random.pick(["object", "array", "number"]))]
            case 16:
                var properties: [(String, JSONValue)] = []
                for name in ["a", "b", "\u{E4}"] where random.chance(50) { properties.append((name, schema(depth: depth + 1))) }
                return [("properties", .object(JSONObject(properties)))]
            case 17: return [("additionalProperties", random.chance(50) ? .bool(false) : schema(depth: depth + 1))]
            case 18: return [("patternProperties", .object(JSONObject([(random.pick(["^f", "o$", "^[ab]$"]), schema(depth: depth + 1))])))]
            case 19:
                if draft4 {
                    return [("dependencies", .object(JSONObject([("a", random.chance(50) ? names() : schema(depth: depth + 1))])))]
                }
                return [random.chance(50) ? ("dependentRequired", .object(JSONObject([("a", names())])))
                                          : ("dependentSchemas", .object(JSONObject([("a", schema(depth: depth + 1))])))]
            case 20: return [("items", schema(depth: depth + 1))]
            case 21:
                if draft4 {
                    return [("items", schemas(1 + random.below(2), depth: depth)), ("additionalItems", schema(depth: depth + 1))]
                }
                return [("prefixItems", schemas(1 + random.below(2), depth: depth))]
                    + (random.chance(50) ? [("items", schema(depth: depth + 1))] : [])
            case 22:
                if draft4 { return [("not", schema(depth: depth + 1))] }
                var members: [(String, JSONValue)] = [("contains", schema(depth: depth + 1))]
                if random.chance(40) { members.append(("minContains", .number(JSONNumber(random.below(3))))) }
                if random.chance(40) { members.append(("maxContains", .number(JSONNumber(1 + random.below(2))))) }
                return members
            case 23: return [("allOf", schemas(1 + random.below(2), depth: depth))]
            case 24: return [("anyOf", schemas(1 + random.below(3), depth: depth))]
            case 25: return [("oneOf", schemas(2 + random.below(2), depth: depth))]
            case 26: return [("not", schema(depth: depth + 1))]
            case 27:
                if draft4 { return [("$ref", random.pick(["#/definitions/positive", "#/definitions/short"]))] }
                return [("if", schema(depth: depth + 1)), ("then", schema(depth: depth + 1))]
                    + (random.chance(60) ? [("else", schema(depth: depth + 1))] : [])
            case 28:
                if draft4 { return [("allOf", [.object(["$ref": "#/definitions/positive"])])] }
                return [random.chance(50) ? ("unevaluatedProperties", random.chance(60) ? .bool(false) : schema(depth: depth + 1))
                                          : ("unevaluatedItems", random.chance(60) ? .bool(false) : schema(depth: depth + 1))]
            default:
                if draft4 { return [("$ref", "#/definitions/short")] }
                return [("propertyNames", random.chance(50) ? ["maxLength": 1] : ["pattern": "^[a-f]"])]
                    + (random.chance(50) ? [("$ref", random.pick(["#/$defs/positive", "#/$defs/short"]))] : [])
            }
        }

        mutating func value(depth: Int) -> JSONValue {
            switch random.below(depth > 1 ? 6 : 9) {
            case 0: return .null
            case 1: return .bool(random.chance(50))
            case 2, 3:
                let text = random.pick(["0", "1", "1.0", "1.5", "2", "3", "-1", "10", "0.5", "6", "9007199254740993"])
                return .number(JSONNumber(text: text) ?? 0)
            case 4, 5: return .string(random.pick(["", "a", "ab", "b", "abc", "\u{E4}", "a\u{308}", "xy", "foo", "x"]))
            case 6, 7: return .array((0..<random.below(4)).map { _ in value(depth: depth + 1) })
            default:
                var members: [(String, JSONValue)] = []
                for name in ["a", "b", "foo", "\u{E4}", "a\u{308}"] where random.chance(35) { members.append((name, value(depth: depth + 1))) }
                return .object(JSONObject(members))
            }
        }
    }

    /// `count` schemas of one draft, each with `instances` values, every `$ref` target in place.
    static func cases(draft4: Bool, seed: UInt64, count: Int, instances: Int) -> [(schema: JSONValue, instances: [JSONValue])] {
        var generator = Generator(random: SeededRandom(seed: seed), draft4: draft4)
        let definitions: JSONValue = ["positive": ["minimum": 0], "short": ["maxLength": 2]]
        return (0..<count).map { _ in
            let generated = generator.schema(depth: 0)
            var schema: JSONObject
            if case .object(let object) = generated { schema = object } else { schema = ["allOf": [generated]] }
            schema[draft4 ? "definitions" : "$defs"] = definitions
            return (.object(schema), (0..<instances).map { _ in generator.value(depth: 0) })
        }
    }

    /// python-jsonschema's verdicts on the cases.
    static func reference(_ cases: [(draft: String, schema: JSONValue, instances: [JSONValue])]) throws -> [[Bool]] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apish-jsonschema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("cases.json")
        let document = JSONValue.array(cases.map { ["draft": .string($0.draft), "schema": $0.schema, "instances": .array($0.instances)] })
        try document.encodedData().write(to: file)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/python/jsonschema_verdicts.py")
        let data = try PythonReference.run(script, [file.path], installedBy: "scripts/setup --test installs jsonschema")
        guard case .array(let lists) = try JSONValue.parse(data) else { throw PythonReference.Failure(description: "jsonschema_verdicts.py wrote no list") }
        return lists.map { ($0.arrayValue ?? []).map { $0.boolValue ?? false } }
    }

    @Test func apishAgreesWithPythonJSONSchema() throws {
        var all: [(draft: String, schema: JSONValue, instances: [JSONValue])] = []
        for (draft, seed) in [("4", UInt64(4)), ("2020-12", UInt64(2020))] {
            all += Self.cases(draft4: draft == "4", seed: seed, count: 400, instances: 8).map { (draft, $0.schema, $0.instances) }
        }
        let expected = try Self.reference(all)
        try #require(expected.count == all.count)
        var disagreements: [String] = []
        var valid = 0
        var total = 0
        for (index, testCase) in all.enumerated() {
            let document = try SchemaDocument(document: testCase.schema, dialect: testCase.draft == "4" ? .draft4 : .draft2020)
            for (offset, instance) in testCase.instances.enumerated() {
                let apish = document.validate(instance, limit: 1).isEmpty
                total += 1
                if apish { valid += 1 }
                if apish != expected[index][offset] {
                    disagreements.append("draft \(testCase.draft) \(testCase.schema.encoded()) on \(instance.encoded()): python says \(expected[index][offset]), apish \(apish)")
                }
            }
        }
        #expect(disagreements.isEmpty, Comment(rawValue: "\(disagreements.count) of \(total) disagree:\n" + disagreements.prefix(20).joined(separator: "\n")))
        // Both verdicts are well represented, so agreement is not agreement on "valid" alone.
        #expect(valid > total / 5 && valid < total * 4 / 5, "valid \(valid) of \(total)")
    }
}
