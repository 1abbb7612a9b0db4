/// Decodes a `Decodable` model straight from a parsed document's tape, so a body is parsed once and no
/// tree is built: strings and numbers are read from the document's bytes only where the model has a field.
///
/// It throws the same `DecodingError`s as Foundation's `JSONDecoder` (same kinds, types and coding paths),
/// which is what `ModelDecoding` turns into drift messages; a differential test holds the two together.
/// No key or date strategies: the built-in models need none.
package struct JSONTapeDecoder {
    package init() {}

    package func decode<T: Decodable>(_ type: T.Type, from document: JSONDocument) throws -> T {
        try document.read { reader in
            try JSONTapeDecoding(reader: reader, entry: 0, parentPath: [], key: nil).unwrap(T.self)
        }
    }
}

/// The `Decoder` for one value of the document, at one coding path. Entry -1 is a `null` that is not in
/// the document (the missing member a `superDecoder` reads).
private struct JSONTapeDecoding: Decoder {
    let reader: JSONTapeReader
    let entry: Int
    /// The coding path is made only when asked for (an error, a nested container): most values are
    /// scalars that decode without one, and making it is an allocation per value.
    let parentPath: [any CodingKey]
    let key: (any CodingKey)?
    var codingPath: [any CodingKey] { key.map { parentPath + [$0] } ?? parentPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var kind: JSONTape.Kind { entry < 0 ? .null : reader.kind(entry) }
    var isNull: Bool { kind == .null }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch kind {
        case .object:
            return KeyedDecodingContainer(KeyedContainer<Key>(reader: reader, object: entry, codingPath: codingPath))
        case .null:
            throw DecodingError.valueNotFound(
                [String: Any].self,
                .init(codingPath: codingPath, debugDescription: "Cannot get keyed decoding container -- found null value instead"))
        default:
            throw mismatch([String: Any].self)
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch kind {
        case .array:
            return UnkeyedContainer(reader: reader, array: entry, codingPath: codingPath)
        case .null:
            throw DecodingError.valueNotFound(
                [Any].self,
                .init(codingPath: codingPath, debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
        default:
            throw mismatch([Any].self)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(decoder: self)
    }

    /// `T` from this value: scalars directly, a `JSONValue` built from here down, anything else through
    /// its `init(from:)`. Each scalar branch has checked that `T` is that very type, so the value is
    /// handed back as `T` without a dynamic cast (which costs as much as the decoding of a number).
    func unwrap<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == String.self { return unsafeBitCast(try decodeString(), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try decodeFloatingPoint(Double.self), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try decodeInteger(Int.self), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try decodeBool(), to: T.self) }
        if T.self == JSONValue.self { return unsafeBitCast(entry < 0 ? JSONValue.null : reader.value(entry), to: T.self) }
        if kind == .array { return try unwrapArray(T.self) }
        return try T(from: self)
    }

    /// An array into storage reserved for its length. Apart from `unwrap`: its optional `T` would make every
    /// unspecialised `unwrap` look up `Optional<T>`'s metadata, a hash-table search per decoded value (8% of
    /// decoding a page of 50,000 groups).
    @inline(never)
    private func unwrapArray<T: Decodable>(_ type: T.Type) throws -> T {
        if let arrayType = T.self as? any TapeDecodableArray.Type, let array = try arrayType.decodeReserving(self) as? T {
            return array
        }
        return try T(from: self)
    }

    func decodeBool() throws -> Bool {
        switch kind {
        case .true: return true
        case .false: return false
        default: throw mismatchOrNull(Bool.self)
        }
    }

    func decodeString() throws -> String {
        guard kind == .string || kind == .escapedString else { throw mismatchOrNull(String.self) }
        return reader.string(entry)
    }

    func decodeFloatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type) throws -> T {
        guard kind == .number else { throw mismatchOrNull(T.self) }
        let number = reader.number(entry)
        guard let result = T(number.text), result.isFinite, result != 0 || !Self.hasNonZeroDigit(number) else {
            throw Self.notRepresentable
        }
        return result
    }

    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard kind == .number else { throw mismatchOrNull(T.self) }
        if let small = Self.plainInteger(reader.rawText(entry)), let exact = T(exactly: small) { return exact }
        let number = reader.number(entry)
        if let int = number.int, let exact = T(exactly: int) { return exact }
        if let double = number.double, let exact = T(exactly: double) { return exact }
        throw Self.notRepresentable
    }

    /// What JSONDecoder reports for a number the type cannot hold (`7.5` as Int, `1e400`, `1e-400`): it
    /// gives up on the whole document, with no coding path.
    private static let notRepresentable = DecodingError.dataCorrupted(
        .init(codingPath: [], debugDescription: "The given data was not valid JSON."))

    /// The value of an integer written with at most 18 digits and no fraction or exponent (most integers),
    /// read from the bytes without making a string; nil for anything else.
    private static func plainInteger(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { index = 1 }
        guard text.count - index <= 18, index < text.count else { return nil }
        var value = 0
        while index < text.count {
            let digit = text[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
            index += 1
        }
        return negative ? -value : value
    }

    /// `1e-400` underflows to 0 but is not zero.
    private static func hasNonZeroDigit(_ number: JSONNumber) -> Bool {
        for byte in number.text.utf8 {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return false }
            if byte >= UInt8(ascii: "1"), byte <= UInt8(ascii: "9") { return true }
        }
        return false
    }

    /// JSONDecoder reports `null` where a value was required as `valueNotFound`, anything else as a mismatch.
    private func mismatchOrNull(_ type: Any.Type) -> DecodingError {
        if isNull {
            return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "Cannot get \(type) -- found null value instead"))
        }
        return mismatch(type)
    }

    private func mismatch(_ type: Any.Type) -> DecodingError {
        .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(JSONTapeReader.typeName(kind)) instead."))
    }
}

