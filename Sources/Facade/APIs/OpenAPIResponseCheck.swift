import FoundationFree
import JSON
import Schemas
import HTTPClient
import HTTPTypes
import APIDescriptions
/// How an answer compares with what its OpenAPI operation declares: the response for its status, else
/// its class (`2XX`), else `default` (`OpenAPIDocument.responseSchema`).
///
/// - A 2xx body must match that response's schema: a mismatch is a decode error naming up to five paths
///   (`[0].status: expected one of "available", "sold", found string "lost"`). A 2xx for which no JSON
///   body is declared (a 204) is not checked, and has a model only when it is JSON.
/// - A status the operation does not declare, or an error body that does not match its schema, is a
///   warning: the outcome of a 4xx or 5xx stays what the status says.
struct OpenAPIResponseCheck: Sendable {
    let document: OpenAPIDocument
    let operation: OpenAPIOperation
    /// `petstore v1`.
    let service: String

    /// The credentials the operation's request carries: what its `security` says, else whatever is in scope.
    var auth: AuthRequirement {
        operation.security.map { .operation(name: operation.displayName, security: $0) } ?? .inScope
    }

    /// The model of a 2xx answer, its body checked.
    func model(_ answer: Answer, cancellation: CancellationToken? = nil) throws(DecodeFailure) -> DecodedModel? {
        guard let schema = document.responseSchema(of: operation, status: answer.response.status).schema else {
            return try ModelDecoding.genericBody(answer, cancellation: cancellation)
        }
        let document = try ModelDecoding.parseBody(answer, cancellation: cancellation)
        // An answer need not hold what only a client writes (`writeOnly`).
        let violations = schema.validate(document, limit: 5, use: .response, cancellation: cancellation)
        if let first = violations.first {
            throw first.adding(Array(violations.dropFirst()))
        }
        let body = document.value
        return DecodedModel(typeName: Self.modelName(schema), document: document, value: SchemaModel(schema: schema, value: body))
    }

    /// What the spec says against any answer: an undeclared status; an error body that does not match.
    func warnings(_ answer: Answer) -> [String] {
        let response = answer.response
        let (declared, schema) = document.responseSchema(of: operation, status: response.status)
        guard declared else {
            let statuses = operation.responses.map(\.status)
            return ["\(service): \(operation.displayName) does not declare status \(response.status)"
                + (statuses.isEmpty ? "" : " (it declares \(statuses.joined(separator: ", ")))")]
        }
        guard !(200..<300).contains(response.status), let schema, !response.body.isEmpty,
              let body = try? answer.document(),
              let failure = schema.validate(body, limit: 1, use: .response).first
        else { return [] }
        return ["\(service): the \(response.status) body of \(operation.displayName) does not match the spec: \(failure)"]
    }

    /// What a body of this schema is called: its component name (`Pets`), else its title, else its type.
    static func modelName(_ schema: JSONSchema) -> String {
        schema.name ?? schema.title ?? schema.typeDescription
    }
}
