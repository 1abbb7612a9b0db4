import FoundationFree
/// The members of a JSON object, in document order, with lookup by key.
///
/// Order matters to people reading responses (`show`, pretty output, diffs list fields as the server
/// wrote them), so members are kept as ordered pairs. Small objects are searched linearly; larger ones
/// carry a key → position index so lookups stay O(1) on wide records.
///
/// A key that appears twice keeps the position of its first occurrence and the value of its last
/// ("last wins", as most parsers do). Equality and hashing ignore member order, as JSON does.
/// Keys compare by their code points (their UTF-8 bytes), as JSON does: `"ä"` (U+00E4) and `"a\u{308}"` are two
/// keys, though Swift's `String ==` (canonical equivalence) calls them equal.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (key: String, value: JSONValue)

    /// Objects with more members than this get a lookup index.
    private static let indexThreshold = 32

    public private(set) var keys: [String] = []
    public private(set) var values: [JSONValue] = []
    private var index: [ExactKey: Int]? = nil

    /// A key hashed and compared by its UTF-8 bytes (`same`), where `String`'s own keys would take
    /// canonically equivalent names ("é" and "e\u{301}") for one.
    package struct ExactKey: Hashable {
        package let text: String

        package init(_ text: String) {
            self.text = text
        }

        package static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
            JSONObject.same(lhs.text, rhs.text)
        }

        package func hash(into hasher: inout Hasher) {
            if text.utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
                for byte in text.utf8 { hasher.combine(byte) }
            }
        }
    }

    /// Whether two member names are the same code points.
    package static func same(_ lhs: String, _ rhs: String) -> Bool {
        // Byte-equal strings are canonically equal, so Swift's fast `==` rules out almost every pair; only a
        // pair it calls equal has its bytes compared.
        guard lhs.utf8.count == rhs.utf8.count, lhs == rhs else { return false }
        return lhs.hasSameBytes(as: rhs)
    }

    public init() {}

    /// Builds an object from pairs in order; a repeated key keeps its first position and its last value.
    public init(_ pairs: some Sequence<(String, JSONValue)>) {
        for (key, value) in pairs { self[key] = value }
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }

    /// Builds an object from the parser's parallel arrays, resolving duplicate keys.
    package init(parsedKeys: [String], values parsedValues: [JSONValue]) {
        if parsedKeys.count <= Self.indexThreshold {
            if !Self.hasDuplicates(parsedKeys) {
                keys = parsedKeys
                values = parsedValues
                return
            }
        } else {
            var positions: [ExactKey: Int] = [:]
            positions.reserveCapacity(parsedKeys.count)
            var unique = true
            for (position, key) in parsedKeys.enumerated() {
                if positions.updateValue(position, forKey: ExactKey(key)) != nil {
                    unique = false
                    break
                }
            }
            if unique {
                keys = parsedKeys
                values = parsedValues
                index = positions
                return
            }
        }
        for (key, value) in zip(parsedKeys, parsedValues) { self[key] = value }
    }

    /// Builds an object from keys a reader has already found distinct (the YAML reader refuses a key
    /// given twice), skipping the duplicate check.
    package init(distinctKeys: [String], values distinctValues: [JSONValue]) {
        keys = distinctKeys
        values = distinctValues
        if distinctKeys.count > Self.indexThreshold {
            var positions: [ExactKey: Int] = [:]
            positions.reserveCapacity(distinctKeys.count)
            for (position, key) in distinctKeys.enumerated() { positions[ExactKey(key)] = position }
            index = positions
        }
    }

    private static func hasDuplicates(_ keys: [String]) -> Bool {
        guard keys.count > 1 else { return false }
        // Keys of different byte lengths can never be equal, which skips most full comparisons. The lengths
        // live on the stack: this runs for every object of a document.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: keys.count) { lengths in
            for (position, key) in keys.enumerated() {
                lengths[position] = key.utf8.count
            }
            for i in 1..<keys.count {
                for j in 0..<i where lengths[i] == lengths[j] && keys[i].utf8.elementsEqual(keys[j].utf8) {
                    return true
                }
            }
            return false
        }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    private func position(of key: String) -> Int? {
        if let index { return index[ExactKey(key)] }
        return keys.firstIndex { Self.same($0, key) }
    }

    /// Where `key` is, looked for first at `expected`: walking a schema's properties over an object written
    /// in the same order finds each member at once.
    package func position(of key: String, expected: Int) -> Int? {
        if expected < keys.count, Self.same(keys[expected], key) { return expected }
        return position(of: key)
    }

    /// The value for `key`; assigning `nil` removes the member, assigning a new key appends it.
    /// Replaces the value of the member at `position` (in document order), keeping its key and place.
    package mutating func replaceValue(at position: Int, with value: JSONValue) {
        values[position] = value
    }

    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = position(of: key) else { return nil }
            return values[position]
        }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Sets the value for `key`, keeping its position when present; returns the previous value.
    @discardableResult
    public mutating func updateValue(_ value: JSONValue, forKey key: String) -> JSONValue? {
        if let position = position(of: key) {
            let old = values[position]
            values[position] = value
            return old
        }
        keys.append(key)
        values.append(value)
        if index != nil {
            index?[ExactKey(key)] = keys.count - 1
        } else if keys.count > Self.indexThreshold {
            index = Dictionary(uniqueKeysWithValues: keys.enumerated().map { (ExactKey($0.element), $0.offset) })
        }
        return nil
    }

    /// Removes `key`, keeping the order of the other members; returns the removed value.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let position = position(of: key) else { return nil }
        keys.remove(at: position)
        let old = values.remove(at: position)
        if index != nil {
            index = keys.count > Self.indexThreshold
                ? Dictionary(uniqueKeysWithValues: keys.enumerated().map { (ExactKey($0.element), $0.offset) })
                : nil
        }
        return old
    }

    /// Iterates members in document order.
    public struct Iterator: IteratorProtocol {
        fileprivate let keys: [String]
        fileprivate let values: [JSONValue]
        fileprivate var position = 0

        public mutating func next() -> Element? {
            guard position < keys.count else { return nil }
            defer { position += 1 }
            return (keys[position], values[position])
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(keys: keys, values: values)
    }

    public var underestimatedCount: Int { keys.count }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.keys.elementsEqual(rhs.keys, by: same) { return lhs.values == rhs.values }
        for (key, value) in zip(lhs.keys, lhs.values) where rhs[key] != value {
            return false
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent: combine each member's own hash commutatively.
        var combined = 0
        for (key, value) in zip(keys, values) {
            var member = Hasher()
            member.combine(key)
            member.combine(value)
            combined ^= member.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
