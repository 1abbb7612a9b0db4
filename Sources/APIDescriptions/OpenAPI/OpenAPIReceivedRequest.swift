import HTTPTypes
import JSON
import Schemas

/// A request as it reached a server (the mock's), in the parts an operation declares: the values of the
/// path template, the query, headers and cookies as text, and the body as read. `checkParameters` and
/// `checkBody` hold it to the checks `call` makes before it sends (`OpenAPIRequestCheck`), so what the
/// mock refuses is what `call` would have refused.
public struct OpenAPIReceivedRequest: Sendable {
    /// The body, read by its media type.
    public enum Body: Sendable {
        case none
        case json(JSONValue)
        /// A form (`application/x-www-form-urlencoded`), its fields in order.
        case form([(name: String, value: String)])
    }

    public var pathValues: [String: String]
    public var query: [(name: String, value: String)]
    public var headers: [(name: String, value: String)]
    public var cookies: [(name: String, value: String)]
    public var body: Body

    public init(
        pathValues: [String: String], query: [(name: String, value: String)], headers: [(name: String, value: String)],
        cookies: [(name: String, value: String)], body: Body
    ) {
        self.pathValues = pathValues
        self.query = query
        self.headers = headers
        self.cookies = cookies
        self.body = body
    }

    /// Header parameters OpenAPI says to ignore: the request's own framing and credentials.
    private static let ignoredHeaders: Set<String> = ["accept", "content-type", "authorization"]

    /// The first thing `call` would have refused in the parameters: a required one missing, a value of
    /// the wrong type or outside its enum.
    public func checkParameters(against operation: OpenAPIOperation) throws(OpenAPIError) {
        let name = operation.displayName
        try OpenAPIRequestCheck.requiredParameters(of: operation, onlyPath: false) { parameter in
            !values(of: parameter).isEmpty || Self.isIgnored(parameter) || hasMembers(of: parameter)
        }
        for parameter in operation.parameters where !Self.isIgnored(parameter) {
            let given = values(of: parameter)
            if !given.isEmpty { try OpenAPIRequestCheck.parameter(parameter, values: given, operation: name) }
        }
    }

    /// The first thing `call` would have refused in the body: a required body or field missing, a field a
    /// closed schema does not declare, a value that does not match its property's schema.
    public func checkBody(against operation: OpenAPIOperation) throws(OpenAPIError) {
        let name = operation.displayName
        guard let requestBody = operation.requestBody else { return }
        switch body {
        case .none:
            guard requestBody.required else { return }
            let contentType = requestBody.schemaContentType ?? requestBody.contentTypes.first ?? "application/json"
            throw .missingBody(operation: name, contentType: contentType)
        case .json(let value):
            guard let schema = requestBody.schema else { return }
            guard case .object(let object) = value, schema.types.isEmpty || schema.types.contains("object") else {
                try OpenAPIRequestCheck.json("body", value: value, schema: schema, operation: name)
                return
            }
            try fields(object.keys, schema: schema, operation: name)
            for (field, member) in object {
                guard let property = schema.property(named: field) else { continue }
                try OpenAPIRequestCheck.json(field, value: member, schema: property, operation: name)
            }
        case .form(let pairs):
            // Read back into its object by the rule `call` writes it with, and checked as `call` checks it.
            guard let schema = requestBody.schema else { return }
            let given = pairs.map { (name: $0.name, value: JSONValue.string($0.value), isJSON: false) }
            let object = FormBodyReading.object(given, schema: schema, styles: requestBody.formStyles)
            do {
                try OpenAPIRequestCheck.formObject(object, fields: given, schema: schema, operation: name)
            } catch {
                if case .uncheckableBody = error { return }
                throw error
            }
        }
    }

    /// Required and undeclared fields; a schema apish cannot merge whole is checked field by field only,
    /// as a server has no `--no-check` to offer.
    private func fields(_ names: [String], schema: JSONSchema, operation: String) throws(OpenAPIError) {
        do {
            try OpenAPIRequestCheck.bodyFields(names, schema: schema, operation: operation)
        } catch {
            if case .uncheckableBody = error { return }
            throw error
        }
    }

    private func values(of parameter: OpenAPIParameter) -> [String] {
        switch parameter.location {
        case .path:
            // A label's or matrix's segment is its items, as `call` wrote them.
            pathValues[parameter.name].map { parameter.pathStyle.items(of: $0, name: parameter.name, isList: parameter.isList) ?? [$0] } ?? []
        case .query:
            // A list written as one field (`tags=a,b`, `a|b`, `a b`) is its items, as `call` wrote them.
            query.filter { $0.name == parameter.name }.flatMap { field in
                parameter.isList ? parameter.style.items(of: field.value) : [field.value]
            }
        case .header: headers.filter { $0.name.lowercased() == parameter.name.lowercased() }.map(\.value)
        case .cookie: cookies.filter { $0.name == parameter.name }.map(\.value)
        }
    }

    /// Whether a deepObject query parameter came as its members (`filter[a]=1`).
    private func hasMembers(of parameter: OpenAPIParameter) -> Bool {
        parameter.location == .query && parameter.style.style == .deepObject
            && query.contains { $0.name.hasPrefix(parameter.name + "[") }
    }

    private static func isIgnored(_ parameter: OpenAPIParameter) -> Bool {
        parameter.location == .header && ignoredHeaders.contains(parameter.name.lowercased())
    }
}
