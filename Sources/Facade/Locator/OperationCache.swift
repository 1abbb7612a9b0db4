import JSON
import FoundationFree
import Synchronization
import APIDescriptions
import HTTPTypes
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

/// The converted form of OpenAPI descriptions read before, for a `call` that is the only command of its
/// process: the description's `OperationFragments` kept under `operations/` in the folder of the
/// `DocumentCache` by the first call that reads the description whole, so that later ones read an index
/// and the pieces of one operation instead of the whole document (`LoadedDescription.document(calling:)`).
///
/// An entry is named by the bytes' length and 128-bit hash (`DescriptionCache.hash`), so other bytes
/// never find it, wherever they come from; it also holds the build that wrote it and its format, and
/// every piece its own hash, so an entry another apish wrote, cut short, edited or of another kind is
/// no entry: the description is read whole and the entry written again. One file per entry, written
/// beside and renamed over, so a process never reads half of one; 0600 in a 0700 folder; at most
/// `byteLimit` bytes in all (256 MiB), the oldest removed first. A cache that cannot be read or written is no error.
///
/// The file is a line with the index's length, the index as one line of JSON (`operations`:
/// `[operationId, method, path, piece]`, `shared`, how many pieces and references), a table of the
/// pieces (`recordSize` bytes each: where its text is, its hash, which pieces it names) and the
/// references, then the pieces' texts (`[place, value]`) one after another. A call reads the index, the
/// table and its operation's pieces only.
struct OperationCache: Sendable {
    let directory: String
    /// All entries together; storing one more removes the oldest until they fit.
    let byteLimit: Int
    static let defaultByteLimit = 256 << 20
    /// An entry larger than this is not kept.
    static let entryByteLimit = 64 << 20
    /// Bumped whenever what an entry holds, or how `OperationFragments` cuts a document, changes.
    static let format = 2
    static let suffix = ".fragments"

    init(directory: String, byteLimit: Int = defaultByteLimit) {
        self.directory = directory
        self.byteLimit = byteLimit
    }

    /// The cache beside a document cache's files.
    init(beside cache: DocumentCache) {
        self.init(directory: cache.directory + "/operations")
    }

    /// One entry as read: the index, and the file, from which the pieces' texts are read when asked for
    /// (an operation needs a few of them, so the rest of the file is never read).
    final class Entry: Sendable {
        let operations: OperationFragments
        private let file: Int32
        /// Where the pieces start in the file, and its size.
        private let body: Int
        private let size: Int
        private let spans: [Span]
        /// Where the names of the pieces read on demand are (`OperationFragments.onDemand`'s map, as JSON).
        private let names: Span?
        /// What was read on demand so far: the names, then each piece by index (nil: it did not read back
        /// as written).
        private let readOnDemand = Mutex<(names: [String: Int]?, pieces: [Int: JSONValue?])>((nil, [:]))

        fileprivate init(operations: OperationFragments, file: Int32, body: Int, size: Int, spans: [Span], names: Span?) {
            self.operations = operations
            self.file = file
            self.body = body
            self.size = size
            self.spans = spans
            self.names = names
        }

        deinit {
            close(file)
        }

        /// Whether the operation `name` names has a fragment here.
        func hasFragment(calling name: String) -> Bool {
            operations.operationIndex(named: name).flatMap(operations.pieces(of:)) != nil
        }

        /// The document of the operation `name` names, made of its pieces but the schema components read on
        /// demand (`OperationFragments.onDemand`), and where those are read when a schema first names one
        /// (`components(at:)`); nil when the entry has no fragment for it or a piece does not read back as
        /// it was written.
        func documentOnDemand(calling name: String) -> (document: JSONValue, components: @Sendable (JSONPointer) -> JSONValue?)? {
            guard let index = operations.operationIndex(named: name),
                  let wanted = operations.piecesLeavingOnDemand(of: index),
                  let document = document(of: wanted)
            else { return nil }
            return (document, { [self] pointer in components(at: pointer) })
        }

