import APIDescriptions
import Foundation
import JSON
import Schemas
import Mock

/// What checking an answer against its JSON Schema costs, in-process, beside what reading the answer costs.
///
/// - The groups page: a generated Meetup page (71 MB by default) parsed as apish parses an answer (into its
///   tape), against the check of that tape by a schema of every field the page holds (types, `required`,
///   bounds, lengths, a pattern, `$ref`s). The goal: the check costs no more than the parse. The same check
///   of the page's value tree, and the building of that tree, are measured beside it.
/// - Linear in size: the largest answer schemas of a real OpenAI 3.1 description, each with an instance the
///   mock's generator makes, whose first array is then repeated 1, 8 and 64 times; the cost per byte of the
///   largest against the smallest says whether the check stays linear.
struct SchemaBenchmark {
    let rounds: Int

    struct PageResult {
        let bytes: Int
        /// Parsing the page into its tape, as an answer is read.
        let parseSeconds: Double
        /// Checking it where it was parsed, on the tape.
        let checkSeconds: Double
        /// Building the page's value tree, and checking that tree: what other callers of the check do.
        let treeSeconds: Double
        let treeCheckSeconds: Double
        let failures: [DecodeFailure]
    }

    func page(_ document: BenchDocument) throws -> PageResult {
        let schema = try SchemaDocument(document: JSONValue.parse(Data(Self.groupsSchema.utf8)))
        let data = Data(document.bytes)
        var best = (parse: Double.infinity, check: Double.infinity, tree: Double.infinity, treeCheck: Double.infinity)
        var failures: [DecodeFailure] = []
        for round in 0...rounds {
            var parsed: JSONDocument?
            let parse = try Stopwatch.seconds { parsed = try JSONDocument.parse(data) }
            guard let parsed else { throw BenchFailure("the groups page did not parse") }
            var found: [DecodeFailure] = []
            let check = Stopwatch.seconds { found = schema.validate(parsed, limit: 5, use: .response) }
            var value = JSONValue.null
            let tree = Stopwatch.seconds { value = parsed.value }
            var foundInTree: [DecodeFailure] = []
            let treeCheck = Stopwatch.seconds { foundInTree = schema.validate(value, limit: 5, use: .response) }
            guard found == foundInTree else { throw BenchFailure("the tape and the tree check disagree: \(found) against \(foundInTree)") }
            failures = found
            // Round 0 warms up and is not counted.
            if round > 0 {
                best = (min(best.parse, parse), min(best.check, check), min(best.tree, tree), min(best.treeCheck, treeCheck))
            }
        }
        return PageResult(bytes: data.count, parseSeconds: best.parse, checkSeconds: best.check, treeSeconds: best.tree,
                          treeCheckSeconds: best.treeCheck, failures: failures)
    }

    struct ScaleResult {
        let schema: String
        /// Bytes and seconds of the check at each repetition, smallest first.
        let points: [(repeats: Int, bytes: Int, seconds: Double)]
        var growth: Double {
            guard let first = points.first, let last = points.last, first.seconds > 0 else { return .nan }
            return (last.seconds / Double(last.bytes)) / (first.seconds / Double(first.bytes))
        }
    }

    static let repeats = [1, 8, 64]

    /// The `count` answer schemas (components named `…Response`) whose generated instances are largest.
    func scale(descriptionPath: String, count: Int) throws -> [ScaleResult] {
        let text = try Data(contentsOf: URL(fileURLWithPath: descriptionPath))
        let root = try APIDocumentText.parse(text)
        guard case .object(let schemas)? = root["components"]?["schemas"] else { throw BenchFailure("\(descriptionPath): no components.schemas") }
        var candidates: [(name: String, schema: SchemaDocument, instance: JSONValue, bytes: Int)] = []
        for name in schemas.keys where name.hasSuffix("Response") {
            let schema = try SchemaDocument(document: root, pointer: "#/components/schemas/\(name)", dialect: .draft2020)
            let instance = GeneratedInstance.of(schema.root, in: root, seed: name)
            // An instance the schema refuses (a generator's cut) measures a failing check: leave it out.
            guard schema.validate(instance, limit: 1, use: .response).isEmpty, Self.firstArray(in: instance) != nil else { continue }
            candidates.append((name, schema, instance, instance.encoded().utf8.count))
        }
        let largest = candidates.sorted { $0.bytes > $1.bytes }.prefix(count)
        guard !largest.isEmpty else { throw BenchFailure("\(descriptionPath): no answer schema with an array to grow") }
        return largest.map { candidate in
            let points = Self.repeats.map { repeats -> (repeats: Int, bytes: Int, seconds: Double) in
                let grown = Self.repeating(firstArrayOf: candidate.instance, times: repeats)
                var best = Double.infinity
                for round in 0...rounds {
                    var failures: [DecodeFailure] = []
                    let seconds = Stopwatch.seconds { failures = candidate.schema.validate(grown, limit: 1, use: .response) }
                    precondition(failures.isEmpty, "a repeated valid instance is valid")
                    if round > 0 { best = min(best, seconds) }
                }
                return (repeats, grown.encoded().utf8.count, best)
            }
            return ScaleResult(schema: candidate.name, points: points)
        }
    }

