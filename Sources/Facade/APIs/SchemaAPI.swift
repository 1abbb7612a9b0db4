import JSON
import Schemas
import APIDescriptions
/// A service whose model is declared as a JSON Schema in the locator (`"schema"`): `GET` the URL and
/// check the body against the schema. Success keeps the schema beside the body, so it renders in the
/// schema's property order with its titles; a violation is a decode error naming up to five paths.
final class SchemaAPI: APIDefinition {
    static let apiName = "JSON Schema"
    let schema: SchemaDocument
    let modelName: String

    init(schema: SchemaDocument, name: String) {
        self.schema = schema
        self.modelName = schema.root.title ?? "\(name) schema"
    }

    /// The service's URL with whatever credentials are in scope for it, as `get` sends them.
    func mainResource(_ context: APIContext) throws(FacadeError) -> Endpoint<DecodedModel> {
        Endpoint(auth: .inScope, modelName: modelName) { [schema, modelName] answer, cancellation throws(DecodeFailure) in
            let document = try ModelDecoding.parseBody(answer, cancellation: cancellation)
            let violations = schema.validate(document, limit: 5, cancellation: cancellation)
            if let first = violations.first {
                throw first.adding(Array(violations.dropFirst()))
            }
            let body = document.value
            let model = DecodedModel(typeName: modelName, document: document, value: SchemaModel(schema: schema.root, value: body))
            return (model, model)
        }
    }
}

/// A body that matched its JSON Schema, with the schema that describes it (titles, property order, formats).
public struct SchemaModel: Sendable {
    public let schema: JSONSchema
    public let value: JSONValue

    init(schema: JSONSchema, value: JSONValue) {
        self.schema = schema
        self.value = value
    }
}
