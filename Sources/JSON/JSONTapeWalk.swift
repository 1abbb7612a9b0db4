/// A parsed document's tape read entry by entry, for a walk over the whole document that makes no values
/// (a schema check's fast pass): every accessor is a few loads and shifts, inlined into the caller, and
/// copying the walk counts no reference. Valid only inside `JSONDocument.withTapeWalk`.
///
/// Public, not `package`: this toolchain (Swift 6.3) does not inline a `package` `@inlinable` function into
/// another module, and the calls, with `Kind`'s `==` through its witness table, cost a fast pass a quarter of
/// its time (measured: the 20 MB groups check, 31.8 ms as `package`, 25.0 ms as `public`).
public struct JSONTapeWalk {
    /// What an entry holds. A key is a string entry; an object's entries are key, value, key, value, ….
    /// Arrays and objects come last, as `JSONTapeEntry.isContainer` reads them.
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
        JSONTapeEntry.kind(entries[entry])
    }

    /// A container's element count (an object's members), or a scalar's byte length.
    @inlinable @inline(__always)
    public func count(_ entry: Int) -> Int {
        let value = entries[entry] & JSONTapeEntry.lowMask
        if value == JSONTapeEntry.lowMask { return reader.count(entry) }
        return Int(truncatingIfNeeded: value)
    }

    /// The entry after `entry` and everything inside it: its next sibling.
    @inlinable @inline(__always)
    public func next(_ entry: Int) -> Int {
        // Arrays and objects record where they end.
        JSONTapeEntry.isContainer(entries[entry]) ? JSONTapeEntry.middle(entries[entry]) : entry + 1
    }

    /// The text of a string (between its quotes, escapes as written) or of a number.
    @inlinable @inline(__always)
    public func bytes(_ entry: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + JSONTapeEntry.middle(entries[entry]), count: count(entry))
    }

    /// Whether a string's text is all ASCII.
    @inlinable @inline(__always)
    public func isASCII(_ entry: Int) -> Bool {
        JSONTapeEntry.isASCII(entries[entry])
    }

    /// A string entry's value, escapes decoded.
    public func string(_ entry: Int) -> String {
        reader.string(entry)
    }

    /// The value at `entry` as a tree, for the small parts of a walked document that are wanted whole.
    public func value(_ entry: Int) -> JSONValue {
        reader.value(entry)
    }
}

/// The bits of one tape entry, for the tape that writes them and for every reader (`JSONTapeView`, and the
/// walk, inlined into other modules): the kind in bits 60–62, bit 63 set for a string with non-ASCII bytes;
/// bits 28–59 a scalar's byte offset or a container's end; bits 0–27 a length or count (all ones: too large
/// for them, kept aside by the tape).
@usableFromInline
enum JSONTapeEntry {
    @usableFromInline static var kindShift: UInt64 { 60 }
    @usableFromInline static var lowBits: UInt64 { 28 }
    @usableFromInline static var lowMask: UInt64 { 1 << 28 - 1 }
    @usableFromInline static var middleMask: UInt64 { 1 << 32 - 1 }
    @usableFromInline static var nonASCIIBit: UInt64 { 1 << 63 }

    @inlinable @inline(__always)
    static func kind(_ entry: UInt64) -> JSONTapeWalk.Kind {
        JSONTapeWalk.Kind(rawValue: UInt8(truncatingIfNeeded: entry >> kindShift) & 7) ?? .null
    }

    /// A scalar's byte offset, or a container's end (the entry after its last descendant).
    @inlinable @inline(__always)
    static func middle(_ entry: UInt64) -> Int {
        Int(truncatingIfNeeded: entry >> lowBits & middleMask)
    }

    /// An array or an object (kinds 6 and 7).
    @inlinable @inline(__always)
    static func isContainer(_ entry: UInt64) -> Bool {
        entry >> kindShift & 7 >= UInt64(JSONTapeWalk.Kind.array.rawValue)
    }

    @inlinable @inline(__always)
    static func isASCII(_ entry: UInt64) -> Bool {
        entry & nonASCIIBit == 0
    }
}

extension JSONDocument {
    /// Runs `body` with a walk over the document's tape, the root at entry 0; the walk must not escape it.
    public func withTapeWalk<Result>(_ body: (JSONTapeWalk) throws -> Result) rethrows -> Result {
        try read { reader in try body(JSONTapeWalk(reader: reader)) }
    }
}
