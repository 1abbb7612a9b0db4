import FoundationFree
import HTTPTypes
import JSON
import Schemas

/// Form fields read back into the JSON object they stand for, so that a form body is checked by the same
/// schema walk as a JSON one (`call` before it sends, the mock when it receives): a name given once is a
/// member, a repeated one an array; a bracketed name (`metadata[order_id]`, `items[0][price]`, `tags[]`)
/// is nested under its first name, as deepObject writes it; a `name:=json` value is taken as it is. Each
/// text is typed as its property's schema takes it (`OpenAPICall.typed`: `quantity=2` as 2), and a text
/// given once for an array property that is not exploded (`tags=a,b`) is split at its delimiter.
enum FormBodyReading {
    typealias Field = (name: String, value: JSONValue, isJSON: Bool)

    /// The fields folded into one object, members in the order their names first came.
    static func object(_ fields: [Field], schema: JSONSchema?, styles: [String: FormStyle]) -> JSONObject {
        let root = Node()
        for field in fields {
            let (base, path) = Self.path(of: field.name)
            var node = root.child(base)
            for segment in path { node = node.child(segment.isEmpty ? String(node.keys.count) : segment) }
            node.add(field.value, isJSON: field.isJSON)
        }
        return JSONObject(root.keys.compactMap { key in
            root.children[key].map { (key, value(of: $0, schema: schema?.property(namedInAnyAlternative: key), style: styles[key] ?? .default)) }
        })
    }

    /// `metadata[order_id]` → (`metadata`, [`order_id`]); `tags[]` → (`tags`, [""]); a name whose brackets
    /// do not close in order is a plain name.
    static func path(of name: String) -> (base: String, path: [String]) {
        guard let open = name.firstIndex(of: "["), open > name.startIndex, name.hasSuffix("]") else { return (name, []) }
        var segments: [String] = []
        var rest = name[open...]
        while rest.first == "[" {
            guard let close = rest.firstIndex(of: "]") else { return (name, []) }
            let segment = rest[rest.index(after: rest.startIndex)..<close]
            if segment.contains("[") { return (name, []) }
            segments.append(String(segment))
            rest = rest[rest.index(after: close)...]
        }
        return rest.isEmpty ? (String(name[..<open]), segments) : (name, [])
    }

    /// One name's values, or its nested members, as JSON.
    private static func value(of node: Node, schema: JSONSchema?, style: FormStyle) -> JSONValue {
        guard node.keys.isEmpty else {
            let accepted = schema?.acceptedTypes ?? []
            let indices = node.keys.compactMap { Int($0) }
            let isList = indices.count == node.keys.count
                && (accepted.contains("array") || (accepted.isEmpty && indices.sorted() == Array(0..<indices.count)))
            if isList {
                let ordered = zip(indices, node.keys).sorted { $0.0 < $1.0 }
                return .array(ordered.compactMap { node.children[$0.1].map { value(of: $0, schema: schema?.items, style: .default) } })
            }
            return .object(JSONObject(node.keys.compactMap { key in
                node.children[key].map { child in
                    let property = schema?.property(namedInAnyAlternative: key) ?? schema?.additionalPropertiesSchema
                    return (key, value(of: child, schema: property, style: .default))
                }
            }))
        }
        let values = node.values
        let isArray = schema?.acceptedTypes.contains("array") ?? false
        func typed(_ value: (value: JSONValue, isJSON: Bool), as schema: JSONSchema?) -> JSONValue {
            value.isJSON ? value.value : OpenAPICall.typed(value.value, as: schema)
        }
        if values.count == 1, let only = values.first {
            guard isArray, !only.isJSON else { return typed(only, as: schema) }
            let text = only.value.displayText
            return .array(style.items(of: text).map { typed((.string($0), false), as: schema?.items) })
        }
        return .array(values.map { typed($0, as: isArray ? schema?.items : schema) })
    }

    /// A name's members in the order they came, and the values given to the name itself.
    private final class Node {
        var keys: [String] = []
        var children: [String: Node] = [:]
        var values: [(value: JSONValue, isJSON: Bool)] = []

        func child(_ key: String) -> Node {
            if let existing = children[key] { return existing }
            let made = Node()
            keys.append(key)
            children[key] = made
            return made
        }

        /// A JSON object or array given whole (`metadata:='{"a":"1"}'`) becomes members, so that a bracketed
        /// field beside it (`metadata[b]=2`) joins it.
        func add(_ value: JSONValue, isJSON: Bool) {
            switch value {
            case .object(let object) where isJSON && values.isEmpty && !object.isEmpty:
                for member in object { child(member.key).add(member.value, isJSON: true) }
            case .array(let elements) where isJSON && values.isEmpty && !elements.isEmpty:
                for element in elements { child(String(keys.count)).add(element, isJSON: true) }
            default:
                values.append((value, isJSON))
            }
        }
    }
}
