import FoundationFree
import JSON
import Schemas

/// What `call` checks against the operation before anything is sent: each parameter's and body field's
/// type (integer, number, boolean; an array for a repeated item) and enum, the body's required
/// properties, and body fields a closed schema (`additionalProperties: false`) does not declare. A
/// failure is an `OpenAPIError` naming the field, what was expected and the allowed values.
///
/// Cheap by construction: a walk of the items given against the schemas they name, no allocation
/// beyond the message of a failure.
enum OpenAPIRequestCheck {
    /// Enum values named in a message before the rest are counted.
    static let listedValues = 20

    /// Every required parameter given (`isGiven`); with `onlyPath`, only the path's, which a URL cannot
    /// be made without.
    static func requiredParameters(
        of operation: OpenAPIOperation, onlyPath: Bool, isGiven: (OpenAPIParameter) -> Bool
    ) throws(OpenAPIError) {
        for parameter in operation.parameters where parameter.required && (!onlyPath || parameter.location == .path) {
            guard isGiven(parameter) else {
                throw .missingParameter(name: parameter.name, location: parameter.location.rawValue, operation: operation.displayName)
            }
        }
    }

    /// The values given for one declared parameter, in order.
    static func parameter(_ parameter: OpenAPIParameter, values: [String], operation: String) throws(OpenAPIError) {
        guard let schema = parameter.schema else { return }
        try field(parameter.name, texts: values, schema: schema, operation: operation, whole: true)
    }

    /// A field given as text once or more (`tag=a tag=b`): an array schema checks each item against its
    /// `items`; any other schema takes one value.
    /// `whole`: bounds, lengths and patterns too (a parameter; a body field's are the whole body's check).
    static func field(_ name: String, texts: [String], schema: JSONSchema, operation: String, whole: Bool = false) throws(OpenAPIError) {
        if schema.acceptedTypes.contains("array") {
            guard let items = schema.items else { return }
            for text in texts { try scalar(name, text: text, schema: items, operation: operation, whole: whole) }
            return
        }
        if texts.count > 1, !schema.types.isEmpty {
            throw .invalidValue(
                operation: operation, field: name, expected: "one value (\(schema.typeDescription))",
                found: "\(texts.count) values", allowed: [])
        }
        for text in texts { try scalar(name, text: text, schema: schema, operation: operation, whole: whole) }
    }

    /// A value typed as text against a schema of one value: its enum first, else its type.
    static func scalar(_ name: String, text: String, schema: JSONSchema, operation: String, whole: Bool = false) throws(OpenAPIError) {
        if let values = schema.allowedValues, !values.isEmpty {
            guard values.contains(where: { $0.displayText == text }) || (schema.isNullable && text == "null") else {
                throw .invalidValue(
                    operation: operation, field: name, expected: "one of " + listed(values), found: quoted(text),
                    allowed: values.map(\.displayText))
            }
            return
        }
        let types = schema.acceptedTypes
        if schema.isNullable, text == "null" { return }
        if !types.isEmpty, !types.contains("string"), !types.contains(where: { accepts(text, type: $0) }) {
            let wanted = types.filter { $0 != "null" }
            guard !wanted.isEmpty, wanted.allSatisfy({ ["integer", "number", "boolean"].contains($0) }) else { return }
            throw .invalidValue(
                operation: operation, field: name, expected: wanted.map(article).joined(separator: " or "), found: quoted(text),
                allowed: wanted == ["boolean"] ? ["true", "false"] : [])
        }
        // Bounds, lengths and patterns: the value as the schema types it, through the one validator.
        guard whole, !types.contains("object"), !types.contains("array") else { return }
        guard let failure = schema.validate(OpenAPICall.typed(.string(text), as: schema), limit: 1, use: .request).first else { return }
        throw .invalidValue(operation: operation, field: name, expected: failure.expected, found: failure.found, allowed: [])
    }

    /// A JSON value (`name:=json`) against its property's schema.
    static func json(_ name: String, value: JSONValue, schema: JSONSchema, operation: String) throws(OpenAPIError) {
        guard let failure = schema.validate(value, limit: 1).first else { return }
        let field = failure.path.isEmpty ? name : name + (failure.path.hasPrefix("[") ? "" : ".") + failure.path
        throw .invalidValue(
            operation: operation, field: field, expected: failure.expected, found: failure.found,
            allowed: schema.enumValues?.map(\.displayText) ?? [])
    }

