import Foundation

/// The structure of a parsed JSON document without its text: one entry of two 64-bit words per value, in
/// document order (an object's members as key, value, key, value, …).
///
/// Strings and numbers are not copied out of the document: an entry records where their text is, and
/// whether a string holds escapes. Arrays and objects record their number of elements and where their
/// last descendant ends, so a reader steps over a whole subtree in one move. A 70 MB document of small
/// records needs about a third of its size in tape, against several times its size for a tree of
/// `JSONValue`s, and parsing allocates nothing per value.
///
/// Word 0 holds the kind in its top byte and, below it, the byte offset of a scalar's text (a string's
/// first byte after the quote) or a container's end (the index of the entry after its last descendant).
/// Word 1 holds a scalar's byte length (with, for a string, a top bit set when it has non-ASCII bytes), or a
/// container's element count.
final class JSONTape: @unchecked Sendable {
    // @unchecked: the parser is the only writer, and it finishes before the tape is shared.

    enum Kind: UInt8 {
        case null, `false`, `true`, number, string, escapedString, array, object
    }

    private static let kindShift: UInt64 = 56
    private static let payloadMask: UInt64 = (1 << 56) - 1
    /// In word 1 of a string: it holds a byte ≥ 0x80.
    static let nonASCII = 1 << 62

    private var words: UnsafeMutablePointer<UInt64>
    private var capacity: Int
    /// The number of entries.
    private(set) var count = 0

    /// A tape with room for `capacity` entries before it grows.
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        words = .allocate(capacity: self.capacity * 2)
    }

    deinit {
        words.deallocate()
    }

    /// Appends an entry and returns its index.
    @inline(__always)
    func append(_ kind: Kind, _ payload: Int, _ second: Int) -> Int {
        if count == capacity { grow() }
        let slot = words + count * 2
        slot[0] = UInt64(kind.rawValue) << Self.kindShift | UInt64(truncatingIfNeeded: payload)
        slot[1] = UInt64(truncatingIfNeeded: second)
        count += 1
        return count - 1
    }

    /// Fills in a container entry once its elements are parsed.
    @inline(__always)
    func close(_ entry: Int, kind: Kind, elements: Int) {
        let slot = words + entry * 2
        slot[0] = UInt64(kind.rawValue) << Self.kindShift | UInt64(count)
        slot[1] = UInt64(elements)
    }

    private func grow() {
        let larger = capacity * 2
        let moved = UnsafeMutablePointer<UInt64>.allocate(capacity: larger * 2)
        moved.moveInitialize(from: words, count: count * 2)
        words.deallocate()
        words = moved
        capacity = larger
    }

    /// Gives back the room a finished parse did not use, when that is worth a copy.
    func trim() {
        guard capacity > 1024, count < capacity / 2 else { return }
        let trimmed = UnsafeMutablePointer<UInt64>.allocate(capacity: max(count, 1) * 2)
        trimmed.moveInitialize(from: words, count: count * 2)
        words.deallocate()
        words = trimmed
        capacity = max(count, 1)
    }

    @inline(__always)
    func kind(_ entry: Int) -> Kind {
        Kind(rawValue: UInt8(truncatingIfNeeded: words[entry * 2] >> Self.kindShift)) ?? .null
    }

    /// A scalar's byte offset, or a container's end (the entry after its last descendant).
    @inline(__always)
    func payload(_ entry: Int) -> Int {
        Int(truncatingIfNeeded: words[entry * 2] & Self.payloadMask)
    }

    /// A container's element count.
    @inline(__always)
    func second(_ entry: Int) -> Int {
        Int(truncatingIfNeeded: words[entry * 2 + 1])
    }

    /// A scalar's byte length.
    @inline(__always)
    func length(_ entry: Int) -> Int {
        second(entry) & (Self.nonASCII - 1)
    }

    /// Whether a string's text is all ASCII.
    @inline(__always)
    func isASCII(_ entry: Int) -> Bool {
        second(entry) & Self.nonASCII == 0
    }

    /// The entry after `entry` and everything inside it.
    @inline(__always)
    func next(_ entry: Int) -> Int {
        switch kind(entry) {
        case .array, .object: payload(entry)
        default: entry + 1
        }
    }

    /// Bytes held by the tape.
    var byteCount: Int { capacity * 16 }
}
