import APIDescriptions
import FoundationFree
import HTTPServer
import HTTPClient
import HTTPTypes
import JSON
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Answers one request of the mock: finds the version by its base path and the operation by method and
/// path template (the most literal segments winning), holds the request to the operation's security and
/// to the checks `call` makes (`OpenAPIReceivedRequest`), and answers as `MockAnswer` says. `GET /` lists
/// the versions served.
final class MockResponder: Sendable {
    private struct Served: Sendable {
        let version: MockVersion
        let baseSegments: [String]
        let operations: [MockOperation]
    }

    private let served: [Served]
    /// Answers already made (not dynamic ones), by what they were made from, bounded in bytes.
    let answers: MockAnswerCache
    /// Answers made at once, at most.
    private let generation: MockGenerationLimit
    /// Keeps dynamic answers apart from each other while the sequence stays the same from run to run.
    private let draws = Atomic<Int>(0)
    /// What of the descriptions is not served as written (headers, media types, statuses, patterns,
    /// examples that fail their schema), one line each, said once at start.
    let warnings: [String]

    init(versions: [MockVersion], cache: MockAnswerCache = MockAnswerCache(), generation: MockGenerationLimit = MockGenerationLimit()) {
        served = versions.map { version in
            Served(
                version: version, baseSegments: version.basePath.split(separator: "/").map(String.init),
                operations: version.spec.operations.map { MockOperation($0, in: version.document, version: version.label) })
        }
        answers = cache
        self.generation = generation
        warnings = served.flatMap { served in
            served.version.warnings + MockSecurityCheck.warnings(for: served.version.spec)
                + served.operations.flatMap(\.warnings) + MockPatternCheck.warnings(in: served.version.document)
        }
    }

    func respond(to request: HTTPServer.HTTPRequest, baseURL: String) -> HTTPServer.HTTPResponse {
        do {
            return try answer(request, baseURL: baseURL)
        } catch {
            return error.response
        }
    }

    /// A refusal as the operation declares it, when it declares an answer for the status (exactly, by its
    /// class or as `default`: a 401 with the document's error body, as Prism answers), so a client's answer
    /// check holds: the body from the declared response, the problem document in the `X-Mock-Problem`
    /// header (Prism's `sl-violations`). Otherwise the problem itself, as `application/problem+json`.
    private func refusal(
        _ problem: MockProblem, of operation: MockOperation, in version: MockVersion, accept: String?
    ) -> MockProblem {
        guard operation.response(for: problem.status) != nil,
              var declared = try? MockAnswer.make(operation, status: problem.status, preference: MockPreference(), accept: accept,
                                                   version: version, draw: 0)
        else { return problem }
        declared.headers.append(("X-Mock-Problem", problem.document.encoded()))
        declared.headers.append(contentsOf: problem.headers)
        return MockProblem(declared: declared)
    }

    /// A request the HTTP core refused before it was read whole (a head or body too large, a malformed or
    /// slow request): when its request line names an operation, answered as that operation declares the
    /// status (see `refusal(_:of:in:accept:)`), else as the mock's problem; nil when no operation is named,
    /// which leaves the core's own answer.
    func respond(to refused: HTTPRefusal, baseURL: String) -> HTTPServer.HTTPResponse? {
        guard let request = refused.request, !request.pathSegments.isEmpty,
              let located = try? locate(request, baseURL: baseURL) else { return nil }
        let problem = MockProblem(status: refused.status, title: HTTPStatus.reasonPhrase(for: refused.status), detail: refused.problem)
        let version = served[located.version]
        return refusal(problem, of: version.operations[located.operation], in: version.version, accept: request.header("Accept")).response
    }

    /// The version and operation a request names, with its path parameters' values.
    private func locate(
        _ request: HTTPServer.HTTPRequest, baseURL: String
    ) throws(MockProblem) -> (version: Int, operation: Int, values: [String: String]) {
        guard let versionIndex = served.firstIndex(where: { request.pathSegments.starts(with: $0.baseSegments) }) else {
            throw MockProblem(
                status: 404, title: "Not Found",
                detail: "\(request.path) is under no mocked version; they are " + served.map { baseURL + $0.version.basePath }.joined(separator: ", "))
        }
        let version = served[versionIndex]
        let path = request.pathSegments.dropFirst(version.baseSegments.count)
        let method = request.isHead ? "GET" : request.method.uppercased()
        var best: (index: Int, values: [String: String], literals: Int)?
        var allowed: [String] = []
        for (index, operation) in version.operations.enumerated() {
            guard let match = operation.match(path) else { continue }
            allowed.append(operation.operation.method.rawValue)
            guard operation.operation.method.rawValue.uppercased() == method, match.literals > best?.literals ?? -1 else { continue }
            best = (index, match.values, match.literals)
        }
        guard let best else {
            if !allowed.isEmpty {
                throw MockProblem(
                    status: 405, title: "Method Not Allowed",
                    detail: "\(version.version.label) has no \(method) \(request.path); it takes \(allowed.joined(separator: ", ")) there",
                    headers: [("Allow", allowed.joined(separator: ", "))])
            }
            throw MockProblem(status: 404, title: "Not Found", detail: "\(version.version.label) has no operation at \(request.path)")
        }
        return (versionIndex, best.index, best.values)
    }