    /// Where the first array is, breadth first: the list an answer holds.
    static func firstArray(in value: JSONValue) -> [String]? {
        var queue: [(path: [String], value: JSONValue)] = [([], value)]
        while !queue.isEmpty {
            let (path, current) = queue.removeFirst()
            if case .array(let elements) = current, !elements.isEmpty { return path }
            if case .object(let object) = current {
                for (key, member) in object { queue.append((path + [key], member)) }
            }
        }
        return nil
    }

    static func repeating(firstArrayOf value: JSONValue, times: Int) -> JSONValue {
        guard let path = firstArray(in: value) else { return value }
        return replacing(path[...], in: value) { elements in
            Array(repeating: elements, count: times).flatMap { $0 }
        }
    }

    private static func replacing(_ path: ArraySlice<String>, in value: JSONValue, _ grow: ([JSONValue]) -> [JSONValue]) -> JSONValue {
        guard let key = path.first else {
            if case .array(let elements) = value { return .array(grow(elements)) }
            return value
        }
        guard case .object(var object) = value, let member = object[key] else { return value }
        object[key] = replacing(path.dropFirst(), in: member, grow)
        return .object(object)
    }

    /// Every field of `BenchDocument`'s groups, as an answer schema would declare them.
    static let groupsSchema = #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "type": "object",
      "required": ["results", "meta"],
      "properties": {
        "results": {"type": "array", "items": {"$ref": "#/$defs/group"}},
        "meta": {"type": "object", "required": ["count", "total_count"], "properties": {
          "count": {"type": "integer", "minimum": 0}, "total_count": {"type": "integer", "minimum": 0},
          "next": {"type": "string"}, "url": {"type": "string", "format": "uri"},
          "lat": {"type": "number"}, "lon": {"type": "number"}, "title": {"type": "string"}, "method": {"type": "string"}}}
      },
      "$defs": {
        "group": {
          "type": "object",
          "required": ["id", "name", "urlname", "link", "city", "country", "lat", "lon", "members"],
          "properties": {
            "id": {"type": "integer"}, "name": {"type": "string", "minLength": 1}, "urlname": {"type": "string", "pattern": "^[a-z]+-[0-9]+$"},
            "link": {"type": "string", "format": "uri"}, "description": {"type": "string"}, "who": {"type": "string"},
            "city": {"type": "string"}, "state": {"type": "string"}, "country": {"type": "string", "minLength": 2, "maxLength": 2},
            "lat": {"type": "number", "minimum": -90, "maximum": 90}, "lon": {"type": "number", "minimum": -180, "maximum": 180},
            "members": {"type": "integer", "minimum": 0}, "rating": {"type": "number", "minimum": 0, "maximum": 5},
            "created": {"type": "integer"}, "join_mode": {"enum": ["open", "approval", "closed"]},
            "visibility": {"type": "string"}, "timezone": {"type": "string"},
            "organizer": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "member_id": {"type": "integer"}}},
            "category": {"$ref": "#/$defs/category"},
            "topics": {"type": "array", "items": {"$ref": "#/$defs/topic"}},
            "group_photo": {"type": "object", "properties": {
              "photo_link": {"type": "string"}, "highres_link": {"type": "string"}, "thumb_link": {"type": "string"},
              "photo_id": {"type": "integer"}}}
          }
        },
        "category": {"type": "object", "required": ["id", "name"], "properties": {
          "id": {"type": "integer"}, "name": {"type": "string"}, "shortname": {"type": "string"}}},
        "topic": {"type": "object", "required": ["id", "name"], "properties": {
          "id": {"type": "integer"}, "urlkey": {"type": "string"}, "name": {"type": "string"}}}
      }
    }
    """#
}
