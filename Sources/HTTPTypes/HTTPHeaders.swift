import JSON
/// HTTP header fields in the order they were added or received.
///
/// Names compare case-insensitively, as HTTP requires; repeated names (`Set-Cookie`) are kept as
/// separate fields rather than merged.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header field.
    public typealias Field = (name: String, value: String)

    private var fields: [Field]

    public init() {
        fields = []
    }

    public init(_ fields: [Field]) {
        self.fields = fields
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The number of fields, counting repeated names separately.
    public var count: Int { fields.count }

    public var isEmpty: Bool { fields.isEmpty }

    /// The first value for `name`; setting replaces every field of that name (nil removes them).
    public subscript(name: String) -> String? {
        get { fields.first { Self.same($0.name, name) }?.value }
        set {
            if let newValue {
                set(name, newValue)
            } else {
                remove(name)
            }
        }
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.same($0.name, name) }.map(\.value)
    }

    public func contains(_ name: String) -> Bool {
        fields.contains { Self.same($0.name, name) }
    }

    /// Adds a field, keeping any existing ones of the same name. The texts are taken, not copied: a
    /// response's fields are added as they arrive, and a copy would be retained and released for each.
    public mutating func add(_ name: consuming String, _ value: consuming String) {
        fields.append((name: name, value: value))
    }

    /// Room for `count` fields, so that adding a response's fields one by one does not grow the storage
    /// again and again.
    package mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    /// Replaces every field named `name` with a single one, at the position of the first.
    public mutating func set(_ name: String, _ value: String) {
        if let first = fields.firstIndex(where: { Self.same($0.name, name) }) {
            fields[first] = (name: name, value: value)
            var index = fields.index(after: first)
            while index < fields.endIndex {
                if Self.same(fields[index].name, name) {
                    fields.remove(at: index)
                } else {
                    index += 1
                }
            }
        } else {
            add(name, value)
        }
    }

    /// Appends text to the value of the last field (obsolete line folding); nothing when there is none.
    package mutating func appendToLastValue(_ text: String) {
        guard let last = fields.indices.last else { return }
        fields[last].value += text
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.same($0.name, name) }
    }

    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { same($0.name, $1.name) && $0.value == $1.value }
    }

    /// ASCII case-insensitive comparison; header names are ASCII tokens, so no locale rules apply.
    private static func same(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.utf8, right = rhs.utf8
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { lowered($0) == lowered($1) }
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
