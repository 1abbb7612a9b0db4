#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a large block-style YAML document can be cut into pieces, so that parsers on several threads
/// read them at once.
///
/// Published specs are one block mapping at the root, whose `paths` and `components` entries hold nearly
/// all of the text, one key per line at a fixed indentation. A cut goes at the start of a key line of
/// some block mapping on the way from the root to the place wanted: between two root keys, or between two
/// keys of `paths`, or of `components` → `schemas`. The piece after it re-opens the mappings the cut falls
/// inside with their key lines (`components:` and `  schemas:`), and the pieces' mappings are joined
/// again, level by level, once all are read.
///
/// Finding a cut reads only the starts of lines, so it can be wrong where a line only looks like a key:
/// inside a quoted scalar or a flow collection that spans lines. It need not be right, only safe:
/// `YAMLReader` falls back to reading the whole document in one pass whenever a piece does not read, the
/// pieces do not join as the cuts say they should, or a key is in two of them.
package struct YAMLCut: Equatable {
    /// Where the piece after the cut starts: the first byte of a line.
    package let offset: Int
    /// The key lines, outermost first, that the piece after the cut re-opens (`components:\n  schemas:\n`, as
    /// written), or empty when the cut falls between two root keys.
    package let reopening: [UInt8]
    /// How many mappings the piece after the cut re-opens: the depth at which it joins the one before.
    package let depth: Int

    /// Documents smaller than this are read in one pass: starting threads and joining pieces costs more
    /// than it saves.
    package static let minimumBytes = 256 * 1024

    /// How deep a cut may go.
    private static let depthLimit = 8

    /// Where to cut `bytes` into about `pieces` pieces of even size, in order, or none when the document
    /// is small or does not have the shape a cut needs: a block mapping at the root, no directives, no
    /// byte order mark. Each cut is the key line nearest its target (a k-th of the way through), so some
    /// targets may share a cut or find none, and fewer pieces result.
    package static func cuts(in bytes: UnsafeBufferPointer<UInt8>, pieces: Int, minimumBytes: Int = minimumBytes) -> [YAMLCut] {
        guard pieces > 1, bytes.count >= max(minimumBytes, 16), let first = bytes.first, first < 0x80, first != 0,
              let entries = rootEntries(bytes) else { return [] }
        let text = Text(bytes: bytes)
        let mapping = Text.Mapping(start: entries[0], end: bytes.count, indentation: 0, opened: [], keyLines: entries)
        var cuts: [YAMLCut] = []
        for piece in 1..<pieces {
            let search = Search(text: text, target: bytes.count / pieces * piece, tolerance: bytes.count / (4 * pieces))
            guard let cut = search.cut(in: mapping, depth: 0), cut.offset > (cuts.last?.offset ?? 0) else { continue }
            cuts.append(cut)
        }
        return cuts
    }

    /// The cut nearest the middle, when the document can be cut in two.
    static func find(in bytes: UnsafeBufferPointer<UInt8>, minimumBytes: Int = minimumBytes) -> YAMLCut? {
        cuts(in: bytes, pieces: 2, minimumBytes: minimumBytes).first
    }

    /// The root mapping's key lines, when the stream starts (after blank lines, comments and an explicit
    /// `---`) with a plain key at the left margin, and has no directive and no later document marker: a
    /// piece after a `...` would read as a document of its own where one pass refuses a second document.
    private static func rootEntries(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int]? {
        var lines = Lines(bytes)
        var entries: [Int] = []
        while let line = lines.next() {
            let head = bytes[line.start]
            if isDocumentMarker(bytes, line) {
                guard entries.isEmpty, head == UInt8(ascii: "-"), onlyBlanks(bytes, from: line.start + 3, to: line.end) else { return nil }
            } else if isEntry(bytes, line, indentation: 0) {
                entries.append(line.start)
            } else if head == UInt8(ascii: "%") {
                return nil
            } else if entries.isEmpty, !isBlankOrComment(bytes, line) {
                return nil
            }
        }
        return entries.isEmpty ? nil : entries
    }

    private struct Search {
        let text: Text
        /// Where the cut is wanted.
        let target: Int
        /// How far from the target a cut may be before a deeper one is looked for.
        let tolerance: Int

        /// A cut between two key lines of `mapping`, or inside the entry the target falls in when neither
        /// key line around the target is near enough to it.
        func cut(in mapping: Text.Mapping, depth: Int) -> YAMLCut? {
            let (before, after) = text.keyLines(of: mapping, around: target)
            // The mapping's first key line is no cut: the piece before it would hold none of its members.
            let candidates = [before, after].compactMap { $0 }.filter { $0 > mapping.start }
            let nearest = candidates.min { abs($0 - target) < abs($1 - target) }
            if let nearest, abs(nearest - target) <= tolerance {
                return YAMLCut(offset: nearest, reopening: mapping.opened, depth: depth)
            }
            if depth < YAMLCut.depthLimit, let before,
               let inner = text.mapping(of: before, end: after ?? mapping.end, within: mapping),
               let deeper = cut(in: inner, depth: depth + 1) {
                return deeper
            }
            return nearest.map { YAMLCut(offset: $0, reopening: mapping.opened, depth: depth) }
        }
    }

    /// The document's mappings, as a search goes down into them.
    private struct Text {
        /// A block mapping of plain keys: its first key line, where it ends, its keys' indentation, and the
        /// key lines (with their line feeds) of the entries that hold it, outermost first.
        struct Mapping {
            let start: Int
            let end: Int
            let indentation: Int
            let opened: [UInt8]
            /// All its key lines, when they were read with its bounds (the root's); else `KeyLines` reads
            /// them when a search first looks inside.
            var keyLines: [Int]? = nil
        }

        let bytes: UnsafeBufferPointer<UInt8>
        let keyLines = KeyLines()

        /// The last key line of `mapping` at or before `target`, and the first after it.
        func keyLines(of mapping: Mapping, around target: Int) -> (before: Int?, after: Int?) {
            let known = mapping.keyLines ?? keyLines.of(mapping, in: bytes)
            let firstAfter = known.partitioningIndex(where: { $0 > target })
            return (firstAfter > 0 ? known[firstAfter - 1] : nil, firstAfter < known.count ? known[firstAfter] : nil)
        }

        /// The mapping held by the entry whose key line is at `entry` (and which ends at `end`), when that
        /// key line is a plain key and nothing else and the first line under it starts a plain key further in.
        func mapping(of entry: Int, end: Int, within parent: Mapping) -> Mapping? {
            var lines = Lines(bytes, from: entry, to: end)
            guard let keyLine = lines.next(), let colon = bareKeyColon(bytes, keyLine) else { return nil }
            while let line = lines.next() {
                if isBlankOrComment(bytes, line) { continue }
                let width = leadingSpaces(bytes, line)
                guard width > parent.indentation, isEntry(bytes, line, indentation: width) else { return nil }
                return Mapping(start: line.start, end: end, indentation: width,
                               opened: parent.opened + bytes[keyLine.start...colon] + [UInt8(ascii: "\n")])
            }
            return nil
        }
    }

    /// The key lines of each mapping a search looks inside, read once (one pass over its lines) however
    /// many cuts look there.
    private final class KeyLines {
        private var known: [Int: [Int]] = [:]

        func of(_ mapping: Text.Mapping, in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
            if let found = known[mapping.start] { return found }
            var found: [Int] = []
            var lines = Lines(bytes, from: mapping.start, to: mapping.end)
            while let line = lines.next() {
                if isEntry(bytes, line, indentation: mapping.indentation) { found.append(line.start) }
            }
            known[mapping.start] = found
            return found
        }
    }

    /// A line that starts, at exactly `indentation` spaces, a plain key (not a `<<` merge, whose alias
    /// would name an anchor in an earlier piece).
    private static func isEntry(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Lines.Line, indentation: Int) -> Bool {
        let start = line.start + indentation
        guard start < line.end, leadingSpaces(bytes, line) == indentation, isPlainStart(bytes[start]) else { return false }
        return !(bytes[start] == UInt8(ascii: "<") && start + 1 < line.end && bytes[start + 1] == UInt8(ascii: "<"))
    }

    /// The colon's offset when the line is `key:` with at most blanks or a comment after it.
    private static func bareKeyColon(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Lines.Line) -> Int? {
        let start = line.start + leadingSpaces(bytes, line)
        var position = start
        while position < line.end, bytes[position] != UInt8(ascii: ":") {
            if bytes[position] == UInt8(ascii: "#") || bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") {
                return nil
            }
            position += 1
        }
        guard position < line.end, position > start, isPlainStart(bytes[start]) else { return nil }
        let colon = position
        position += 1
        while position < line.end, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") { position += 1 }
        guard position == line.end || bytes[position] == UInt8(ascii: "\r")
            || (bytes[position] == UInt8(ascii: "#") && position > colon + 1) else { return nil }
        return colon
    }

    /// A byte that can begin a plain scalar at the start of a line: not a blank, a line break, or one of
    /// YAML's indicators (`-?:,[]{}#&*!|>'"%@` and the backquote). Nor 0xEF, with which a byte order mark
    /// begins: libyaml takes one at the start of a stream only, so a piece starting with one would read where
    /// the whole document does not. A key starting with a character from U+F000 to U+FFFF only loses a cut.
    private static func isPlainStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"),
             UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["),
             UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"),
             UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"),
             UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"), 0, 0xEF:
            return false
        default:
            return true
        }
    }

    private static func isDocumentMarker(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Lines.Line) -> Bool {
        guard line.end - line.start >= 3 else { return false }
        let head = bytes[line.start]
        guard head == UInt8(ascii: "-") || head == UInt8(ascii: ".") else { return false }
        return bytes[line.start + 1] == head && bytes[line.start + 2] == head
            && (line.end - line.start == 3 || [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(bytes[line.start + 3]))
    }

    private static func isBlankOrComment(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Lines.Line) -> Bool {
        var position = line.start
        while position < line.end, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") { position += 1 }
        return position == line.end || bytes[position] == UInt8(ascii: "\r") || bytes[position] == UInt8(ascii: "#")
    }

    private static func onlyBlanks(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        (start..<end).allSatisfy { [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(bytes[$0]) }
    }

    private static func leadingSpaces(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Lines.Line) -> Int {
        var position = line.start
        while position < line.end, bytes[position] == UInt8(ascii: " ") { position += 1 }
        return position - line.start
    }

    /// The non-empty lines of a range, each without its line feed.
    private struct Lines {
        struct Line {
            let start: Int
            let end: Int
        }

        let bytes: UnsafeBufferPointer<UInt8>
        private var position: Int
        private let end: Int

        init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, to end: Int? = nil) {
            self.bytes = bytes
            position = start
            self.end = end ?? bytes.count
        }

        mutating func next() -> Line? {
            while position < end {
                let start = position
                var stop = start
                if let base = bytes.baseAddress, let found = memchr(base + start, Int32(UInt8(ascii: "\n")), end - start) {
                    stop = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                } else {
                    stop = end
                }
                position = stop + 1
                if stop > start { return Line(start: start, end: stop) }
            }
            return nil
        }
    }
}

extension Array where Element == Int {
    /// The first position whose element satisfies `belongs`, in an array where those elements all come
    /// after the others (a binary search).
    fileprivate func partitioningIndex(where belongs: (Int) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
