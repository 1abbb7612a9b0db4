import JSON
import FoundationFree
/// HTTP header fields in the order they were added or received.
///
/// Names compare case-insensitively, as HTTP requires; repeated names (`Set-Cookie`) are kept as
/// separate fields rather than merged.
///
/// A response's fields are kept as they arrived (`ReceivedFields`): their bytes in one buffer, looked up by
/// name there, made into strings only when read. A response of ten fields of which one or two are asked for
/// makes no string for the others, and frees two buffers rather than a string for each. Changing received
/// headers makes their strings first.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header field.
    public typealias Field = (name: String, value: String)

    private enum Storage: Sendable {
        case fields([Field])
        case received(ReceivedFields)
    }

    private var storage: Storage

    public init() {
        storage = .fields([])
    }

    public init(_ fields: [Field]) {
        storage = .fields(fields)
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        storage = .fields(elements.map { (name: $0.0, value: $0.1) })
    }

    /// Fields as a server sent them.
    package init(received: ReceivedFields) {
        storage = .received(received)
    }

    /// The number of fields, counting repeated names separately.
    public var count: Int {
        switch storage {
        case .fields(let fields): fields.count
        case .received(let received): received.count
        }
    }

    public var isEmpty: Bool { count == 0 }

    /// The fields as strings: received ones are made into strings here.
    private var fields: [Field] {
        switch storage {
        case .fields(let fields): fields
        case .received(let received): received.fields
        }
    }

    /// Changes the fields in place: the array is taken out of the storage first, so that it is the only
    /// reference and grows without being copied (received fields are made into strings once, here).
    private mutating func changeFields(_ change: (inout [Field]) -> Void) {
        var fields = self.fields
        storage = .fields([])
        change(&fields)
        storage = .fields(fields)
    }

    /// The first value for `name`; setting replaces every field of that name (nil removes them).
    public subscript(name: String) -> String? {
        get {
            switch storage {
            case .fields(let fields): fields.first { Self.same($0.name, name) }?.value
            case .received(let received): received.firstValue(named: name)
            }
        }
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
        switch storage {
        case .fields(let fields): fields.filter { Self.same($0.name, name) }.map(\.value)
        case .received(let received): received.values(named: name)
        }
    }

    public func contains(_ name: String) -> Bool {
        switch storage {
        case .fields(let fields): fields.contains { Self.same($0.name, name) }
        case .received(let received): received.firstValue(named: name) != nil
        }
    }

    /// Adds a field, keeping any existing ones of the same name.
    public mutating func add(_ name: consuming String, _ value: consuming String) {
        let field = (name: name, value: value)
        changeFields { $0.append(field) }
    }

    /// Replaces every field named `name` with a single one, at the position of the first.
    public mutating func set(_ name: String, _ value: String) {
        changeFields { fields in
            guard let first = fields.firstIndex(where: { Self.same($0.name, name) }) else {
                fields.append((name: name, value: value))
                return
            }
            fields[first] = (name: name, value: value)
            var index = fields.index(after: first)
            while index < fields.endIndex {
                if Self.same(fields[index].name, name) {
                    fields.remove(at: index)
                } else {
                    index += 1
                }
            }
        }
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) {
        changeFields { $0.removeAll { Self.same($0.name, name) } }
    }

    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        let left = lhs.fields, right = rhs.fields
        return left.count == right.count && zip(left, right).allSatisfy { same($0.name, $1.name) && $0.value == $1.value }
    }

    /// Whether `other` has the same fields in the same order, byte for byte: what decides that the same
    /// header lines go out (`==` takes names without case, and Swift's string `==` calls canonically
    /// equal texts equal).
    package func sameBytes(as other: HTTPHeaders) -> Bool {
        let left = fields, right = other.fields
        return left.count == right.count
            && zip(left, right).allSatisfy { $0.name.hasSameBytes(as: $1.name) && $0.value.hasSameBytes(as: $1.value) }
    }

    /// ASCII case-insensitive comparison; header names are ASCII tokens, so no locale rules apply.
    private static func same(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.utf8, right = rhs.utf8
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { lowered($0) == lowered($1) }
    }

    static func lowered(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}