    /// The body's fields by name against its schema: every required property given, and no field a
    /// closed schema does not declare.
    static func bodyFields(_ names: [String], schema: JSONSchema, operation: String) throws(OpenAPIError) {
        if let reason = schema.incompleteness { throw .uncheckableBody(operation: operation, reason: reason) }
        let given = Set(names)
        if !schema.allowsAdditionalProperties {
            let declared = schema.properties.map(\.name)
            if let unknown = names.first(where: { name in !declared.contains(name) }) {
                throw .unknownBodyField(
                    unknown, operation: operation, allowed: declared, suggestion: Suggestions.closest(to: unknown, in: declared))
            }
        }
        // A `readOnly` property is the server's to write: a request need not give it.
        let missing = schema.required.filter { !given.contains($0) && schema.property(named: $0)?.isReadOnly != true }
        guard !missing.isEmpty else { return }
        throw .missingBodyFields(operation: operation, fields: missing.map { name in
            (name, schema.property(named: name)?.typeDescription ?? "any")
        })
    }

    /// A form body read back into its object (`FormBodyReading`), checked as a JSON body is: required and
    /// undeclared fields, each plain text field's type and enum in the words of a typed item, each member
    /// against its property, then the whole (bounds, lengths, patterns).
    static func formObject(
        _ object: JSONObject, fields: [(name: String, value: JSONValue, isJSON: Bool)], schema: JSONSchema, operation: String
    ) throws(OpenAPIError) {
        try bodyFields(object.keys, schema: schema, operation: operation)
        var texts: [String: [String]] = [:]
        for field in fields where !field.isJSON && FormBodyReading.path(of: field.name).path.isEmpty {
            texts[field.name, default: []].append(field.value.displayText)
        }
        for (name, member) in object {
            guard let property = schema.property(namedInAnyAlternative: name) else { continue }
            if let given = texts[name] { try field(name, texts: given, schema: property, operation: operation) }
            try json(name, value: member, schema: property, operation: operation)
        }
        try body(.object(object), schema: schema, operation: operation)
    }

    /// The whole JSON body against its schema, once the fields have passed their own checks: what only the
    /// whole shows (a `oneOf` that needs exactly one alternative, bounds, patterns, dependent fields).
    static func body(_ value: JSONValue, schema: JSONSchema, operation: String) throws(OpenAPIError) {
        guard let failure = schema.validate(value, limit: 1, use: .request).first else { return }
        throw .invalidBody(operation: operation, message: message(for: failure))
    }

    /// A body failure in a request's words: `input matches 2 alternatives (A, B); oneOf needs exactly one`,
    /// `input matches none of A, B; closest: A (name: expected a value, found no such field)`, or the failure.
    static func message(for failure: DecodeFailure) -> String {
        let place = failure.path.isEmpty ? "input" : failure.path
        if failure.expected.hasPrefix(SchemaValidator.exactlyOnePrefix),
           let range = failure.found.literalRange(of: SchemaValidator.matchingInfix) {
            let names = failure.found[range.upperBound...]
            let count = names.split(separator: ",").count
            return "\(place) matches \(count) alternatives (\(names)); oneOf needs exactly one"
        }
        if failure.expected.hasPrefix(SchemaValidator.oneOfPrefix) {
            let names = failure.expected.dropFirst(SchemaValidator.oneOfPrefix.count)
            let closest = failure.found.literalRange(of: "; closest: ").map { String(failure.found[$0.lowerBound...]) } ?? ""
            return "\(place) matches none of \(names)\(closest)"
        }
        return failure.description
    }

    private static func accepts(_ text: String, type: String) -> Bool {
        switch type {
        case "integer":
            guard case .number(let number)? = try? JSONValue.parse(text) else { return false }
            return number.isInteger
        case "number":
            guard case .number? = try? JSONValue.parse(text) else { return false }
            return true
        case "boolean":
            return text == "true" || text == "false"
        case "null":
            return text == "null"
        default:
            return true
        }
    }

    private static func article(_ type: String) -> String {
        type == "integer" ? "an integer" : type == "boolean" ? "a boolean" : "a \(type)"
    }

    /// `retain | discard`, at most `listedValues`, then how many more.
    static func listed(_ values: [JSONValue]) -> String {
        var shown = values.prefix(listedValues).map(\.displayText).joined(separator: " | ")
        if values.count > listedValues { shown += " | … (\(values.count - listedValues) more)" }
        return shown
    }

    private static func quoted(_ text: String) -> String {
        let cut = text.count > 40 ? String(text.prefix(37)) + "…" : text
        return "\"\(cut)\""
    }
}
