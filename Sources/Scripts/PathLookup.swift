import Facade
import JSON
import Shell

/// Finds a path in a response body and, when it is not there, says what is there instead
/// (`data[0] has no likeCont; it has _id, content, likeCount, …`), so a typo in a script is fixed at once.
enum PathLookup {
    enum Result: Equatable {
        case found(JSONValue)
        /// Why the path does not resolve, naming the deepest part that does and what it holds.
        case missing(String)
    }

    /// `rootName` is what the body is called when the first step fails (`the body`, `the diff --spec result`).
    static func find(_ path: JSONPath, in body: JSONValue, rootName: String = "the body") -> Result {
        var current = body
        var walked = JSONPath.root
        for component in path.components {
            guard let next = current.child(component) else {
                return .missing(whyMissing(component, in: current, at: walked.isRoot ? rootName : walked.description))
            }
            current = next
            walked = walked.appending(component)
        }
        return .found(current)
    }

    /// The same lookup in a parsed body: only what the path finds becomes a tree (the whole body does
    /// only to explain a path that is missing).
    static func find(_ path: JSONPath, in document: JSONDocument, rootName: String = "the body") -> Result {
        if let value = document.value(at: path) { return .found(value) }
        return find(path, in: document.value, rootName: rootName)
    }

    /// Why one step fails, naming what `current` (called `name`) holds instead.
    private static func whyMissing(_ component: JSONPath.Component, in current: JSONValue, at name: String) -> String {
        switch (component, current) {
        case (.key(let key), .object(let object)):
            return "\(name) has no \(JSONPath.root.appending(.key(key)).description); " + members(of: object)
        case (.index(let index), .array(let elements)):
            if elements.isEmpty { return "\(name) is an empty array" }
            let count = elements.count
            return "\(name) has \(count) element\(count == 1 ? "" : "s") ([0]…[\(count - 1)]), not [\(index)]"
        case let (.match(field, value), .array):
            return "no element of \(name) has \(field)=\(value)"
        case (.key, _):
            return "\(name) is \(describe(current)), not an object"
        case (.index, _), (.match, _):
            return "\(name) is \(describe(current)), not an array"
        }
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