/// A response's header fields as they arrived: each field's line, from its name to the end of its value,
/// one after another in one buffer, and where each field's name and value lie in it. Made once, by `Builder`,
/// when the response's header block is whole; read only after. Bytes that are not UTF-8 are kept as they came
/// and read as `String(decoding:as:)` reads them (each bad sequence a U+FFFD), as a field's strings always were.
package final class ReceivedFields: Sendable {
    private let bytes: [UInt8]
    /// Per field: where its name starts and ends, and where its value starts and ends.
    private let bounds: [Bounds]

    struct Bounds {
        var name: Int
        var nameEnd: Int
        var value: Int
        var end: Int
    }

    private init(bytes: [UInt8], bounds: [Bounds]) {
        self.bytes = bytes
        self.bounds = bounds
    }

    var count: Int { bounds.count }

    var fields: [HTTPHeaders.Field] {
        bounds.map { (name: text(from: $0.name, to: $0.nameEnd), value: text(from: $0.value, to: $0.end)) }
    }

    func firstValue(named name: String) -> String? {
        var name = name
        return name.withUTF8 { wanted in
            bounds.first { has(wanted, $0) }.map { text(from: $0.value, to: $0.end) }
        }
    }

    func values(named name: String) -> [String] {
        var name = name
        return name.withUTF8 { wanted in
            bounds.filter { has(wanted, $0) }.map { text(from: $0.value, to: $0.end) }
        }
    }

    private func text(from start: Int, to end: Int) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
    }

    /// Whether a field's name is `wanted`, ASCII case-insensitively: its length first, then its bytes.
    private func has(_ wanted: UnsafeBufferPointer<UInt8>, _ field: Bounds) -> Bool {
        guard field.nameEnd - field.name == wanted.count else { return false }
        return bytes.withUnsafeBufferPointer { all in
            var position = field.name
            for byte in wanted {
                guard HTTPHeaders.lowered(all[position]) == HTTPHeaders.lowered(byte) else { return false }
                position += 1
            }
            return true
        }
    }

    /// Gathers a response's fields as their lines arrive.
    package struct Builder {
        private var bytes: [UInt8] = []
        private var bounds: [Bounds] = []

        package init() {}

        /// Room for `fields` fields of `bytes` bytes in all.
        package mutating func reserveCapacity(fields: Int, bytes: Int) {
            bounds.reserveCapacity(fields)
            self.bytes.reserveCapacity(bytes)
        }

        /// A field, from its line's bytes and where its name and its value lie in them: the line is kept whole
        /// (the separator between them too), one copy rather than two.
        package mutating func append(line: UnsafeBufferPointer<UInt8>, name: Range<Int>, value: Range<Int>) {
            let shift = bytes.count - name.lowerBound
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: line[name.lowerBound..<value.upperBound]))
            bounds.append(Bounds(
                name: shift + name.lowerBound, nameEnd: shift + name.upperBound, value: shift + value.lowerBound, end: shift + value.upperBound))
        }

        /// A space and `text` after the last field's value (obsolete line folding); nothing when there is none.
        /// The last value is the end of the buffer, so it grows in place.
        package mutating func appendToLastValue(_ text: UnsafeBufferPointer<UInt8>) {
            guard !bounds.isEmpty else { return }
            bytes.append(UInt8(ascii: " "))
            bytes.append(contentsOf: text)
            bounds[bounds.count - 1].end = bytes.count
        }

        /// The fields gathered so far.
        package var headers: HTTPHeaders {
            HTTPHeaders(received: ReceivedFields(bytes: bytes, bounds: bounds))
        }
    }
}
