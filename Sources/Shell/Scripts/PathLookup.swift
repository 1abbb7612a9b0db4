import Facade

/// Finds a path in a response body and, when it is not there, says what is there instead
/// (`data[0] has no likeCont; it has _id, content, likeCount, …`), so a typo in a script is fixed at once.
enum PathLookup {
    enum Result: Equatable {
        case found(JSONValue)
        /// Why the path does not resolve, naming the deepest part that does and what it holds.
        case missing(String)
    }

    static func find(_ path: JSONPath, in body: JSONValue) -> Result {
        var current = body
        var walked = JSONPath.root
        for component in path.components {
            let name = walked.isRoot ? "the body" : walked.description
            switch (component, current) {
            case (.key(let key), .object(let object)):
                guard let member = object[key] else {
                    let shown = JSONPath.root.appending(.key(key)).description
                    return .missing("\(name) has no \(shown); " + members(of: object))
                }
                current = member
            case (.index(let index), .array(let elements)):
                let position = index < 0 ? elements.count + index : index
                guard elements.indices.contains(position) else {
                    if elements.isEmpty { return .missing("\(name) is an empty array") }
                    let count = elements.count
                    return .missing("\(name) has \(count) element\(count == 1 ? "" : "s") ([0]…[\(count - 1)]), not [\(index)]")
                }
                current = elements[position]
            case let (.match(field, value), .array(elements)):
                guard let element = elements.first(where: { $0[field]?.displayText == value }) else {
                    return .missing("no element of \(name) has \(field)=\(value)")
                }
                current = element
            case (.key, _):
                return .missing("\(name) is \(describe(current)), not an object")
            case (.index, _), (.match, _):
                return .missing("\(name) is \(describe(current)), not an array")
            }
            walked = walked.appending(component)
        }
        return .found(current)
    }

    /// `it has a, b, c` (the first dozen keys) or `it is an empty object`.
    private static func members(of object: JSONObject) -> String {
        guard !object.isEmpty else { return "it is an empty object" }
        let keys = object.keys.prefix(12).joined(separator: ", ")
        return "it has " + keys + (object.count > 12 ? ", … (\(object.count) keys)" : "")
    }

    /// `a string ("63")`, `an array of 12`, `null`.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool, .number, .string: "a \(value.typeName) (\(Self.shortJSON(value)))"
        case .array(let elements): "an array of \(elements.count)"
        case .object(let object): "an object with \(object.count) key\(object.count == 1 ? "" : "s")"
        }
    }

    /// Compact JSON cut to a readable length for one-line messages.
    static func shortJSON(_ value: JSONValue, limit: Int = 120) -> String {
        let text = value.encoded()
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "…"
    }
}
