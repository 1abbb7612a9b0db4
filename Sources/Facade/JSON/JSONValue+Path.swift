extension JSONValue {
    /// The value at `path`, or `nil` when a step does not exist (missing key, index out of range, a key
    /// step into a non-object, an index step into a non-array).
    public func value(at path: JSONPath) -> JSONValue? {
        var current = self
        for component in path.components {
            switch (component, current) {
            case (.key(let key), .object(let object)):
                guard let member = object[key] else { return nil }
                current = member
            case (.index(let index), .array(let elements)):
                let position = index < 0 ? elements.count + index : index
                guard elements.indices.contains(position) else { return nil }
                current = elements[position]
            case (.match(let field, let value), .array(let elements)):
                guard let element = elements.first(where: { $0[field]?.displayText == value }) else { return nil }
                current = element
            default:
                return nil
            }
        }
        return current
    }

    /// Parses `path` and returns the value there; throws only when the path itself is malformed.
    public func value(at path: String) throws(JSONPathError) -> JSONValue? {
        value(at: try JSONPath.parse(path))
    }
}
