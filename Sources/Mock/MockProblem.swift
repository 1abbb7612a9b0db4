import APIDescriptions
import HTTPServer
import JSON

/// A request the mock refuses, answered as `application/problem+json` (RFC 9457): the status, a title,
/// one line of detail, and for a failed check the field, where it travels, what was expected and what
/// was found.
struct MockProblem: Error {
    let status: Int
    let title: String
    let detail: String
    var members: [(String, JSONValue)] = []
    var headers: [(name: String, value: String)] = []

    /// The operation's own answer for the refusal's status, sent instead of a problem document.
    private var declared: MockAnswer?

    init(declared answer: MockAnswer) {
        status = answer.status
        title = HTTPStatus.reasonPhrase(for: answer.status)
        detail = ""
        declared = answer
    }

    /// The problem document (RFC 9457).
    var document: JSONValue {
        var object = JSONObject([
            ("type", .string("about:blank")), ("title", .string(title)), ("status", .number(JSONNumber(status))),
            ("detail", .string(detail)),
        ])
        for (name, value) in members { object[name] = value }
        return .object(object)
    }

    var response: HTTPServer.HTTPResponse {
        if let declared {
            return HTTPServer.HTTPResponse(status: declared.status, headers: declared.headers, body: .bytes(declared.body))
        }
        return HTTPServer.HTTPResponse(
            status: status, headers: [("Content-Type", "application/problem+json")] + headers,
            body: .bytes([UInt8](document.encodedData())))
    }

    /// What `call`'s check refused, as a server says it: 400 for the parameters, 422 for the body.
    init(_ error: OpenAPIError, operation declaring: OpenAPIOperation, inBody: Bool) {
        status = inBody ? 422 : 400
        title = inBody ? "Invalid request body" : "Invalid request"
        func text(_ value: String) -> JSONValue { .string(value) }
        switch error {
        case let .missingParameter(name, location, operation):
            detail = "\(operation) needs the \(location) parameter '\(name)'"
            members = [("field", text(name)), ("location", text(location)), ("expected", text("a value")), ("found", text("nothing"))]
        case let .missingBody(operation, contentType, _):
            detail = "\(operation) needs a request body (\(contentType))"
            members = [("field", text("body")), ("location", text("body")), ("expected", text(contentType)), ("found", text("no body"))]
        case let .invalidValue(operation, field, expected, found, allowed):
            detail = "\(field): expected \(expected), found \(found) (\(operation))"
            let location = inBody ? "body" : declaring.parameters.first { $0.name == field }?.location.rawValue ?? "parameter"
            members = [("field", text(field)), ("location", text(location)), ("expected", text(expected)), ("found", text(found))]
            if !allowed.isEmpty { members.append(("allowed", .array(allowed.map(text)))) }
        case let .unknownBodyField(name, operation, allowed, _):
            detail = "\(operation) has no body field '\(name)' (its schema allows no others)"
            members = [("field", text(name)), ("location", text("body")), ("expected", text("one of " + allowed.joined(separator: ", "))),
                       ("found", text(name))]
        case let .missingBodyFields(operation, fields):
            let names = fields.map(\.name)
            detail = "\(operation) needs the body field\(names.count == 1 ? "" : "s") " + names.map { "'\($0)'" }.joined(separator: ", ")
            members = [("field", text(names.first ?? "body")), ("location", text("body")),
                       ("expected", text(fields.first.map { "a value (\($0.type))" } ?? "a value")), ("found", text("nothing"))]
        default:
            detail = error.description
        }
    }

    init(status: Int, title: String, detail: String, members: [(String, JSONValue)] = [], headers: [(name: String, value: String)] = []) {
        self.status = status
        self.title = title
        self.detail = detail
        self.members = members
        self.headers = headers
    }
}
