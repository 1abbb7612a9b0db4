#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import FoundationFree

/// A parsed JSON document: the bytes as received and the tape that indexes them (`JSONTape`).
///
/// This is what a response body becomes. It costs the body plus 8 bytes a value, where a tree of
/// `JSONValue`s costs several times the body; typed models decode straight from it (`JSONTapeDecoder`),
/// the pretty printer writes from it, and paths (`let x = body.data[0].id`) walk it and build a
/// `JSONValue` only for what they find. `value` builds the whole tree, for the few places that want one.
public struct JSONDocument: Sendable {
    /// The document's bytes, exactly as parsed.
    public let data: Data
    private let index: Index

    /// Parses a complete document; see `JSONValue.parse(_:cancellation:)` for what is accepted.
    public static func parse(_ data: Data, cancellation: CancellationToken? = nil) throws(JSONParseError) -> JSONDocument {
        let result: Result<JSONTape, JSONParseError> = data.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) -> JSONTape in try JSONParser.parse(buffer, cancellation: cancellation) }
        }
        return JSONDocument(data: data, index: Index(try result.get()))
    }

    /// Documents from this size on give their tape back when asked (`releaseIndex`).
    public static let releasableBytes = 1 << 20

    /// Lets go of the tape of a large document once what needed it is done (a model decoded, a body
    /// shown): what stays with the last response is then its bytes alone. A later use (a path, `show
    /// --raw`) parses the bytes again for that use only. Small documents keep their tape.
    public func releaseIndex() {
        guard data.count >= Self.releasableBytes else { return }
        index.release()
    }

    /// The whole document as a tree.
    public var value: JSONValue {
        read { $0.value(0) }
    }

    /// The value at `path`, built as a tree only from there down; nil when a step does not exist.
    public func value(at path: JSONPath) -> JSONValue? {
        read { reader in reader.entry(at: path).map(reader.value) }
    }

    /// Parses `path` and returns the value there; throws only when the path itself is malformed.
    public func value(at path: String) throws(JSONPathError) -> JSONValue? {
        value(at: try JSONPath.parse(path))
    }

    /// The number of elements of the array (or members of the object) at `path`; nil when there is no
    /// array or object there. Builds nothing.
    public func count(at path: JSONPath) -> Int? {
        read { reader in
            reader.entry(at: path).flatMap { entry in
                switch reader.kind(entry) {
                case .array: reader.count(entry)
                case .object: reader.members(of: entry).count
                default: nil
                }
            }
        }
    }

    /// The JSON type of the whole document: "object", "array", "string", …
    public var typeName: String {
        read { JSONTapeReader.typeName($0.kind(0)) }
    }

    /// Bytes held: the document and its tape, while it has one.
    public var byteCount: Int { data.count + (index.tape?.byteCount ?? 0) }

    /// Runs `body` with a reader over the document; the reader must not escape it.
    func read<Result>(_ body: (JSONTapeReader) throws -> Result) rethrows -> Result {
        try data.withUnsafeBytes { buffer in
            // A released tape is made again from the bytes (which parsed before, so they parse again), for
            // this use only.
            let tape = index.tape ?? (try? JSONParser.parse(buffer)) ?? JSONTape.null
            return try withExtendedLifetime(tape) {
                if let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) {
                    return try body(JSONTapeReader(base: base, tape: tape.view))
                }
                // Only empty bytes have no address, and no document is empty: a byte to read nothing from.
                let nothing = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
                defer { nothing.deallocate() }
                return try body(JSONTapeReader(base: nothing, tape: tape.view))
            }
        }
    }

    /// The tape, held until released.
    private final class Index: Sendable {
        private let held: Mutex<JSONTape?>

        init(_ tape: JSONTape) {
            held = Mutex(tape)
        }

        var tape: JSONTape? {
            held.withLock { $0 }
        }

        func release() {
            held.withLock { $0 = nil }
        }
    }
}

/// Reads a tape against its document's bytes. Valid only inside `JSONDocument.read`.
@usableFromInline
struct JSONTapeReader {
    let base: UnsafePointer<UInt8>
    let tape: JSONTapeView

    @inline(__always)
    func kind(_ entry: Int) -> JSONTape.Kind { tape.kind(entry) }

