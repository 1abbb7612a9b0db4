import FoundationFree
import JSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `$ref`s of a description being outlined (`OpenAPIOutline`), resolved inside its tape: the entry each
/// names, or none.
///
/// Most descriptions write a few hundred references thousands of times, as plain ASCII fragments
/// (`#/components/schemas/Pet`). Those are resolved over the bytes of the reference and of the keys, step by
/// step, and remembered by a hash of their bytes: no text is made of them. Any other spelling (escapes, `~`,
/// `%`, bytes beyond ASCII, an array step that is not plain digits) is resolved as `JSONPointer` reads it,
/// with the same answers.
struct OutlineReferences {
    let walk: JSONTapeWalk
    /// References read as text, by their text.
    private var byText: [String: Int?] = [:]
    /// References read by their bytes, by a hash of those bytes, with the string entry first read from
    /// (whose bytes are compared, so a collision is only a miss).
    private var byBytes: [UInt64: (entry: Int, target: Int?)] = [:]
    /// The members of big objects references go through (`components.schemas` has hundreds), by a hash of
    /// their keys' bytes; nil for an object with a key that is escaped or not ASCII, read by text instead.
    private var byteIndexes: [Int: [UInt64: Int]?] = [:]
    /// The same by text.
    private var textIndexes: [Int: [String: Int]] = [:]
    /// Objects with more members than this are looked up through an index.
    private static let indexedCount = 16

    init(walk: JSONTapeWalk) {
        self.walk = walk
    }

    /// The entry the `$ref` string at `entry` names in this document, or nil; nil too for a chain of `$ref`s
    /// that comes back on itself (`A: {$ref: B}, B: {$ref: A}`), which never reaches anything.
    mutating func target(ofReferenceAt entry: Int) -> Int? {
        guard walk.kind(entry) == .string, walk.isASCII(entry) else { return target(of: walk.string(entry)) }
        let bytes = walk.bytes(entry)
        let hash = Self.hash(bytes)
        if let known = byBytes[hash] {
            return Self.sameBytes(walk.bytes(known.entry), bytes) ? known.target : target(of: walk.string(entry))
        }
        // Unresolved while resolving: a chain that comes back here ends as nil.
        byBytes[hash] = (entry, nil)
        let found: Int?
        switch resolveFragment(bytes) {
        case .some(let resolved): found = resolved.flatMap { followed($0) }
        case .none: found = target(of: walk.string(entry))
        }
        byBytes[hash] = (entry, found)
        return found
    }

    /// The entry `$ref` text names in this document, or nil (as `target(ofReferenceAt:)`), read as
    /// `JSONPointer` reads it.
    private mutating func target(of reference: String) -> Int? {
        if let known = byText[reference] { return known }
        byText[reference] = .some(nil)
        var target: Int?
        if reference.hasPrefix("#"), let pointer = JSONPointer(reference) {
            target = 0
            for token in pointer.tokens {
                guard let current = target else { break }
                switch walk.kind(current) {
                case .object: target = textMember(current, token)
                case .array:
                    target = Int(token).flatMap { index in
                        index >= 0 && index < walk.count(current) ? walk.elements(of: current)[index] : nil
                    }
                default: target = nil
                }
            }
        }
        let found = target.flatMap { followed($0) }
        byText[reference] = found
        return found
    }

    /// `found`, or nil when it is an object whose own `$ref` leads nowhere.
    private mutating func followed(_ found: Int) -> Int? {
        guard walk.kind(found) == .object, let next = walk.member(found, "$ref"),
              walk.kind(next) == .string || walk.kind(next) == .escapedString
        else { return found }
        return target(ofReferenceAt: next) == nil ? nil : found
    }

