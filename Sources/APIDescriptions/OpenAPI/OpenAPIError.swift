import JSON
import Schemas
/// Why an OpenAPI document could not be read, or why `call` refused to build a request. One line each,
/// with the next step when there is one.
public enum OpenAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are neither JSON nor YAML (cut off, broken).
    case notJSON(String)
    /// A `swagger` document of a version other than 2.0.
    case swagger2
    /// JSON without an `openapi` field.
    case notOpenAPI
    /// An `openapi` version other than 3.0.x or 3.1.x.
    case unsupportedVersion(String)
    /// No `paths` object.
    case missingPaths
    /// A member of the wrong kind, at a JSON pointer.
    case invalid(pointer: String, expected: String)
    /// A schema, or a `$ref` to a parameter, body, response or path item, that cannot be loaded
    /// (dangling, to another document, or in a cycle).
    case schema(SchemaError)
    /// `call` with an operation the document does not have.
    case unknownOperation(String, suggestion: String?)
    /// `call` without a required path, query or header parameter.
    case missingParameter(name: String, location: String, operation: String)
    /// `call` without the body an operation requires, and the properties its schema requires.
    case missingBody(operation: String, contentType: String, required: [String] = [])
    /// `call` with more positional arguments than path parameters.
    case tooManyArguments(operation: String, pathParameters: [String], given: Int)
    /// `call` with body fields for an operation that takes no body.
    case unknownParameter(String, operation: String, suggestion: String?)
    /// A malformed `call` item (`=x`, bad JSON after `:=`).
    case invalidItem(String)
    /// A request body the operation takes only in a media type `call` cannot write.
    case unsupportedBody(operation: String, contentTypes: [String])
    /// `call` with a parameter or body field whose value the spec does not allow: its type or enum.
    case invalidValue(operation: String, field: String, expected: String, found: String, allowed: [String])
    /// `call` with a body field that a schema with `additionalProperties: false` does not declare.
    case unknownBodyField(String, operation: String, allowed: [String], suggestion: String?)
    /// `call` with a body that lacks properties its schema requires: each name with its type.
    case missingBodyFields(operation: String, fields: [(name: String, type: String)])
    /// `call` with a body its schema refuses as a whole (alternatives, bounds, patterns): the first failure,
    /// in words.
    case invalidBody(operation: String, message: String)
    /// `call` whose body schema apish cannot check whole (`JSONSchema.incompleteness`): a part checked is
    /// no pass.
    case uncheckableBody(operation: String, reason: String)

    /// What every refusal of a check adds: how to send the request anyway.
    static let noCheckHint = "call --no-check sends it anyway"

    public static func == (lhs: OpenAPIError, rhs: OpenAPIError) -> Bool {
        lhs.description == rhs.description
    }

    public var description: String {
        switch self {
        case .notJSON(let detail):
            return "neither JSON nor YAML (\(detail))"
        case .swagger2:
            return "only Swagger 2.0 and OpenAPI 3.0/3.1 are read; this document says swagger is something other than \"2.0\""
        case .notOpenAPI:
            return "not an OpenAPI document: no 'openapi' or 'swagger' field (OpenAPI 3.0/3.1 and Swagger 2.0 are read, as JSON or YAML)"
        case .unsupportedVersion(let version):
            return "OpenAPI \(version) is not supported; OpenAPI 3.0/3.1 and Swagger 2.0 are read"
        case .missingPaths:
            return "OpenAPI document has no 'paths' object"
        case let .invalid(pointer, expected):
            return "'\(pointer)' must be \(expected)"
        case .schema(let error):
            return error.description
        case let .unknownOperation(name, suggestion):
            return "unknown operation '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; try: ops")
        case let .missingParameter(name, location, operation):
            return "\(operation) needs the \(location) parameter '\(name)': give \(name)=VALUE"
        case let .missingBody(operation, contentType, required):
            guard !required.isEmpty else {
                return "\(operation) needs a request body (\(contentType)): give name=value or name:=json items"
            }
            // As the operation's usage line names them: `name=… tag=…`.
            let items = required.map { $0 + "=…" }.joined(separator: " ")
            return "\(operation) needs a request body (\(contentType)): \(items) (required: \(required.joined(separator: ", ")))"
        case let .tooManyArguments(operation, pathParameters, given):
            let takes = pathParameters.isEmpty
                ? "takes no positional arguments"
                : "takes \(pathParameters.count) (\(pathParameters.joined(separator: ", ")))"
            return "too many arguments: \(operation) \(takes), got \(given)"
        case let .unknownParameter(name, operation, suggestion):
            return "\(operation) has no parameter '\(name)' and takes no body"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .invalidItem(let message):
            return message
        case let .unsupportedBody(operation, contentTypes):
            return "\(operation) takes its body as \(contentTypes.joined(separator: ", ")); call sends JSON or form bodies only"
        case let .invalidValue(operation, field, expected, found, _):
            // The operation stays out of the `NAME:` position: `createSecret: …` would read as a credential header.
            return "\(field): expected \(expected), found \(found) (\(operation)); \(Self.noCheckHint)"
        case let .unknownBodyField(name, operation, allowed, suggestion):
            let shown = allowed.prefix(OpenAPIRequestCheck.listedValues).joined(separator: ", ")
                + (allowed.count > OpenAPIRequestCheck.listedValues ? ", …" : "")
            return "\(operation) has no body field '\(name)' (its schema allows no others)"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "") + "; allowed: \(shown); \(Self.noCheckHint)"
        case let .missingBodyFields(operation, fields):
            let names = fields.map { "'\($0.name)' (\($0.type))" }.joined(separator: ", ")
            let items = fields.map { "\($0.name)=VALUE" }.joined(separator: " ")
            return "\(operation) needs the body field\(fields.count == 1 ? "" : "s") \(names): give \(items); \(Self.noCheckHint)"
        case let .invalidBody(operation, message):
            return "\(message) (\(operation)); \(Self.noCheckHint)"
        case let .uncheckableBody(operation, reason):
            return "cannot check the body of \(operation) whole: \(reason); \(Self.noCheckHint)"
        }
    }
}