        /// The value at `pointer` in the piece read on demand that holds it, read now if not yet; nil when no
        /// such piece holds it or the piece does not read back as written.
        func components(at pointer: JSONPointer) -> JSONValue? {
            let found = readOnDemand.withLock { read -> (value: JSONValue, within: ArraySlice<String>)? in
                if read.names == nil { read.names = onDemandNames() ?? [:] }
                guard let (piece, within) = OperationFragments.piece(holding: pointer, in: read.names ?? [:]),
                      operations.onDemandPieces.contains(piece) else { return nil }
                if read.pieces[piece] == nil {
                    read.pieces[piece] = .some(self.piece(piece).flatMap { $0.place == Array(pointer.tokens.prefix(3)) ? $0.value : nil })
                }
                guard case .some(.some(let value)) = read.pieces[piece] else { return nil }
                return (value, within)
            }
            return found.flatMap { JSONPointer(tokens: Array($0.within)).resolve(in: $0.value) }
        }

        /// The names of the pieces read on demand, read the first time a schema asks for one; nil when
        /// they do not read back as written.
        private func onDemandNames() -> [String: Int]? {
            guard let names, let text = text(at: names), case .object(let map)? = try? JSONValue.parse(text) else { return nil }
            var read: [String: Int] = [:]
            for (key, piece) in map {
                guard let piece = piece.intValue, spans.indices.contains(piece) else { return nil }
                read[key] = piece
            }
            return read
        }

        /// The text at `span`, hash-checked; nil when it does not read back as written.
        private func text(at span: Span) -> Data? {
            guard span.offset <= size - body - span.length, let text = OperationCache.read(file, at: body + span.offset, count: span.length),
                  OperationCache.hash(text) == span.hash else { return nil }
            return text
        }

        private func document(of wanted: [Int]) -> JSONValue? {
            var places: [(place: [String], value: JSONValue)] = []
            for index in wanted {
                guard let piece = piece(index) else { return nil }
                places.append(piece)
            }
            return OperationFragments.document(of: places)
        }

        /// Piece `index` as written; nil when it does not read back so.
        private func piece(_ index: Int) -> (place: [String], value: JSONValue)? {
            guard let text = text(at: spans[index]), case .array(let written)? = try? JSONValue.parse(text),
                  written.count == 2, let place = DescriptionCache.strings(written[0])
            else { return nil }
            return (place, written[1])
        }
    }

    /// The entry of exactly these bytes (whose `DescriptionCache.hash` is `hash`), written by this build.
    func entry(for bytes: Data, hash: String) -> Entry? {
        entry(length: bytes.count, hash: hash)
    }

