import JSON

/// What a parsed document says it is: the one place apish decides whether a document is an API
/// description, and which kind. A new description format is a case here and its conversion.
public enum DescriptionFormat: Equatable, Sendable {
    /// `openapi` is present (the reader checks that it names 3.0 or 3.1).
    case openAPI
    /// `swagger: "2.0"`, read as the OpenAPI 3 document it converts to (`Swagger2Conversion`).
    case swagger2
    /// `swagger` with another value, which apish does not read (the reader says so).
    case otherSwagger

    /// The format `document` declares; nil when it is no description (a locator, or anything else).
    public static func of(_ document: JSONValue) -> DescriptionFormat? {
        guard case .object(let root) = document else { return nil }
        if let swagger = root["swagger"] {
            let version = swagger.displayText
            return version == "2.0" || version == "2" ? .swagger2 : .otherSwagger
        }
        return root["openapi"] != nil ? .openAPI : nil
    }

    /// `document` as an OpenAPI 3 document: converted when it is Swagger 2.0, as it is otherwise.
    public static func openAPI3(_ document: JSONValue, source: String) -> JSONValue {
        of(document) == .swagger2 ? Swagger2Conversion.convert(document, source: source) : document
    }
}
