import APIDescriptions
import FoundationFree
import JSON
import Schemas
import HTTPServer

/// The answer the mock gives one operation at one status: the declared headers, the media type the
/// request accepts, and the body — the media type's `example`, else the first of its `examples`, else a
/// value from the schema (`ValueGenerator`: its example, default, const or first enum value, else made
/// from it). `Prefer: example=NAME` picks a named example, `Prefer: dynamic=true` draws from the schema.
struct MockAnswer: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    /// Made once per operation, status, media type and example while it is not dynamic: the same request
    /// gets the same bytes.
    static func make(
        _ operation: MockOperation, status: Int, preference: MockPreference, accept: String?, version: MockVersion,
        draw: Int
    ) throws(MockProblem) -> MockAnswer {
        guard let response = operation.response(for: status) else {
            throw MockProblem(
                status: 404, title: "No such answer",
                detail: "\(operation.operation.displayName) declares no \(status) answer (it declares \(operation.declaredStatuses.joined(separator: ", ")))",
                members: [("expected", .string(operation.declaredStatuses.joined(separator: ", "))), ("found", .string(String(status)))])
        }
        let document = version.document
        var seed = "\(operation.seed) \(status)"
        if preference.dynamic { seed += " dynamic \(draw)" }
        var generator = ValueGenerator(document: document, seed: seed, dynamic: preference.dynamic)
        var headers: [(name: String, value: String)] = []
        for (name, header) in response.headers {
            let value = headerValue(header, in: document, generator: &generator)
            // Checked at start already; a value drawn now (Prefer: dynamic) is held to the same rule.
            if HTTPFieldSyntax.problem(name: name, value: value) == nil { headers.append((name, value)) }
        }
        if version.deprecated || operation.operation.deprecated { headers.append(("Deprecation", "true")) }
        if let sunset = version.sunsetHeader { headers.append(("Sunset", sunset)) }

        let content = response.written["content"]?.objectValue ?? JSONObject()
        guard HTTPStatus.allowsBody(status), let mediaType = Self.mediaType(in: response.mediaTypes, accept: accept) else {
            return MockAnswer(status: status, headers: headers, body: [])
        }
        headers.insert(("Content-Type", mediaType), at: 0)
        let media = document.resolved(content[mediaType])
        let value: JSONValue
        if let name = preference.example {
            let examples = document.resolved(media?["examples"])?.objectValue ?? JSONObject()
            guard let example = examples[name].flatMap({ document.resolved($0)?["value"] }) else {
                throw MockProblem(
                    status: 404, title: "No such example",
                    detail: "\(operation.operation.displayName) has no example '\(name)' for \(status) \(mediaType)"
                        + (examples.isEmpty ? "" : " (it has \(examples.keys.joined(separator: ", ")))"),
                    members: [("expected", .string(examples.keys.joined(separator: ", "))), ("found", .string(name))])
            }
            value = example
        } else if !preference.dynamic, let example = media?["example"] ?? Self.firstExample(media?["examples"], in: document) {
            value = example
            // The publisher's example is served as written; that it fails its own schema is said, not hidden.
            if let problem = response.exampleProblems[mediaType] { headers.append(("X-Mock-Warning", "example fails its schema: \(problem)")) }
        } else if let schema = Self.schema(of: operation, status: response.key) {
            value = generator.value(for: schema)
            for shortfall in generator.shortfalls { headers.append(("X-Mock-Warning", MockHeadText.fieldValue(shortfall))) }
        } else {
            value = .string("")
        }
        let body: [UInt8]
        if !Self.isJSON(mediaType), case .string(let text) = value {
            body = Array(text.utf8)
        } else {
            body = [UInt8](value.encodedData())
        }
        return MockAnswer(status: status, headers: headers, body: body)
    }

    /// The reader's schema for the response written under `key`.
    private static func schema(of operation: MockOperation, status key: String) -> JSONSchema? {
        operation.operation.responses.first { $0.status == key }?.schema
    }

    /// A declared header's value: its example (or first named one), else one from its schema.
    static func headerValue(_ header: JSONValue?, in document: RawDocument, generator: inout ValueGenerator) -> String {
        let example = header?["example"] ?? firstExample(header?["examples"], in: document)
        return example.map(headerText) ?? generator.text(forWritten: header?["schema"])
    }

    /// The first named example's value.
    static func firstExample(_ examples: JSONValue?, in document: RawDocument) -> JSONValue? {
        guard case .object(let named)? = document.resolved(examples), let first = named.values.first else { return nil }
        return document.resolved(first)?["value"]
    }

    private static func headerText(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return value.encoded()
    }

    static func isJSON(_ mediaType: String) -> Bool {
        let type = essence(mediaType)
        return type == "application/json" || type.hasSuffix("+json")
    }

    /// `application/json; charset=utf-8` → `application/json`.
    static func essence(_ mediaType: String) -> String { OpenAPIRequestBody.essence(mediaType) }

    /// The declared media type the request accepts (`Accept`, with `*/*` and `type/*`), JSON first; without
    /// an `Accept`, or when none fits, the first JSON one, else the first.
    static func mediaType(in declared: [String], accept: String?) -> String? {
        guard !declared.isEmpty else { return nil }
        let ranges = (accept ?? "").split(separator: ",").map { essence(String($0)) }.filter { !$0.isEmpty }
        let ordered = declared.filter(isJSON) + declared.filter { !isJSON($0) }
        for range in ranges where range != "*/*" {
            if range.hasSuffix("/*") {
                let prefix = range.dropLast()
                if let found = ordered.first(where: { essence($0).hasPrefix(prefix) }) { return found }
            } else if let found = ordered.first(where: { essence($0) == range }) {
                return found
            }
        }
        return ordered.first
    }

    /// `2027-06-30` as an IMF-fixdate, `Wed, 30 Jun 2027 00:00:00 GMT` (RFC 8594 dates the `Sunset`
    /// header so); nil for text that is not such a day.
    static func httpDate(_ day: String) -> String? {
        let parts = day.split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let date = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(date), parts[0].count == 4
        else { return nil }
        let days = CivilTime.days(year: year, month: month, day: date)
        let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let weekday = weekdays[((days % 7) + 7) % 7]
        return "\(weekday), \(date < 10 ? "0" : "")\(date) \(months[month - 1]) \(year) 00:00:00 GMT"
    }
}