    /// The number of elements of an array, or members of an object.
    @usableFromInline @inline(__always)
    func count(_ entry: Int) -> Int { tape.second(entry) }

    /// The entry after `entry` and everything inside it: its next sibling.
    @inline(__always)
    func next(_ entry: Int) -> Int { tape.next(entry) }

    /// The text of a string (between its quotes, escapes as written) or of a number.
    @inline(__always)
    func rawText(_ entry: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + tape.payload(entry), count: tape.length(entry))
    }

    /// A string entry's value, escapes decoded.
    func string(_ entry: Int) -> String {
        let raw = rawText(entry)
        if kind(entry) == .string { return String(decoding: raw, as: UTF8.self) }
        return JSONEscapes.decode(raw)
    }

    func number(_ entry: Int) -> JSONNumber {
        JSONNumber(validatedText: String(decoding: rawText(entry), as: UTF8.self))
    }

    /// The entries of an array's elements, or of an object's keys (each followed by its value).
    func children(_ entry: Int) -> JSONTapeChildren {
        JSONTapeChildren(tape: tape, start: entry + 1, end: tape.payload(entry), step: kind(entry) == .object ? 2 : 1)
    }

    /// The value of the member named `key` (the last one, when the key repeats), or nil.
    func member(of object: Int, named key: String) -> Int? {
        var bytes = key
        return bytes.withUTF8 { wanted in
            member(of: object, named: wanted, isASCII: wanted.allSatisfy { $0 < 0x80 }, orEqualTo: key)
        }
    }

    private func member(
        of object: Int, named wanted: UnsafeBufferPointer<UInt8>, isASCII: Bool, orEqualTo key: String
    ) -> Int? {
        var found: Int?
        var entry = object + 1
        let end = tape.payload(object)
        // Scans every member so that the last of a repeated key wins, as it does in `JSONObject`.
        while entry < end {
            if matches(entry, wanted, isASCII, key) { found = entry + 1 }
            entry = tape.next(entry + 1)
        }
        return found
    }

    /// The value of the member named `key` in an object whose keys are all different (`keysAreDistinct`),
    /// looking from the key entry `start` to the end and then from the first key: members read in the order
    /// they are written are found at once. Returns the value entry.
    func member(ofDistinct object: Int, named key: String, from start: Int) -> Int? {
        var bytes = key
        return bytes.withUTF8 { wanted in
            let isASCII = wanted.allSatisfy { $0 < 0x80 }
            let first = object + 1, end = tape.payload(object)
            let begin = start > first && start < end ? start : first
            var entry = begin
            while entry < end {
                if matches(entry, wanted, isASCII, key) { return entry + 1 }
                entry = tape.next(entry + 1)
            }
            entry = first
            while entry < begin {
                if matches(entry, wanted, isASCII, key) { return entry + 1 }
                entry = tape.next(entry + 1)
            }
            return nil
        }
    }

    /// Whether no two keys of an object are the same. Plain ASCII keys are told apart by a 256-bit set of
    /// (length, first byte, last byte) hashes; when two hashes meet, the key is compared with the earlier keys
    /// of its bucket. An escaped or non-ASCII key has every key compared as text (`hasRepeatedKey`).
    func keysAreDistinct(_ object: Int) -> Bool {
        var seen: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var entry = object + 1
        let end = tape.payload(object)
        while entry < end {
            guard kind(entry) == .string, tape.isASCII(entry), tape.length(entry) > 0 else {
                return !hasRepeatedKey(Array(children(object)))
            }
            let hash = Self.keyBucket(rawText(entry))
            let bit = UInt64(1) << UInt64(hash & 63)
            let word: UInt64
            switch hash >> 6 {
            case 0: word = seen.0; seen.0 |= bit
            case 1: word = seen.1; seen.1 |= bit
            case 2: word = seen.2; seen.2 |= bit
            default: word = seen.3; seen.3 |= bit
            }
            // A bucket seen before: the keys before this one in that bucket are compared with it. Two of
            // twenty-five keys share a bucket more often than not, so this is the common case, not a bail-out.
            if word & bit != 0, hasEarlierKey(like: entry, bucket: hash, in: object) { return false }
            entry = tape.next(entry + 1)
        }
        return true
    }

    /// Which of 256 buckets a plain ASCII key falls in, from its length and its first and last bytes.
    @inline(__always)
    private static func keyBucket(_ raw: UnsafeBufferPointer<UInt8>) -> Int {
        (raw.count &* 31 &+ Int(raw[0]) &* 7 &+ Int(raw[raw.count - 1])) & 255
    }

    /// Whether a key before `key` in `object` (all of them plain, non-empty ASCII) has the same bytes.
    private func hasEarlierKey(like key: Int, bucket: Int, in object: Int) -> Bool {
        let wanted = rawText(key)
        var entry = object + 1
        while entry < key {
            let raw = rawText(entry)
            if raw.count == wanted.count, Self.keyBucket(raw) == bucket, raw.elementsEqual(wanted) { return true }
            entry = tape.next(entry + 1)
        }
        return false
    }

    /// Whether the key at `entry` is `key`: the same code points, as JSON compares names (and `JSONObject`
    /// does), byte for byte when the key is written without escapes.
    @inline(__always)
    private func matches(_ entry: Int, _ wanted: UnsafeBufferPointer<UInt8>, _ isASCII: Bool, _ key: String) -> Bool {
        let plain = kind(entry) == .string
        if plain, tape.length(entry) == wanted.count {
            let raw = rawText(entry)
            guard raw.count > 0, let rawStart = raw.baseAddress, let wantedStart = wanted.baseAddress else { return true }
            // First and last bytes before a call: most keys of an object differ in one of them.
            if rawStart[0] == wantedStart[0], rawStart[raw.count - 1] == wantedStart[raw.count - 1],
               memcmp(rawStart, wantedStart, raw.count) == 0 {
                return true
            }
        }
        // The bytes differ: only an escape or non-ASCII text can still make the keys equal.
        if plain, isASCII, tape.isASCII(entry) { return false }
        return JSONObject.same(string(entry), key)
    }

    /// An object's members as `JSONObject` has them: pairs of key and value entries, each key once (a
    /// repeated key at its first position, with its last value). Nearly always the children as written.
    func members(of object: Int) -> [(key: Int, value: Int)] {
        let keys = Array(children(object))
        guard keys.count > 1, !keysAreDistinct(object) else { return keys.map { ($0, $0 + 1) } }
        var position: [[UInt8]: Int] = [:]
        var members: [(key: Int, value: Int)] = []
        for key in keys {
            let name = Array(string(key).utf8)
            if let first = position[name] {
                members[first].value = key + 1
            } else {
                position[name] = members.count
                members.append((key, key + 1))
            }
        }
        return members
    }

    /// Whether two of these keys are the same: byte by byte among plain ASCII keys (their lengths first),
    /// by their code points when one is escaped or not ASCII. The exact check behind `keysAreDistinct`.
    private func hasRepeatedKey(_ keys: [Int]) -> Bool {
        let plain = keys.allSatisfy { kind($0) == .string && tape.isASCII($0) }
        guard plain, keys.count <= 32 else { return Set(keys.map { Array(string($0).utf8) }).count < keys.count }
        for i in 1..<keys.count {
            let a = rawText(keys[i])
            for j in 0..<i where tape.length(keys[j]) == a.count && rawText(keys[j]).elementsEqual(a) {
                return true
            }
        }
        return false
    }

    /// The entry at `path` from the root, or nil when a step does not exist.
    func entry(at path: JSONPath) -> Int? {
        var current = 0
        for component in path.components {
            guard let next = child(of: current, component) else { return nil }
            current = next
        }
        return current
    }

    /// One step of a path (see `JSONValue.child`).
    func child(of entry: Int, _ component: JSONPath.Component) -> Int? {
        switch (component, kind(entry)) {
        case (.key(let key), .object):
            return member(of: entry, named: key)
        case (.key("last"), .array):
            return child(of: entry, .index(-1))
        case (.index(let index), .array):
            let position = index < 0 ? count(entry) + index : index
            guard position >= 0, position < count(entry) else { return nil }
            var element = entry + 1
            for _ in 0..<position { element = next(element) }
            return element
        case (.match(let field, let wanted), .array):
            for element in children(entry) where kind(element) == .object {
                if let found = member(of: element, named: field), displayText(found) == wanted { return element }
            }
            return nil
        default:
            return nil
        }
    }

    /// What `JSONValue.displayText` gives for the value at `entry`.
    func displayText(_ entry: Int) -> String {
        switch kind(entry) {
        case .string, .escapedString: string(entry)
        case .number: String(decoding: rawText(entry), as: UTF8.self)
        case .null: "null"
        case .true: "true"
        case .false: "false"
        case .array, .object: value(entry).encoded()
        }
    }

    /// The value at `entry` as a tree.
    func value(_ entry: Int) -> JSONValue {
        switch kind(entry) {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number: return .number(number(entry))
        case .string, .escapedString: return .string(string(entry))
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(count(entry))
            for element in children(entry) { elements.append(value(element)) }
            return .array(elements)
        case .object:
            var keys: [String] = []
            var values: [JSONValue] = []
            keys.reserveCapacity(count(entry))
            values.reserveCapacity(count(entry))
            for key in children(entry) {
                keys.append(string(key))
                values.append(value(key + 1))
            }
            return .object(JSONObject(parsedKeys: keys, values: values))
        }
    }

    static func typeName(_ kind: JSONTape.Kind) -> String {
        switch kind {
        case .null: "null"
        case .true, .false: "boolean"
        case .number: "number"
        case .string, .escapedString: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

/// The entries of a container's elements (or keys), stepping over each one's subtree.
struct JSONTapeChildren: Sequence, IteratorProtocol {
    let tape: JSONTapeView
    var start: Int
    let end: Int
    /// 2 for an object: each key's value is stepped over too.
    let step: Int

    mutating func next() -> Int? {
        guard start < end else { return nil }
        let entry = start
        start = step == 2 ? tape.next(entry + 1) : tape.next(entry)
        return entry
    }
}

/// Decodes the text of a JSON string that the parser has already checked.
package enum JSONEscapes {
    package static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        // Every escape is longer than what it stands for, so the text never outgrows its raw form.
        String(unsafeUninitializedCapacity: raw.count) { output in
            var written = 0
            var index = 0
            func put(_ byte: UInt8) {
                output[written] = byte
                written += 1
            }
            while index < raw.count {
                // Copy the run up to the next backslash at once.
                var runEnd = index
                while runEnd < raw.count, raw[runEnd] != UInt8(ascii: "\\") { runEnd += 1 }
                if runEnd > index {
                    let run = UnsafeBufferPointer(rebasing: raw[index..<runEnd])
                    _ = UnsafeMutableBufferPointer(rebasing: output[written...]).initialize(from: run)
                    written += run.count
                    index = runEnd
                }
                guard index + 1 < raw.count else { break }
                let escape = raw[index + 1]
                index += 2
                switch escape {
                case UInt8(ascii: "b"): put(0x08)
                case UInt8(ascii: "f"): put(0x0C)
                case UInt8(ascii: "n"): put(0x0A)
                case UInt8(ascii: "r"): put(0x0D)
                case UInt8(ascii: "t"): put(0x09)
                case UInt8(ascii: "u"):
                    var scalar = UInt32(hex4(raw, at: index))
                    index += 4
                    if (0xD800...0xDBFF).contains(scalar), index + 6 <= raw.count {
                        let low = UInt32(hex4(raw, at: index + 2))
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                    switch scalar {
                    case 0..<0x80:
                        put(UInt8(scalar))
                    case 0x80..<0x800:
                        put(UInt8(0xC0 | scalar >> 6))
                        put(UInt8(0x80 | scalar & 0x3F))
                    case 0x800..<0x10000:
                        put(UInt8(0xE0 | scalar >> 12))
                        put(UInt8(0x80 | scalar >> 6 & 0x3F))
                        put(UInt8(0x80 | scalar & 0x3F))
                    default:
                        put(UInt8(0xF0 | scalar >> 18))
                        put(UInt8(0x80 | scalar >> 12 & 0x3F))
                        put(UInt8(0x80 | scalar >> 6 & 0x3F))
                        put(UInt8(0x80 | scalar & 0x3F))
                    }
                default:
                    put(escape) // \" \\ \/
                }
            }
            return written
        }
    }

    private static func hex4(_ raw: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt16 {
        var value: UInt16 = 0
        for offset in 0..<4 where index + offset < raw.count {
            // The parser has checked the digits.
            value = value << 4 | UInt16(HexDigits.value(of: raw[index + offset]) ?? 0)
        }
        return value
    }
}