/// Arrays decode into storage reserved for their known length, not grown element by element (a page of
/// 50,000 groups is otherwise copied a dozen times as it grows).
private protocol TapeDecodableArray {
    static func decodeReserving(_ decoding: JSONTapeDecoding) throws -> Self
}

extension Array: TapeDecodableArray where Element: Decodable {
    fileprivate static func decodeReserving(_ decoding: JSONTapeDecoding) throws -> Self {
        var container = try decoding.unkeyedContainer()
        var elements: [Element] = []
        elements.reserveCapacity(container.count ?? 0)
        while !container.isAtEnd { elements.append(try container.decode(Element.self)) }
        return elements
    }
}

/// An array element's place in a coding path, as JSONDecoder writes it.
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ index: Int) {
        intValue = index
    }

    init?(stringValue: String) {
        nil
    }

    init?(intValue: Int) {
        self.intValue = intValue
    }
}

/// Where the last member of one object was found, so that members read in the order they are written (as a
/// synthesised `init(from:)` reads them) are found at the next key instead of by a scan of every member. Only
/// for an object whose keys are all different: with a repeated key the last one wins, which only a whole scan
/// can tell.
private final class MemberCursor {
    /// Whether the object's keys are all different; nil until the first lookup.
    var distinct: Bool?
    /// The key entry after the last member found.
    var next = 0
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reader: JSONTapeReader
    let object: Int
    let codingPath: [any CodingKey]
    private let cursor = MemberCursor()

    init(reader: JSONTapeReader, object: Int, codingPath: [any CodingKey]) {
        self.reader = reader
        self.object = object
        self.codingPath = codingPath
    }

    /// The value entry of the member named `name`, or nil.
    private func find(_ name: String) -> Int? {
        let distinct = cursor.distinct ?? reader.keysAreDistinct(object)
        cursor.distinct = distinct
        guard distinct else { return reader.member(of: object, named: name) }
        guard let value = reader.member(ofDistinct: object, named: name, from: cursor.next) else { return nil }
        cursor.next = reader.next(value)
        return value
    }

    var allKeys: [Key] {
        reader.children(object).compactMap { Key(stringValue: reader.string($0)) }
    }

    func contains(_ key: Key) -> Bool {
        find(key.stringValue) != nil
    }

    private func decoding(_ entry: Int, _ key: Key) -> JSONTapeDecoding {
        JSONTapeDecoding(reader: reader, entry: entry, parentPath: codingPath, key: key)
    }

    private func member(_ key: Key) throws -> JSONTapeDecoding {
        guard let entry = find(key.stringValue) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)."))
        }
        return decoding(entry, key)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try member(key).isNull
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try member(key).unwrap(T.self)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try present(T.self, key)
    }

    /// One lookup for an optional member: the protocol's own `decodeIfPresent` for each scalar type
    /// asks `contains`, `decodeNil` and `decode` in turn, three scans of the object.
    private func present<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let entry = find(key.stringValue), reader.kind(entry) != .null else { return nil }
        return try decoding(entry, key).unwrap(T.self)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try present(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try present(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try present(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try present(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try present(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try present(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try present(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try present(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try present(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try present(type, key) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try member(key).container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try member(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        JSONTapeDecoding(reader: reader, entry: find("super") ?? -1, parentPath: codingPath, key: nil)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoding(find(key.stringValue) ?? -1, key)
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let reader: JSONTapeReader
    let codingPath: [any CodingKey]
    let count: Int?
    private(set) var currentIndex = 0
    /// The entry of the element at `currentIndex`.
    private var cursor: Int

    init(reader: JSONTapeReader, array: Int, codingPath: [any CodingKey]) {
        self.reader = reader
        self.codingPath = codingPath
        count = reader.count(array)
        cursor = array + 1
    }

    var isAtEnd: Bool { currentIndex >= count ?? 0 }

    private func element(_ type: Any.Type) throws -> JSONTapeDecoding {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "Unkeyed container is at end."))
        }
        return JSONTapeDecoding(reader: reader, entry: cursor, parentPath: codingPath, key: IndexKey(currentIndex))
    }

    private mutating func advance() {
        cursor = reader.next(cursor)
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool {
        guard try element(Never.self).isNull else { return false }
        advance()
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let result = try element(T.self).unwrap(T.self)
        advance()
        return result
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let result = try element([String: Any].self).container(keyedBy: NestedKey.self)
        advance()
        return result
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let result = try element([Any].self).unkeyedContainer()
        advance()
        return result
    }

    mutating func superDecoder() throws -> any Decoder {
        let result = try element(Any.self)
        advance()
        return result
    }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
    let decoder: JSONTapeDecoding
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeBool() }
    func decode(_ type: String.Type) throws -> String { try decoder.decodeString() }
    func decode(_ type: Double.Type) throws -> Double { try decoder.decodeFloatingPoint(Double.self) }
    func decode(_ type: Float.Type) throws -> Float { try decoder.decodeFloatingPoint(Float.self) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.decodeInteger(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decodeInteger(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decodeInteger(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decodeInteger(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decodeInteger(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.decodeInteger(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decodeInteger(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decodeInteger(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decodeInteger(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decodeInteger(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.unwrap(T.self) }
}
