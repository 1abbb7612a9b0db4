extension JSONValue {
    /// One step of a path: an object's member, an array's element (negative counts from the end; `last` is
    /// the last), or the first element whose `field` shows as `value`; nil when there is no such thing.
    public func child(_ component: JSONPath.Component) -> JSONValue? {
        switch (component, self) {
        case (.key(let key), .object(let object)):
            return object[key]
        case (.index(let index), .array(let elements)):
            let position = index < 0 ? elements.count + index : index
            // Not a ternary: `nil` there would become the literal `JSONValue.null`.
            guard elements.indices.contains(position) else { return nil }
            return elements[position]
        case (.key("last"), .array(let elements)):
            // `last` of an array is its last element (the newest event of a stream: `expect last.data.done == true`).
            return elements.last
        case (.match(let field, let value), .array(let elements)):
            return elements.first { $0[field]?.displayText == value }
        default:
            return nil
        }
    }

    /// The value at `path`, or `nil` when a step does not exist (missing key, index out of range, a key
    /// step into a non-object, an index step into a non-array).
    public func value(at path: JSONPath) -> JSONValue? {
        var current = self
        for component in path.components {
            guard let next = current.child(component) else { return nil }
            current = next
        }
        return current
    }

    /// Parses `path` and returns the value there; throws only when the path itself is malformed.
    public func value(at path: String) throws(JSONPathError) -> JSONValue? {
        value(at: try JSONPath.parse(path))
    }
}
