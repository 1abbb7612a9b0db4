import APIDescriptions
import JSON
import HTTPClient
import HTTPTypes

/// One operation as the mock serves it: its path template read into segments once, and its responses as
/// written (for their media types, examples and headers).
struct MockOperation: Sendable {
    /// One declared response, as written, with what of it can reach a response head.
    struct Response: Sendable {
        /// `200`, `2XX`, `default`.
        let key: String
        /// The response object with its `$ref` followed.
        let written: JSONValue
        /// The declared headers that may be sent (`MockHeadText`), each with its header object resolved.
        var headers: [(name: String, header: JSONValue?)] = []
        /// The `content` keys that may be a Content-Type.
        var mediaTypes: [String] = []
        /// For a media type whose declared example its schema refuses, why (sent as `X-Mock-Warning`).
        var exampleProblems: [String: String] = [:]
    }

    let operation: OpenAPIOperation
    let responses: [Response]
    /// `GET /pets/{petId}` of `petstore v1`: what the generated values are seeded by.
    let seed: String
    /// What of the description the mock leaves out or serves against its own schema, said once at start.
    let warnings: [String]

    init(_ operation: OpenAPIOperation, in document: RawDocument, version: String) {
        self.operation = operation
        seed = "\(version) \(operation.signature)"
        let written = document.operation(path: operation.path, method: operation.method.rawValue)
        var responses: [Response] = []
        var warnings: [String] = []
        if case .object(let declared)? = document.resolved(written?["responses"]) {
            for (key, value) in declared {
                guard MockStatus.isServable(key) else {
                    warnings.append("\(operation.displayName): response '\(key)' is skipped (a final status is 200–599, a range 2XX–5XX, or default)")
                    continue
                }
                var response = Response(key: key, written: document.resolved(value) ?? value)
                let schema = operation.responses.first { $0.status == key }?.schema
                warnings += response.readHead(in: document, schema: schema, seed: seed, operation: operation.displayName)
                responses.append(response)
            }
        }
        self.responses = responses
        self.warnings = warnings
    }

    /// The path parameters when `path` (decoded segments under the version's base) fits the template, and
    /// how many segments matched literally (the better match has more).
    func match(_ path: ArraySlice<String>) -> (values: [String: String], literals: Int)? {
        operation.template.match(path)
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
        let numbered = responses.compactMap { MockStatus.code($0.key) }.sorted()
        if let success = numbered.first(where: { (200..<300).contains($0) }) { return success }
        if responses.contains(where: { $0.key.uppercased() == "2XX" }) { return 200 }
        return numbered.first ?? 200
    }

    /// Declared statuses, for messages.
    var declaredStatuses: [String] { responses.map(\.key) }
}
