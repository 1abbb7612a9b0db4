/// A parsed document's tape read entry by entry, for a walk over the whole document that makes no values
/// (a schema check's fast pass): every accessor is a few loads and shifts, inlined into the caller, and
/// copying the walk counts no reference. Valid only inside `JSONDocument.withTapeWalk`.
///
/// Public, not `package`: this toolchain (Swift 6.3) does not inline a `package` `@inlinable` function into
/// another module, and the calls, with `Kind`'s `==` through its witness table, cost a fast pass a quarter of
/// its time (measured: the 20 MB groups check, 31.8 ms as `package`, 25.0 ms as `public`).
public struct JSONTapeWalk {
    /// What an entry holds. A key is a string entry; an object's entries are key, value, key, value, ….
    public enum Kind: UInt8 {
        case null, `false`, `true`, number, string, escapedString, array, object
    }

    @usableFromInline let entries: UnsafePointer<UInt64>
    @usableFromInline let base: UnsafePointer<UInt8>
    /// Reads what the inlined accessors leave to it (lengths and counts too large for an entry's bits).
    @usableFromInline let reader: JSONTapeReader

    init(reader: JSONTapeReader) {
        self.reader = reader
        entries = UnsafePointer(reader.tape.entries)
        base = reader.base
    }

    @inlinable @inline(__always)
    public func kind(_ entry: Int) -> Kind {
        Kind(rawValue: UInt8(truncatingIfNeeded: entries[entry] >> 60) & 7) ?? .null
    }

    /// A container's element count (an object's members), or a scalar's byte length.
    @inlinable @inline(__always)
    public func count(_ entry: Int) -> Int {
        let value = entries[entry] & (1 << 28 - 1)
        if value == 1 << 28 - 1 { return reader.count(entry) }
        return Int(truncatingIfNeeded: value)
    }

    /// The entry after `entry` and everything inside it: its next sibling.
    @inlinable @inline(__always)
    public func next(_ entry: Int) -> Int {
        let kind = entries[entry] >> 60 & 7
        // Arrays (6) and objects (7) record where they end.
        return kind >= 6 ? Int(truncatingIfNeeded: entries[entry] >> 28 & (1 << 32 - 1)) : entry + 1
    }

    /// The text of a string (between its quotes, escapes as written) or of a number.
    @inlinable @inline(__always)
    public func bytes(_ entry: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + Int(truncatingIfNeeded: entries[entry] >> 28 & (1 << 32 - 1)), count: count(entry))
    }

    /// Whether a string's text is all ASCII.
    @inlinable @inline(__always)
    public func isASCII(_ entry: Int) -> Bool {
        entries[entry] & (1 << 63) == 0
    }
}

extension JSONDocument {
    /// Runs `body` with a walk over the document's tape, the root at entry 0; the walk must not escape it.
    public func withTapeWalk<Result>(_ body: (JSONTapeWalk) throws -> Result) rethrows -> Result {
        try read { reader in try body(JSONTapeWalk(reader: reader)) }
    }
}
