import JSON

/// A value as a schema check reads it: a tree (`JSONValue`) or a parsed document's tape (`JSONTapeValue`).
/// One validator checks both, so an answer is checked where it was parsed, without a tree built for it.
protocol SchemaInstance {
    associatedtype Object: SchemaInstanceObject where Object.Value == Self
    associatedtype Elements: Sequence where Elements.Element == Self

    var isNull: Bool { get }
    var isBool: Bool { get }
    var isString: Bool { get }
    var isNumber: Bool { get }
    var isObject: Bool { get }
    var isArray: Bool { get }
    var number: JSONNumber? { get }
    var string: String? { get }
    /// A string's length in code points, as JSON Schema counts it.
    var stringLength: Int? { get }
    /// The value as a tree: for what compares whole values (`enum`, `const`, `uniqueItems`) or shows one.
    var tree: JSONValue { get }
    var object: Object? { get }
    var elements: Elements { get }
    var elementCount: Int { get }
    /// How many values this one holds, itself included, counting no further than `limit`.
    func valueCount(upTo limit: Int) -> Int
}

/// An object as a schema check reads it. A member's position identifies it within the instance (for
/// `unevaluatedProperties`); a key written twice is one member, with its last value.
protocol SchemaInstanceObject {
    associatedtype Value: SchemaInstance
    associatedtype Members: Sequence where Members.Element == (position: Int, key: String, value: Value)

    var count: Int { get }
    /// The member named `name`; `after` is the position of the member found before it, where an object
    /// written in its schema's order has the next one.
    func member(named name: String, after: Int?) -> (position: Int, value: Value)?
    func has(_ name: String) -> Bool
    var members: Members { get }
}

extension JSONValue: SchemaInstance {
    var isBool: Bool {
        if case .bool = self { return true }
        return false
    }

    var isString: Bool {
        if case .string = self { return true }
        return false
    }

    var isNumber: Bool {
        if case .number = self { return true }
        return false
    }

    var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    var isArray: Bool {
        if case .array = self { return true }
        return false
    }

    var number: JSONNumber? { numberValue }
    var string: String? { stringValue }
    var stringLength: Int? { stringValue?.unicodeScalars.count }
    var tree: JSONValue { self }
    var object: JSONObject? { objectValue }
    var elements: [JSONValue] { arrayValue ?? [] }
    var elementCount: Int { arrayValue?.count ?? 0 }

    func valueCount(upTo limit: Int) -> Int {
        var count = 0
        var pending = [self]
        while let next = pending.popLast(), count < limit {
            count += 1
            switch next {
            case .object(let object): pending.append(contentsOf: object.values)
            case .array(let elements): pending.append(contentsOf: elements)
            default: break
            }
        }
        return count
    }
}

extension JSONObject: SchemaInstanceObject {
    func member(named name: String, after: Int?) -> (position: Int, value: JSONValue)? {
        guard let position = position(of: name, expected: after.map { $0 + 1 } ?? 0) else { return nil }
        return (position, values[position])
    }

    func has(_ name: String) -> Bool { self[name] != nil }

    var members: Members { Members(object: self) }

    struct Members: Sequence, IteratorProtocol {
        let object: JSONObject
        var position = 0

        init(object: JSONObject) {
            self.object = object
        }

        mutating func next() -> (position: Int, key: String, value: JSONValue)? {
            guard position < object.count else { return nil }
            defer { position += 1 }
            return (position, object.keys[position], object.values[position])
        }
    }
}

extension JSONTapeValue: SchemaInstance {}

extension JSONTapeValue.Object: SchemaInstanceObject {}
