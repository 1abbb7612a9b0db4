import APIDescriptions
import JSON
import HTTPClient
import HTTPTypes

/// One operation as the mock serves it: its path template read into segments once, and its responses as
/// written (for their media types, examples and headers).
struct MockOperation: Sendable {
    /// One segment of a path template: `pets`, or `{petId}` with what stands around it (`{id}.json`).
    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(name: String, prefix: String, suffix: String)
    }

    /// One declared response, as written.
    struct Response: Sendable {
        /// `200`, `2XX`, `default`.
        let key: String
        /// The response object with its `$ref` followed.
        let written: JSONValue
    }

    let operation: OpenAPIOperation
    let segments: [Segment]
    let responses: [Response]
    /// `GET /pets/{petId}` of `petstore v1`: what the generated values are seeded by.
    let seed: String

    init(_ operation: OpenAPIOperation, in document: RawDocument, version: String) {
        self.operation = operation
        segments = operation.path.split(separator: "/").map(Self.segment)
        let written = document.operation(path: operation.path, method: operation.method.rawValue)
        var responses: [Response] = []
        if case .object(let declared)? = document.resolved(written?["responses"]) {
            for (key, value) in declared {
                responses.append(Response(key: key, written: document.resolved(value) ?? value))
            }
        }
        self.responses = responses
        seed = "\(version) \(operation.signature)"
    }

    private static func segment(_ text: Substring) -> Segment {
        guard let open = text.firstIndex(of: "{"), let close = text[open...].firstIndex(of: "}") else {
            return .literal(String(text))
        }
        return .parameter(
            name: String(text[text.index(after: open)..<close]), prefix: String(text[..<open]),
            suffix: String(text[text.index(after: close)...]))
    }

    /// The path parameters when `path` (decoded segments under the version's base) fits the template, and
    /// how many segments matched literally (the better match has more).
    func match(_ path: ArraySlice<String>) -> (values: [String: String], literals: Int)? {
        guard path.count == segments.count else { return nil }
        var values: [String: String] = [:]
        var literals = 0
        for (segment, text) in zip(segments, path) {
            switch segment {
            case .literal(let literal):
                guard literal == text else { return nil }
                literals += 1
            case let .parameter(name, prefix, suffix):
                guard text.count >= prefix.count + suffix.count, text.hasPrefix(prefix), text.hasSuffix(suffix) else { return nil }
                let value = text.dropFirst(prefix.count).dropLast(suffix.count)
                guard !value.isEmpty else { return nil }
                values[name] = String(value)
            }
        }
        return (values, literals)
    }

    /// The response declared for `status`: exactly, else its class (`4XX`), else `default`.
    func response(for status: Int) -> Response? {
        let exact = String(status), range = "\(status / 100)XX"
        return responses.first { $0.key == exact }
            ?? responses.first { $0.key.uppercased() == range }
            ?? responses.first { $0.key.lowercased() == "default" }
    }

    /// The status answered when the request asks for none: the lowest declared success, else `2XX` as 200,
    /// else the lowest status declared, else 200 (`default`, or nothing declared).
    var defaultStatus: Int {
        let numbered = responses.compactMap { Int($0.key) }.sorted()
        if let success = numbered.first(where: { (200..<300).contains($0) }) { return success }
        if responses.contains(where: { $0.key.uppercased() == "2XX" }) { return 200 }
        return numbered.first ?? 200
    }

    /// Declared statuses, for messages.
    var declaredStatuses: [String] { responses.map(\.key) }
}