    /// The entry of bytes of `length` whose hash is `hash`, written by this build.
    func entry(length: Int, hash: String) -> Entry? {
        let file = open(path(length: length, hash: hash), O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        guard let entry = entry(in: file, length: length, hash: hash) else {
            close(file)
            return nil
        }
        return entry
    }

    /// Where a piece's text is in the file (from the start of the texts), and its hash.
    fileprivate struct Span {
        let offset: Int
        let length: Int
        let hash: UInt64
    }

    /// The size of one piece's record in the table: offset and hash (8 bytes each), length, where its
    /// references start and how many, and flags (4 bytes each; bit 0: the piece is read on demand).
    static let recordSize = 32

    /// The entry in the open `file`: its first line the index's length, then the index, a line of its own,
    /// then the pieces' table and references (little-endian integers), then the pieces' texts.
    private func entry(in file: Int32, length bytesLength: Int, hash: String) -> Entry? {
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= Self.entryByteLimit,
              let first = Self.read(file, at: 0, count: min(24, Int(status.st_size))),
              let newline = first.firstIndex(of: UInt8(ascii: "\n")),
              let length = Int(String(decoding: first[..<newline], as: UTF8.self)), length > 0,
              length <= Int(status.st_size) - newline - 2,
              let text = Self.read(file, at: newline + 1, count: length),
              case .object(let index)? = try? JSONValue.parse(text),
              let build = DescriptionCache.build,
              index["format"]?.intValue == Self.format, index["build"]?.stringValue == build,
              index["length"]?.intValue == bytesLength, index["hash"]?.stringValue == hash,
              case .array(let operationRows)? = index["operations"], let shared = Self.integers(index["shared"]),
              let count = index["pieces"]?.intValue, let referenceCount = index["references"]?.intValue,
              let textLength = index["texts"]?.intValue, textLength >= 0, textLength <= Self.entryByteLimit,
              count >= 0, referenceCount >= 0, count <= Self.entryByteLimit / Self.recordSize, referenceCount <= Self.entryByteLimit / 4
        else { return nil }
        let tableStart = newline + 1 + length + 1
        let tableSize = count * Self.recordSize + referenceCount * 4
        // A file cut short, or longer than written, is no entry, whichever piece an operation needs.
        guard tableStart + tableSize + textLength == Int(status.st_size), let table = Self.read(file, at: tableStart, count: tableSize)
        else { return nil }
        var pieces: [OperationFragments.Piece] = []
        var spans: [Span] = []
        var onDemandPieces = Set<Int>()
        pieces.reserveCapacity(count)
        spans.reserveCapacity(count)
        let valid = table.withUnsafeBytes { raw -> Bool in
            func word(_ at: Int) -> Int { Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self))) }
            let referencesStart = count * Self.recordSize
            for piece in 0..<count {
                let record = piece * Self.recordSize
                let offset = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: record, as: UInt64.self))
                let pieceHash = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: record + 8, as: UInt64.self))
                let (length, first, references) = (word(record + 16), word(record + 20), word(record + 24))
                if word(record + 28) & 1 != 0 { onDemandPieces.insert(piece) }
                guard offset <= UInt64(Self.entryByteLimit), first <= referenceCount - references else { return false }
                var named: [Int] = []
                named.reserveCapacity(references)
                for reference in first..<first + references {
                    let target = word(referencesStart + reference * 4)
                    guard target < count else { return false }
                    named.append(target)
                }
                pieces.append(OperationFragments.Piece(place: [], value: .null, references: named))
                spans.append(Span(offset: Int(offset), length: length, hash: pieceHash))
            }
            return true
        }
        guard valid else { return nil }
        var operations: [OperationFragments.Operation] = []
        operations.reserveCapacity(operationRows.count)
        for row in operationRows {
            guard case .array(let fields) = row, fields.count == 4, let method = fields[1].stringValue,
                  let path = fields[2].stringValue
            else { return nil }
            operations.append(OperationFragments.Operation(
                operationId: fields[0].stringValue, method: HTTPMethod(rawValue: method), path: path, piece: fields[3].intValue))
        }
        // The names of the pieces read on demand, a text after the pieces' own, read when first needed.
        var names: Span?
        if case .array(let fields)? = index["names"] {
            guard fields.count == 3, let offset = fields[0].intValue, let length = fields[1].intValue,
                  let hash = fields[2].stringValue.flatMap({ UInt64($0) }), offset >= 0, length >= 0 else { return nil }
            names = Span(offset: offset, length: length, hash: hash)
        }
        let all = pieces.indices
        guard shared.allSatisfy(all.contains), operations.allSatisfy({ $0.piece.map(all.contains) ?? true }),
              onDemandPieces.isEmpty || names != nil
        else { return nil }
        return Entry(operations: OperationFragments(operations: operations, pieces: pieces, shared: shared, onDemandPieces: onDemandPieces),
                     file: file, body: tableStart + tableSize, size: Int(status.st_size), spans: spans, names: names)
    }

    /// `count` bytes of `file` from `offset`; nil when fewer are there.
    fileprivate static func read(_ file: Int32, at offset: Int, count: Int) -> Data? {
        var data = Data(count: count)
        var filled = 0
        while filled < count {
            let got = data.withUnsafeMutableBytes { buffer in
                pread(file, buffer.baseAddress.map { $0 + filled }, count - filled, off_t(offset + filled))
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return nil }
            filled += got
        }
        return data
    }

    /// Keeps `fragments` as what `bytes` (whose hash is `hash`) convert to.
    func store(_ fragments: OperationFragments, for bytes: Data, hash: String) {
        guard let build = DescriptionCache.build else { return }
        var body = Data()
        var table = Data()
        var references = Data()
        func append<T: FixedWidthInteger>(_ value: T, to data: inout Data) {
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
        var referenceCount = 0
        for (index, piece) in fragments.pieces.enumerated() {
            let text = Data(JSONValue.array([.array(piece.place.map(JSONValue.string)), piece.value]).encoded().utf8)
            append(UInt64(body.count), to: &table)
            append(Self.hash(text), to: &table)
            append(UInt32(text.count), to: &table)
            append(UInt32(referenceCount), to: &table)
            append(UInt32(piece.references.count), to: &table)
            append(UInt32(fragments.onDemandPieces.contains(index) ? 1 : 0), to: &table)
            for reference in piece.references { append(UInt32(reference), to: &references) }
            referenceCount += piece.references.count
            body.append(text)
        }
        let operationRows: [JSONValue] = fragments.operations.map { operation in
            .array([
                operation.operationId.map(JSONValue.string) ?? .null, .string(operation.method.rawValue), .string(operation.path),
                operation.piece.map { .number(JSONNumber($0)) } ?? .null,
            ])
        }
        var names: JSONValue = .null
        if !fragments.onDemand.isEmpty {
            let text = Data(JSONValue.object(JSONObject(fragments.onDemand.sorted { $0.value < $1.value }.map { ($0.key, .number(JSONNumber($0.value))) }))
                .encoded().utf8)
            names = .array([.number(JSONNumber(body.count)), .number(JSONNumber(text.count)), .string(String(Self.hash(text)))])
            body.append(text)
        }
        var index: JSONObject = [
            "format": .number(JSONNumber(Self.format)), "build": .string(build),
            "length": .number(JSONNumber(bytes.count)), "hash": .string(hash),
            "operations": .array(operationRows), "pieces": .number(JSONNumber(fragments.pieces.count)),
            "references": .number(JSONNumber(referenceCount)), "texts": .number(JSONNumber(body.count)),
            "shared": .array(fragments.shared.map { .number(JSONNumber($0)) }),
        ]
        if names != .null { _ = index.updateValue(names, forKey: "names") }
        let indexText = Data(JSONValue.object(index).encoded().utf8)
        var file = Data("\(indexText.count)\n".utf8)
        file.append(indexText)
        file.append(UInt8(ascii: "\n"))
        file.append(table)
        file.append(references)
        file.append(body)
        guard file.count <= Self.entryByteLimit, CacheFile.write(file, to: path(length: bytes.count, hash: hash), in: directory)
        else { return }
        trim()
    }

    /// Removes the oldest entries until all fit in `byteLimit`, and what a writer stopped half way left
    /// behind an hour ago or more.
    private func trim() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let now = time(nil)
        var entries: [(name: String, time: timespec, size: Int)] = []
        for name in names {
            var status = stat()
            guard stat(directory + "/" + name, &status) == 0 else { continue }
            if CacheFile.isStalePartial(name, modified: Platform.modificationTime(of: status).tv_sec, now: now) {
                _ = unlink(directory + "/" + name)
            } else if name.hasSuffix(Self.suffix) {
                entries.append((name, Platform.modificationTime(of: status), Int(status.st_size)))
            }
        }
        var total = entries.reduce(0) { $0 + $1.size }
        let oldestFirst = entries.sorted { ($0.time.tv_sec, $0.time.tv_nsec) < ($1.time.tv_sec, $1.time.tv_nsec) }
        for old in oldestFirst where total > byteLimit {
            _ = unlink(directory + "/" + old.name)
            total -= old.size
        }
    }

    /// The entry's file: named by the bytes' length and hash.
    func path(length: Int, hash: String) -> String {
        directory + "/\(length)-" + hash + Self.suffix
    }

    private static func hash(_ text: Data) -> UInt64 {
        var hash = WordHash()
        text.withUnsafeBytes { hash.add($0) }
        return hash.value
    }

    private static func integers(_ value: JSONValue?) -> [Int]? {
        guard case .array(let elements)? = value else { return nil }
        var integers: [Int] = []
        for element in elements {
            guard let integer = element.intValue else { return nil }
            integers.append(integer)
        }
        return integers
    }
}
