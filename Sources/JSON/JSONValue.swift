/// Any JSON document or part of one, as parsed by apish's own byte-level parser.
///
/// Used wherever no typed model applies: generic rendering, paths (`data[0]._id`), shape inference and
/// version diffs. Numbers keep their literal text (`JSONNumber`) and objects keep member order
/// (`JSONObject`), so what the server sent can be shown back exactly.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

extension JSONValue {
    /// The member named `key` when this is an object; `nil` otherwise or when absent.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index` when this is an array and the index is in range; `nil` otherwise.
    /// (Paths, unlike this subscript, also accept negative indexes counted from the end.)
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    public var stringValue: String? {
        guard case .string(let string) = self else { return nil }
        return string
    }

    /// The nearest `Double` of a number; `nil` for non-numbers and numbers beyond `Double`'s range.
    public var doubleValue: Double? {
        guard case .number(let number) = self else { return nil }
        return number.double
    }

    /// The number as an `Int` only when exact (see `JSONNumber.int`).
    public var intValue: Int? {
        guard case .number(let number) = self else { return nil }
        return number.int
    }

    public var numberValue: JSONNumber? {
        guard case .number(let number) = self else { return nil }
        return number
    }

    public var boolValue: Bool? {
        guard case .bool(let bool) = self else { return nil }
        return bool
    }

    public var arrayValue: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }

    public var objectValue: JSONObject? {
        guard case .object(let object) = self else { return nil }
        return object
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The JSON type as users know it: "object", "array", "string", "number", "boolean" or "null".
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Text for a table cell or a message: strings without quotes or escapes, anything else as compact JSON.
    public var displayText: String {
        if case .string(let string) = self { return string }
        return encoded()
    }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON.
    public var description: String { encoded() }
}