    /// A plain fragment's target over bytes: `.some(entry or nil)`, or nil when the reference must be read
    /// as text (it is not `#/…`, or it has `~` or `%`, or an array step is not plain digits).
    private mutating func resolveFragment(_ bytes: UnsafeBufferPointer<UInt8>) -> Int?? {
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "#"), bytes[1] == UInt8(ascii: "/"),
              !bytes.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "%") })
        else { return nil }
        var current = 0
        var start = 2
        while true {
            var stop = start
            while stop < bytes.count, bytes[stop] != UInt8(ascii: "/") { stop += 1 }
            let token = UnsafeBufferPointer(rebasing: bytes[start..<stop])
            switch walk.kind(current) {
            case .object:
                guard let next = byteMember(current, token) else { return .some(nil) }
                current = next
            case .array:
                guard let index = Self.decimal(token) else { return nil }
                guard index < walk.count(current) else { return .some(nil) }
                current = current + 1
                for _ in 0..<index { current = walk.next(current) }
            default:
                return .some(nil)
            }
            if stop == bytes.count { return .some(current) }
            start = stop + 1
        }
    }

    /// The value of the member named by the bytes `token` (ASCII), as `textMember` finds it.
    private mutating func byteMember(_ object: Int, _ token: UnsafeBufferPointer<UInt8>) -> Int? {
        guard walk.count(object) > Self.indexedCount else { return member(object, token) }
        let index: [UInt64: Int]?
        if let made = byteIndexes[object] {
            index = made
        } else {
            index = byteIndex(object)
            byteIndexes[object] = index
        }
        guard let index else { return textMember(object, String(decoding: token, as: UTF8.self)) }
        guard let value = index[Self.hash(token)] else { return nil }
        return Self.sameBytes(walk.bytes(value - 1), token) ? value : member(object, token)
    }

    /// An object's members by a hash of their keys' bytes (the last of a repeated key), or nil when a key
    /// is escaped or not ASCII.
    private func byteIndex(_ object: Int) -> [UInt64: Int]? {
        var index: [UInt64: Int] = [:]
        index.reserveCapacity(walk.count(object))
        var key = object + 1
        let end = walk.next(object)
        while key < end {
            guard walk.kind(key) == .string, walk.isASCII(key) else { return nil }
            index[Self.hash(walk.bytes(key))] = key + 1
            key = walk.next(key + 1)
        }
        return index
    }

    /// The value of the member named `name`, through an index of the object's keys made at its first
    /// look-up when it has many.
    private mutating func textMember(_ object: Int, _ name: String) -> Int? {
        guard walk.count(object) > Self.indexedCount else {
            var name = name
            return name.withUTF8 { member(object, $0) }
        }
        if let index = textIndexes[object] { return index[name] }
        var index: [String: Int] = [:]
        var key = object + 1
        let end = walk.next(object)
        while key < end {
            index[walk.string(key)] = key + 1
            key = walk.next(key + 1)
        }
        textIndexes[object] = index
        return index[name]
    }

    /// The value of the last member whose key is `wanted`: a plain key's bytes compared, an escaped key's text.
    private func member(_ object: Int, _ wanted: UnsafeBufferPointer<UInt8>) -> Int? {
        var found: Int?
        var key = object + 1
        let end = walk.next(object)
        while key < end {
            let matches = walk.kind(key) == .string
                ? Self.sameBytes(walk.bytes(key), wanted) : walk.string(key) == String(decoding: wanted, as: UTF8.self)
            if matches { found = key + 1 }
            key = walk.next(key + 1)
        }
        return found
    }

    /// A token of one to eighteen decimal digits as a number (`Int(token)` of other text is read as text).
    private static func decimal(_ token: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !token.isEmpty, token.count <= 18 else { return nil }
        var value = 0
        for byte in token {
            guard byte &- UInt8(ascii: "0") < 10 else { return nil }
            value = value * 10 + Int(byte &- UInt8(ascii: "0"))
        }
        return value
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = WordHash(seed: 0x9E37_79B9_7F4A_7C15)
        hash.add(UnsafeRawBufferPointer(bytes))
        return hash.value
    }

    /// Whether two runs of bytes are the same.
    static func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let first = a.baseAddress, let second = b.baseAddress else { return true }
        return memcmp(first, second, a.count) == 0
    }
}