    private func answer(_ request: HTTPServer.HTTPRequest, baseURL: String) throws(MockProblem) -> HTTPServer.HTTPResponse {
        if request.pathSegments.isEmpty, request.isRead { return index(baseURL: baseURL) }
        let located = try locate(request, baseURL: baseURL)
        let versionIndex = located.version
        let version = served[versionIndex]
        let best = (index: located.operation, values: located.values)
        let operation = version.operations[best.index]
        let accept = request.header("Accept")
        do {
            try check(request, against: operation, pathValues: best.values)
        } catch {
            throw refusal(error, of: operation, in: version.version, accept: accept)
        }

        let preference = MockPreference(headers: request.headers)
        if let code = preference.invalidCode {
            throw MockProblem(
                status: 400, title: "Invalid Prefer code",
                detail: "Prefer: code=\(code) is not a final status; ask for one from 200 to 599",
                members: [("field", .string("Prefer")), ("location", .string("header")), ("expected", .string("a status from 200 to 599")),
                          ("found", .string(code))])
        }
        let status = preference.code ?? operation.defaultStatus
        let draw = preference.dynamic ? draws.add(1, ordering: .relaxed).oldValue : 0
        let key = MockAnswerCache.Key(
            version: versionIndex, operation: best.index, status: status,
            mediaType: operation.response(for: status).flatMap { MockAnswer.mediaType(in: $0.mediaTypes, accept: accept) },
            example: preference.example)
        if !preference.dynamic, let known = answers.answer(for: key) { return Self.response(known) }
        guard let slot = generation.acquire() else {
            throw MockProblem(
                status: 503, title: "Service Unavailable",
                detail: "the mock is making \(generation.concurrent) answers already; retry in a second",
                headers: [("Retry-After", "1")])
        }
        let made = try MockAnswer.make(operation, status: status, preference: preference, accept: accept, version: version.version, draw: draw)
        if !preference.dynamic { answers.remember(made, for: key) }
        return Self.response(made, holding: slot)
    }

    private static func response(_ answer: MockAnswer) -> HTTPServer.HTTPResponse {
        HTTPServer.HTTPResponse(status: answer.status, headers: answer.headers, body: .bytes(answer.body))
    }

    /// A newly made answer, holding its generation slot until the response is sent or dropped: answers in
    /// flight, not only those being made, are what the limit bounds.
    private static func response(_ answer: MockAnswer, holding slot: MockGenerationLimit.Slot) -> HTTPServer.HTTPResponse {
        HTTPServer.HTTPResponse(status: answer.status, headers: answer.headers, body: .stream(length: answer.body.count) { writer in
            try withExtendedLifetime(slot) { try writer.write(answer.body) }
        })
    }

    /// The operation's security, then the checks `call` makes of parameters and body.
    private func check(_ request: HTTPServer.HTTPRequest, against operation: MockOperation, pathValues: [String: String]) throws(MockProblem) {
        let cookies = Self.cookies(request.header("Cookie"))
        if let problem = MockSecurityCheck.problem(for: operation, request: request, cookies: cookies) { throw problem }
        var received = OpenAPIReceivedRequest(
            pathValues: pathValues, query: request.query, headers: request.headers, cookies: cookies, body: .none)
        do {
            try received.checkParameters(against: operation.operation)
        } catch {
            throw MockProblem(error, operation: operation.operation, inBody: false)
        }
        received.body = try Self.body(of: request, for: operation.operation)
        do {
            try received.checkBody(against: operation.operation)
        } catch {
            throw MockProblem(error, operation: operation.operation, inBody: true)
        }
    }

    /// The body as the operation reads it: JSON or a form by its Content-Type; a body of a type the
    /// operation does not take is refused (415), malformed JSON too (400).
    private static func body(of request: HTTPServer.HTTPRequest, for operation: OpenAPIOperation) throws(MockProblem) -> OpenAPIReceivedRequest.Body {
        guard !request.body.isEmpty else { return .none }
        guard let requestBody = operation.requestBody else { return .none }
        let contentType = MockAnswer.essence(request.header("Content-Type") ?? "application/json")
        let declared = requestBody.declaredEssences
        guard requestBody.takes(contentType) else {
            throw MockProblem(
                status: 415, title: "Unsupported Media Type",
                detail: "\(operation.displayName) takes its body as \(declared.joined(separator: ", ")), not \(contentType)",
                members: [("field", .string("Content-Type")), ("location", .string("header")),
                          ("expected", .string(declared.joined(separator: ", "))), ("found", .string(contentType))])
        }
        if MockAnswer.isJSON(contentType) {
            do {
                return .json(try JSONValue.parse(Data(request.body)))
            } catch {
                throw MockProblem(
                    status: 400, title: "Malformed body", detail: "the body is not JSON: \(error)",
                    members: [("field", .string("body")), ("location", .string("body")), ("expected", .string("JSON")),
                              ("found", .string("malformed JSON"))])
            }
        }
        if contentType == "application/x-www-form-urlencoded" {
            return .form(URLEncoding.decodeForm(Substring(String(decoding: request.body, as: UTF8.self))))
        }
        return .none
    }

    /// `a=1; b=2` → `[("a","1"), ("b","2")]`.
    private static func cookies(_ header: String?) -> [(name: String, value: String)] {
        guard let header else { return [] }
        return header.split(separator: ";").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            return (parts[0].trimmedHTTPWhitespace, parts[1].trimmedHTTPWhitespace)
        }
    }

    /// `GET /`: each version served and its URL.
    private func index(baseURL: String) -> HTTPServer.HTTPResponse {
        let versions = served.map { served -> JSONValue in
            .object(JSONObject([
                ("service", .string(served.version.service)), ("version", .string(served.version.version)),
                ("url", .string(baseURL + served.version.basePath)),
                ("operations", .number(JSONNumber(served.operations.count))),
            ]))
        }
        return .json(.object(JSONObject([("versions", .array(versions))])))
    }
}
