import APIDescriptions
import Facade
import JSON
import Schemas
import HTTPClient
import HTTPTypes

/// A request body to start from (`call OP --example`, `help OP --example`): the media type's own example
/// (or the first of its `examples`), else a value made from the schema as the mock makes one (examples,
/// defaults and first enum values where they fit), with the required members first.
public enum RequestExample {
    /// Nil when the operation takes no body.
    public static func body(of operation: OpenAPIOperation, in described: DescribedEntry) -> JSONValue? {
        guard let requestBody = operation.requestBody else { return nil }
        let document = RawDocument(root: described.document)
        if let raw = document.operation(path: operation.path, method: operation.method.rawValue),
           let contentType = requestBody.schemaContentType ?? requestBody.contentTypes.first,
           let media = document.resolved(document.resolved(raw["requestBody"])?["content"]?[contentType]) {
            if let example = media["example"] { return example }
            if case .object(let examples)? = media["examples"], let first = examples.values.first,
               let value = document.resolved(first)?["value"] {
                return value
            }
        }
        guard let schema = requestBody.schema else { return nil }
        var generator = ValueGenerator(document: document, seed: operation.displayName, forRequest: true)
        return requiredFirst(generator.value(for: schema), required: schema.required)
    }

    /// An object's required members first, in the order `required` names them, then the others.
    static func requiredFirst(_ value: JSONValue, required: [String]) -> JSONValue {
        guard case .object(let object) = value, !required.isEmpty else { return value }
        let members = Array(zip(object.keys, object.values))
        let first = required.compactMap { name in members.first { $0.0 == name } }
        let rest = members.filter { !required.contains($0.0) }
        return .object(JSONObject(first + rest))
    }
}
