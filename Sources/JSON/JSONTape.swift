#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The structure of a parsed JSON document without its text: one 64-bit entry per value, in document
/// order (an object's members as key, value, key, value, …).
///
/// Strings and numbers are not copied out of the document: an entry records where their text is, and
/// whether a string holds escapes or non-ASCII bytes. Arrays and objects record their number of elements
/// and where their last descendant ends, so a reader steps over a whole subtree in one move. A document of
/// small records needs about half its size in tape, against several times its size for a tree of
/// `JSONValue`s, and parsing allocates nothing per value.
///
/// An entry: the kind in bits 60–62, bit 63 set for a string with non-ASCII bytes; bits 28–59 the byte
/// offset of a scalar's text (a string's first byte after the quote) or a container's end (the index of
/// the entry after its last descendant); bits 0–27 a scalar's byte length or a container's element count.
/// A length or count too large for 28 bits is kept aside (`large`). Documents are limited to 4 GiB.
final class JSONTape: @unchecked Sendable {
    // @unchecked: the parser is the only writer, and it finishes before the tape is shared.

    typealias Kind = JSONTapeWalk.Kind

    /// The largest document a tape can index.
    static let maximumDocumentBytes = (1 << 32) - 1
    /// Passed with a string's length to `append`: the string has non-ASCII bytes.
    static let nonASCII = 1 << 62

    private var entries: UnsafeMutablePointer<UInt64>
    private var capacity: Int
    /// The number of entries.
    private(set) var count = 0
    /// Lengths and counts of 2^28 − 1 or more, by entry (the entry holds 2^28 − 1).
    private var large: [Int: Int] = [:]

    /// A tape with room for `capacity` entries before it grows.
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        entries = .allocate(capacity: self.capacity)
    }

    deinit {
        entries.deallocate()
    }

    @inline(__always)
    private func pack(_ kind: Kind, _ middle: Int, _ low: Int, entry: Int) -> UInt64 {
        let flag = low & Self.nonASCII != 0 ? JSONTapeEntry.nonASCIIBit : 0
        var value = UInt64(truncatingIfNeeded: low & (Self.nonASCII - 1))
        if value >= JSONTapeEntry.lowMask {
            large[entry] = Int(value)
            value = JSONTapeEntry.lowMask
        }
        return flag | UInt64(kind.rawValue) << JSONTapeEntry.kindShift
            | (UInt64(truncatingIfNeeded: middle) & JSONTapeEntry.middleMask) << JSONTapeEntry.lowBits | value
    }

    /// Appends an entry and returns its index. `second` is a length (with `nonASCII` for such a string)
    /// or an element count.
    @inline(__always)
    func append(_ kind: Kind, _ payload: Int, _ second: Int) -> Int {
        if count == capacity { grow() }
        entries[count] = pack(kind, payload, second, entry: count)
        count += 1
        return count - 1
    }

    /// Fills in a container entry once its elements are parsed.
    @inline(__always)
    func close(_ entry: Int, kind: Kind, elements: Int) {
        entries[entry] = pack(kind, count, elements, entry: entry)
    }

    private func grow() {
        let larger = capacity * 2
        let moved = UnsafeMutablePointer<UInt64>.allocate(capacity: larger)
        moved.moveInitialize(from: entries, count: count)
        entries.deallocate()
        entries = moved
        capacity = larger
    }

    /// A tape of one `null`.
    static var null: JSONTape {
        let tape = JSONTape(capacity: 1)
        _ = tape.append(.null, 0, 4)
        return tape
    }

    /// Gives back the room a finished parse did not use, when that is worth a copy.
    func trim() {
        guard capacity > 1024, count < capacity / 2 else { return }
        let trimmed = UnsafeMutablePointer<UInt64>.allocate(capacity: max(count, 1))
        trimmed.moveInitialize(from: entries, count: count)
        entries.deallocate()
        entries = trimmed
        capacity = max(count, 1)
    }

    /// What readers use: the entries by pointer, so that copying a reader counts no reference.
    var view: JSONTapeView { JSONTapeView(entries: entries, owner: .passUnretained(self)) }

    func kind(_ entry: Int) -> Kind { view.kind(entry) }
    func payload(_ entry: Int) -> Int { view.payload(entry) }
    func second(_ entry: Int) -> Int { view.second(entry) }
    func length(_ entry: Int) -> Int { view.length(entry) }
    func isASCII(_ entry: Int) -> Bool { view.isASCII(entry) }
    func next(_ entry: Int) -> Int { view.next(entry) }

    /// A length or count kept aside.
    fileprivate func largeValue(_ entry: Int) -> Int? { large[entry] }

    /// Bytes held by the tape.
    var byteCount: Int { capacity * 8 + large.count * 32 }
}

/// A tape's entries, read. Trivial to copy (a pointer and an unretained owner): it is valid while someone
/// else holds the tape, as `JSONDocument.read` does for the readers it hands out.
struct JSONTapeView {
    let entries: UnsafeMutablePointer<UInt64>
    let owner: Unmanaged<JSONTape>

    /// The number of entries.
    var count: Int { owner._withUnsafeGuaranteedRef { $0.count } }

    @inline(__always)
    func kind(_ entry: Int) -> JSONTape.Kind {
        JSONTapeEntry.kind(entries[entry])
    }

    /// A scalar's byte offset, or a container's end (the entry after its last descendant).
    @inline(__always)
    func payload(_ entry: Int) -> Int {
        JSONTapeEntry.middle(entries[entry])
    }

    /// A container's element count, or a scalar's byte length.
    @inline(__always)
    func second(_ entry: Int) -> Int {
        let value = entries[entry] & JSONTapeEntry.lowMask
        if value == JSONTapeEntry.lowMask { return owner._withUnsafeGuaranteedRef { $0.largeValue(entry) } ?? Int(value) }
        return Int(truncatingIfNeeded: value)
    }

    /// A scalar's byte length.
    @inline(__always)
    func length(_ entry: Int) -> Int {
        second(entry)
    }

    /// Whether a string's text is all ASCII.
    @inline(__always)
    func isASCII(_ entry: Int) -> Bool {
        JSONTapeEntry.isASCII(entries[entry])
    }

    /// The entry after `entry` and everything inside it.
    @inline(__always)
    func next(_ entry: Int) -> Int {
        switch kind(entry) {
        case .array, .object: payload(entry)
        default: entry + 1
        }
    }
}
