import Facade
import JSON
import Schemas
import APIDescriptions
import Rendering

/// A body that matched its JSON Schema: one row per property in the schema's order, labelled by its
/// `title` (else its name). A nested object the schema describes opens into rows labelled
/// `Temperature › High`; properties the schema does not name follow, and anything else shows as
/// compact JSON. A body that is not an object falls back to generic rendering.
enum SchemaPresenter {
    /// How deep nested objects open into rows before they show as JSON.
    private static let maximumDepth = 4

    static func present(_ model: SchemaModel) -> Presentation {
        guard case .object = model.value else { return .json(model.value) }
        var rows: [LabelledRow] = []
        addRows(model.value, schema: model.schema, prefix: "", depth: 0, into: &rows)
        return .rows(rows)
    }

    private static func addRows(_ value: JSONValue, schema: JSONSchema?, prefix: String, depth: Int, into rows: inout [LabelledRow]) {
        guard case .object(let members) = value else { return }
        let declared = schema?.properties ?? []
        var shown = Set<String>()
        for (name, propertySchema) in declared {
            guard let member = members[name] else { continue }
            shown.insert(name)
            add(member, label: prefix + (propertySchema.title ?? name), schema: propertySchema, depth: depth, into: &rows)
        }
        for (name, member) in members where !shown.contains(name) {
            add(member, label: prefix + name, schema: nil, depth: depth, into: &rows)
        }
    }

    private static func add(_ value: JSONValue, label: String, schema: JSONSchema?, depth: Int, into rows: inout [LabelledRow]) {
        if case .object = value, let schema, !schema.properties.isEmpty, depth < maximumDepth {
            addRows(value, schema: schema, prefix: label + " › ", depth: depth + 1, into: &rows)
            return
        }
        rows.append(LabelledRow(label, text(value)))
    }

    private static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let string): string
        case .null: "–"
        default: value.encoded()
        }
    }
}
