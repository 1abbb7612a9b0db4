#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
import JSON
import HTTPClient

/// Builds the request of `call OPERATION [ARG…] [ITEM…]` from an operation of a spec, before anything is
/// sent. Pure: no I/O, no session state.
///
/// - Arguments without `=` or `:` are positional and fill the path parameters in template order.
/// - Items are parsed as `RawRequest` parses them (httpie's syntax). `name=value` goes to the declared
///   path, query, header or cookie parameter of that name, otherwise into the body, as does `name:=json`;
///   `name==value` is a query parameter and `Header:value` a header, declared or not.
/// - The body is a JSON object when the operation takes `application/json` (or `…+json`), where a
///   `name=value` whose property is declared as a number, integer or boolean is sent as one; it is
///   form-encoded when the operation takes only `application/x-www-form-urlencoded`.
/// - A missing required parameter or body, an argument too many, or a body field for an operation without
///   a body is an error naming it.
public enum OpenAPICall {
    public static func build(_ operation: OpenAPIOperation, baseURL: String, arguments: [String])
        throws(OpenAPIError) -> (url: String, query: [FormField], headers: [FormField], body: HTTPBody)
    {
        var pathValues: [String: String] = [:]
        var query: [FormField] = []
        var headers: [FormField] = []
        var cookies: [FormField] = []
        var bodyFields: [(name: String, value: JSONValue, isJSON: Bool)] = []
        var positional: [String] = []

        for argument in arguments {
            guard argument.contains("=") || argument.contains(":") else {
                positional.append(argument)
                continue
            }
            let item: RawRequest
            do {
                item = try RawRequest(method: operation.method, target: "/", items: [argument])
            } catch {
                throw .invalidItem(error.description)
            }
            query += item.query
            headers += item.headers
            for field in item.fields {
                guard !field.isJSON, let parameter = declaredParameter(named: field.name, in: operation) else {
                    bodyFields.append(field)
                    continue
                }
                let value = field.value.displayText
                switch parameter.location {
                case .path: pathValues[parameter.name] = value
                case .query: query.append(FormField(parameter.name, value))
                case .header: headers.append(FormField(parameter.name, value))
                case .cookie: cookies.append(FormField(parameter.name, value))
                }
            }
        }

        let templateNames = operation.pathParameterNames
        let unfilled = templateNames.filter { pathValues[$0] == nil }
        guard positional.count <= unfilled.count else {
            throw .tooManyArguments(operation: operation.displayName, pathParameters: templateNames, given: positional.count)
        }
        for (name, value) in zip(unfilled, positional) {
            pathValues[name] = value
        }
        for parameter in operation.parameters where parameter.required {
            let given: Bool = switch parameter.location {
            case .path: pathValues[parameter.name] != nil
            case .query: query.contains { $0.name == parameter.name }
            case .header: headers.contains { $0.name.lowercased() == parameter.name.lowercased() }
            case .cookie: cookies.contains { $0.name == parameter.name }
            }
            guard given else {
                throw .missingParameter(name: parameter.name, location: parameter.location.rawValue, operation: operation.displayName)
            }
        }
        if !cookies.isEmpty {
            headers.append(FormField("Cookie", cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")))
        }
        let url = Self.url(base: baseURL, path: operation.path, values: pathValues)
        return (url, query, headers, try body(bodyFields, for: operation))
    }

    /// The declared parameter a `name=value` item sets: path first, then query, header and cookie
    /// (header names in any case).
    private static func declaredParameter(named name: String, in operation: OpenAPIOperation) -> OpenAPIParameter? {
        for location in OpenAPIParameter.Location.allCases {
            if let parameter = operation.parameters.first(where: {
                $0.location == location && (location == .header ? $0.name.lowercased() == name.lowercased() : $0.name == name)
            }) {
                return parameter
            }
        }
        return nil
    }

    /// Fills every `{name}` in one pass, so a value that itself looks like `{other}` is never filled again.
    private static func url(base: String, path: String, values: [String: String]) -> String {
        var filled = ""
        var name: String?
        for character in path {
            if character == "{" {
                if let unclosed = name { filled += "{" + unclosed }
                name = ""
            } else if character == "}", let current = name {
                filled += values[current].map(encodedSegment) ?? "{\(current)}"
                name = nil
            } else if name != nil {
                name?.append(character)
            } else {
                filled.append(character)
            }
        }
        if let name { filled += "{" + name }
        var trimmed = Substring(base)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed) + (filled.hasPrefix("/") ? filled : "/" + filled)
    }

    /// A path parameter's value as one segment: `/`, `?` and `#` are encoded like every reserved byte, and a
    /// whole `.` or `..` (which would climb out of the segment once a URL is resolved) as `%2E` and `%2E%2E`.
    static func encodedSegment(_ value: String) -> String {
        if value == "." { return "%2E" }
        if value == ".." { return "%2E%2E" }
        return PercentEncoding.encode(value)
    }

    private static func body(_ fields: [(name: String, value: JSONValue, isJSON: Bool)], for operation: OpenAPIOperation)
        throws(OpenAPIError) -> HTTPBody
    {
        guard let requestBody = operation.requestBody else {
            guard let first = fields.first else { return .none }
            let names = operation.parameters.map(\.name)
            throw .unknownParameter(first.name, operation: operation.displayName, suggestion: Suggestions.closest(to: first.name, in: names))
        }
        guard !fields.isEmpty else {
            if requestBody.required {
                let contentType = requestBody.schemaContentType ?? requestBody.contentTypes.first ?? "application/json"
                throw .missingBody(operation: operation.displayName, contentType: contentType)
            }
            return .none
        }
        if requestBody.takesJSON || requestBody.contentTypes.isEmpty {
            let members = fields.map { field in
                (field.name, field.isJSON ? field.value : typed(field.value, as: requestBody.schema?.property(named: field.name)))
            }
            return .json(JSONValue.object(JSONObject(members)).encodedData())
        }
        if requestBody.takesForm {
            return .form(fields.map { FormField($0.name, $0.value.displayText) })
        }
        throw .unsupportedBody(operation: operation.displayName, contentTypes: requestBody.contentTypes)
    }

    /// `age=3` as the number 3 when `age` is declared as a number, integer or boolean and not as a string.
    private static func typed(_ value: JSONValue, as schema: JSONSchema?) -> JSONValue {
        guard let schema, case .string(let text) = value, !schema.types.isEmpty, !schema.types.contains("string"),
              let parsed = try? JSONValue.parse(text)
        else { return value }
        let accepted = schema.types.contains { SchemaValidator.value(parsed, hasType: $0) }
        switch parsed {
        case .number, .bool, .null: return accepted ? parsed : value
        default: return value
        }
    }
}
