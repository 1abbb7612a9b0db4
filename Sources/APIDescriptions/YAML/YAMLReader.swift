import CYAML
import FoundationFree
import JSON
import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads one YAML document into the `JSONValue` the JSON parser would give for its JSON twin, driving
/// libyaml's event parser (not its document loader, which would build a second tree).
///
/// Scalars resolve by the YAML 1.2 core schema (`YAMLCoreSchema`). Anchors are remembered as built values
/// and aliases share them, but every alias counts the nodes it stands for against `nodeLimit(bytes:)`, and its
/// depth against `depthLimit`: a billion laughs is refused as soon as its expansion passes the budget,
/// and whatever later walks the tree is bounded too. `<<` merge keys are honoured, as the YAML most
/// published specs are written in uses them. A key given twice in one mapping is an error. A large
/// document that can be cut (`YAMLCut`) is read in pieces on several threads (`readPieces`), with the
/// answer and the errors one pass gives.
package struct YAMLReader {
    /// Nodes a document may stand for once its aliases are expanded: a million, and four more for each
    /// byte of the document. A 2 MB spec has a few hundred thousand nodes, so real documents never come
    /// near it; what walks the tree afterwards stays bounded by the document's size.
    package static func nodeLimit(bytes: Int) -> Int {
        1_000_000 + 4 * bytes
    }
    /// Nesting, counted through aliases; the JSON parser allows the same.
    static let depthLimit = 512

    /// An open sequence or mapping. Its contents so far are the top of `values` from `valueBase`, and for a
    /// mapping its keys the top of `keys` from `keyBase`: one stack for all open collections, so a value is
    /// added with no copy of the collection around it, and a finished collection leaves the stack by a
    /// move into an array of exactly its size.
    private struct Frame {
        let isMapping: Bool
        /// Its anchor is on top of `anchorNames`.
        let anchored: Bool
        let nodesBefore: Int
        let valueBase: Int
        let keyBase: Int
        /// The deepest nesting its contents reach so far.
        var depth = 0
        /// A key has been read (the top of `keys`) and waits for its value.
        var pending = false
        /// That key is `<<`.
        var pendingMerge = false
        /// Its keys are looked up in `indexes.last`, as it is wide enough for a scan to cost more than a hash.
        var indexed = false
        /// Some of its members came from a `<<` merge: their positions are `mergedPositions.last`.
        var merging = false
    }

    /// A 1-based place in the text.
    private struct Mark {
        let line: Int
        let column: Int

        init(_ mark: yaml_mark_t) {
            line = mark.line + 1
            column = mark.column + 1
        }
    }

    private struct Anchored {
        let value: JSONValue
        let nodes: Int
        let depth: Int
    }

    /// Mappings with more keys than this get a key → position index.
    private static let indexThreshold = 16

    private var frames: [Frame] = []
    private let values = MoveStack<JSONValue>()
    private let keys = MoveStack<String>()
    /// Where each key on `keys` was written, for the error that names a duplicate's first place.
    private var keyMarks: [Mark] = []
    private var anchorNames: [String] = []
    private var indexes: [[String: Int]] = []
    private var mergedPositions: [Set<Int>] = []
    private var anchors: [String: Anchored] = [:]
    private var nodes = 0
    private var nodeLimit = 0
    private var result: JSONValue?
    private var documents = 0

    static func read(_ data: Data, cancellation: CancellationToken?) throws(YAMLError) -> JSONValue {
        let limit = nodeLimit(bytes: data.count)
        let outcome: Result<JSONValue, YAMLError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            // Small documents (most of them) are read at once, without asking the system for its processors.
            if bytes.count >= YAMLCut.minimumBytes, case let threads = min(Threads.processorCount, maximumThreads), threads > 1,
               case let cuts = YAMLCut.cuts(in: bytes, pieces: piecesPerThread * threads), !cuts.isEmpty,
               let pieces = readPieces(bytes, at: cuts, threads: threads, nodeLimit: limit, cancellation: cancellation) {
                return pieces
            }
            return readPart(bytes, nodeLimit: limit, cancellation: cancellation).map(\.value)
        }
        return try outcome.get()
    }

    /// Threads a large document is read on at most, the calling one included.
    static let maximumThreads = 4
    /// Pieces for each thread: more pieces than threads keep every thread busy to the end, when pieces
    /// cost differently (a flow of long descriptions, a fan of aliases) or a thread starts late.
    static let piecesPerThread = 4

    /// A document read as pieces at once (see `YAMLCut`), by parsers on `threads` threads that take the
    /// pieces in turn, and joined. Nil when that gives no answer the whole document would give: a piece does
    /// not read (a cut fell inside a quoted scalar, an alias names an anchor in an earlier piece, the text is
    /// broken), the pieces do not join as the cuts say, a key is in two of them, or together they pass the
    /// node budget. The caller then reads the whole document, which gives the answer, or the error with its
    /// true line.
    package static func readPieces(_ bytes: UnsafeBufferPointer<UInt8>, at cuts: [YAMLCut], threads: Int, nodeLimit: Int,
                                   cancellation: CancellationToken?) -> Result<JSONValue, YAMLError>? {
        let work = PieceWork(bytes: bytes, cuts: cuts, nodeLimit: nodeLimit, cancellation: cancellation)
        Threads.together(extraThreads: threads - 1) { work.readPieces() }
        let parts = work.results
        for case .failure(let error)? in parts where error.isCancellation { return .failure(error) }
        var nodes = 0
        var joined: JSONValue?
        for (index, part) in parts.enumerated() {
            guard case .success(let part)? = part else { return nil }
            // Each piece after the first counts again its root mapping, and the key and mapping of each
            // entry it re-opens.
            nodes += part.nodes - (index == 0 ? 0 : 1 + 2 * cuts[index - 1].depth)
            guard let head = joined else {
                joined = part.value
                continue
            }
            guard let object = join(head, part.value, depth: cuts[index - 1].depth) else { return nil }
            joined = .object(object)
        }
        guard nodes <= nodeLimit, let joined else { return nil }
        return .success(joined)
    }

    /// The pieces of one document, which threads take in turn; once one fails the rest are skipped. Each
    /// piece may expand to its share of the node budget, so that all of them together stay within it
    /// (a piece past its share falls back to one pass, which has the whole budget).
    private final class PieceWork: @unchecked Sendable {
        // The document's bytes stay valid and unchanged until every thread has returned; each result slot
        // is written by the one thread that took its piece, and read only after all have returned.
        private let bytes: UnsafeBufferPointer<UInt8>
        private let cuts: [YAMLCut]
        /// Each piece's share of the node budget.
        private let pieceLimit: Int
        private let cancellation: CancellationToken?
        private let next = Atomic<Int>(0)
        private let failed = Atomic<Bool>(false)
        private let slots: UnsafeMutablePointer<Result<Part, YAMLError>?>

        init(bytes: UnsafeBufferPointer<UInt8>, cuts: [YAMLCut], nodeLimit: Int, cancellation: CancellationToken?) {
            self.bytes = bytes
            self.cuts = cuts
            pieceLimit = max(1, nodeLimit / (cuts.count + 1))
            self.cancellation = cancellation
            slots = .allocate(capacity: cuts.count + 1)
            slots.initialize(repeating: nil, count: cuts.count + 1)
        }

        deinit {
            slots.deinitialize(count: cuts.count + 1)
            slots.deallocate()
        }

        var results: [Result<Part, YAMLError>?] {
            Array(UnsafeBufferPointer(start: slots, count: cuts.count + 1))
        }

        func readPieces() {
            while !failed.load(ordering: .relaxed) {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index <= cuts.count else { return }
                let part = read(piece: index)
                if case .failure = part { failed.store(true, ordering: .relaxed) }
                slots[index] = part
            }
        }

        /// The first piece is read in place; each later one after the key lines its cut re-opens.
        private func read(piece index: Int) -> Result<Part, YAMLError> {
            let end = index < cuts.count ? cuts[index].offset : bytes.count
            guard index > 0 else {
                return YAMLReader.readPart(UnsafeBufferPointer(rebasing: bytes[..<end]), nodeLimit: pieceLimit, cancellation: cancellation)
            }
            let cut = cuts[index - 1]
            var text = cut.reopening
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[cut.offset..<end]))
            return text.withUnsafeBufferPointer { YAMLReader.readPart($0, nodeLimit: pieceLimit, cancellation: cancellation) }
        }
    }

    /// Two pieces' mappings as one. Where the later piece re-opens entries (`depth` of them, outermost
    /// first), the earlier piece's last member and the later one's first must be the same key, each a
    /// mapping, and those are joined in turn.
    private static func join(_ head: JSONValue, _ tail: JSONValue, depth: Int) -> JSONObject? {
        guard case .object(var joined) = head, case .object(let continued) = tail else { return nil }
        var keys = continued.keys[...]
        var values = continued.values[...]
        if depth > 0 {
            guard let key = joined.keys.last, keys.first == key, let opened = joined.values.last,
                  let inner = join(opened, values[values.startIndex], depth: depth - 1) else { return nil }
            joined.replaceValue(at: joined.count - 1, with: .object(inner))
            keys = keys.dropFirst()
            values = values.dropFirst()
        }
        return appending(Array(keys), Array(values), to: joined)
    }

    /// `object` with `keys` and `values` after its own members, or nil when a key is in both, which the
    /// whole document's reader reports with its line (or, after a `<<` merge, resolves).
    private static func appending(_ keys: [String], _ values: [JSONValue], to object: JSONObject) -> JSONObject? {
        guard !keys.contains(where: { object[$0] != nil }) else { return nil }
        return JSONObject(distinctKeys: object.keys + keys, values: object.values + values)
    }

    /// What one parser read, and the nodes it counted.
    package struct Part: Sendable {
        package let value: JSONValue
        package let nodes: Int
    }

    /// One parser over `bytes`, a whole document or a piece.
    package static func readPart(_ bytes: UnsafeBufferPointer<UInt8>, nodeLimit: Int, cancellation: CancellationToken?) -> Result<Part, YAMLError> {
        var reader = YAMLReader()
        reader.nodeLimit = nodeLimit
        return Result { () throws(YAMLError) -> Part in
            let value = try reader.run(bytes, cancellation: cancellation)
            return Part(value: value, nodes: reader.nodes)
        }
    }

    private mutating func run(_ input: UnsafeBufferPointer<UInt8>, cancellation: CancellationToken?) throws(YAMLError) -> JSONValue {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else {
            throw YAMLError(line: 1, column: 1, message: "cannot start the YAML parser (out of memory)")
        }
        defer { yaml_parser_delete(&parser) }
        // libyaml reads the bytes in place; an empty buffer still needs a valid pointer.
        var empty: UInt8 = 0
        if let base = input.baseAddress {
            apish_yaml_set_input(&parser, base, input.count)
        } else {
            apish_yaml_set_input(&parser, &empty, 0)
        }
        var event = yaml_event_t()
        var count = 0
        while true {
            guard yaml_parser_parse(&parser, &event) != 0 else { throw Self.parserError(parser) }
            defer { yaml_event_delete(&event) }
            count += 1
            let mark = Mark(event.start_mark)
            if count & 0xFFF == 0, cancellation?.isCancelled == true {
                var error = YAMLError(line: mark.line, column: mark.column, message: "read cancelled")
                error.isCancellation = true
                throw error
            }
            if event.type == YAML_STREAM_END_EVENT { break }
            try handle(&event, at: mark)
        }
        return result ?? .null
    }

    private var awaitingKey: Bool {
        guard let frame = frames.last else { return false }
        return frame.isMapping && !frame.pending
    }

    private mutating func handle(_ event: inout yaml_event_t, at mark: Mark) throws(YAMLError) {
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                throw YAMLError(line: mark.line, column: mark.column,
                                message: "a second document in the stream; an API description is one document")
            }
        case YAML_SCALAR_EVENT:
            try scalar(&event, at: mark)
        case YAML_ALIAS_EVENT:
            let name = Self.text(apish_yaml_anchor(&event))
            guard let name, let anchored = anchors[name] else {
                throw YAMLError(line: mark.line, column: mark.column, message: "unknown alias *\(name ?? "")")
            }
            try count(anchored.nodes, at: mark)
            try add(anchored.value, depth: anchored.depth, at: mark)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            if awaitingKey {
                throw YAMLError(line: mark.line, column: mark.column, message: "a mapping key must be a scalar, not a list or mapping")
            }
            try count(1, at: mark)
            guard frames.count < Self.depthLimit else {
                throw YAMLError(line: mark.line, column: mark.column, message: "nested more than \(Self.depthLimit) levels deep")
            }
            let anchor = Self.text(apish_yaml_anchor(&event))
            if let anchor { anchorNames.append(anchor) }
            frames.append(Frame(isMapping: event.type == YAML_MAPPING_START_EVENT, anchored: anchor != nil,
                                nodesBefore: nodes - 1, valueBase: values.count, keyBase: keys.count))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = frames.popLast() else { return }
            let value: JSONValue
            if frame.isMapping {
                keyMarks.removeSubrange(frame.keyBase...)
                if frame.indexed { indexes.removeLast() }
                if frame.merging { mergedPositions.removeLast() }
                value = .object(JSONObject(distinctKeys: keys.moveOut(from: frame.keyBase), values: values.moveOut(from: frame.valueBase)))
            } else {
                value = .array(values.moveOut(from: frame.valueBase))
            }
            if frame.anchored, let anchor = anchorNames.popLast() {
                anchors[anchor] = Anchored(value: value, nodes: nodes - frame.nodesBefore, depth: frame.depth + 1)
            }
            try add(value, depth: frame.depth + 1, at: mark)
        default:
            break
        }
    }

    private mutating func scalar(_ event: inout yaml_event_t, at mark: Mark) throws(YAMLError) {
        try count(1, at: mark)
        let bytes = UnsafeBufferPointer(start: apish_yaml_scalar_value(&event), count: apish_yaml_scalar_length(&event))
        let tag = Self.text(apish_yaml_tag(&event))
        let plain = apish_yaml_scalar_is_plain(&event) != 0
        let resolves = tag.map(Self.resolvingTags.contains) ?? plain
        let anchor = Self.text(apish_yaml_anchor(&event))
        if awaitingKey {
            let key = YAMLCoreSchema.key(bytes, plain: resolves)
            if let anchor {
                anchors[anchor] = Anchored(value: resolves ? YAMLCoreSchema.resolve(bytes) : .string(key), nodes: 1, depth: 1)
            }
            addKey(key, merge: plain && tag == nil && key == "<<", at: mark)
            return
        }
        let value = resolves ? YAMLCoreSchema.resolve(bytes) : .string(String(decoding: bytes, as: UTF8.self))
        if let anchor { anchors[anchor] = Anchored(value: value, nodes: 1, depth: 1) }
        try add(value, depth: 1, at: mark)
    }

    /// Tags under which a scalar still resolves by the core schema; any other explicit tag (`!!str`, `!`,
    /// an application's own) leaves it a string.
    private static let resolvingTags: Set<String> = [
        "tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null",
    ]

    /// A key for the innermost mapping, waiting for its value.
    private mutating func addKey(_ key: String, merge: Bool, at mark: Mark) {
        keys.append(key)
        keyMarks.append(mark)
        frames[frames.count - 1].pending = true
        frames[frames.count - 1].pendingMerge = merge
    }

    /// Puts a finished value where it belongs: the document, a sequence, or a mapping (as its key when a
    /// key is awaited, else as the pending key's value).
    private mutating func add(_ value: JSONValue, depth: Int, at mark: Mark) throws(YAMLError) {
        guard !frames.isEmpty else {
            result = value
            return
        }
        let last = frames.count - 1
        if frames.count + depth > Self.depthLimit {
            throw YAMLError(line: mark.line, column: mark.column,
                            message: "nested more than \(Self.depthLimit) levels deep once aliases are expanded")
        }
        if depth > frames[last].depth { frames[last].depth = depth }
        guard frames[last].isMapping else {
            values.append(value)
            return
        }
        guard frames[last].pending else {
            // An alias where a key goes: the text its scalar stands for.
            guard let key = Self.keyText(value) else {
                throw YAMLError(line: mark.line, column: mark.column, message: "a mapping key must be a scalar, not a list or mapping")
            }
            addKey(key, merge: false, at: mark)
            return
        }
        frames[last].pending = false
        let key = keys.removeLast()
        let keyMark = keyMarks.removeLast()
        if frames[last].pendingMerge {
            try merge(value, at: keyMark)
            return
        }
        if let position = position(of: key) {
            let frame = frames[last]
            guard frame.merging, mergedPositions[mergedPositions.count - 1].remove(position) != nil else {
                throw YAMLError(line: keyMark.line, column: keyMark.column,
                                message: "duplicate key \"\(key)\" (first at line \(keyMarks[frame.keyBase + position].line))")
            }
            values[frame.valueBase + position] = value
            keyMarks[frame.keyBase + position] = keyMark
            return
        }
        append(key, value, at: keyMark)
    }

    /// The position in the innermost mapping that `key` was given at before, if it was.
    private func position(of key: String) -> Int? {
        let frame = frames[frames.count - 1]
        if frame.indexed { return indexes[indexes.count - 1][key] }
        let length = key.utf8.count
        return keys.withElements(from: frame.keyBase) { known in
            known.indices.first { known[$0].utf8.count == length && known[$0] == key }
        }
    }

    /// A new member of the innermost mapping.
    private mutating func append(_ key: String, _ value: JSONValue, at mark: Mark) {
        let last = frames.count - 1
        let position = keys.count - frames[last].keyBase
        if frames[last].indexed {
            indexes[indexes.count - 1][key] = position
        } else if position + 1 > Self.indexThreshold {
            var index: [String: Int] = [:]
            index.reserveCapacity(2 * (position + 1))
            keys.withElements(from: frames[last].keyBase) { known in
                for (offset, name) in known.enumerated() { index[name] = offset }
            }
            index[key] = position
            indexes.append(index)
            frames[last].indexed = true
        }
        keys.append(key)
        keyMarks.append(mark)
        values.append(value)
    }

    /// An alias used as a key: the text its scalar stands for.
    private static func keyText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .number(let number): number.text
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array, .object: nil
        }
    }

    /// `<<: *base` (or a list of them): the members of each mapping that the mapping lacks, earlier
    /// mappings in the list first, as keys written in the mapping itself win.
    private mutating func merge(_ value: JSONValue, at mark: Mark) throws(YAMLError) {
        let sources: [JSONValue]
        if case .array(let list) = value { sources = list } else { sources = [value] }
        for source in sources {
            guard case .object(let merged) = source else {
                throw YAMLError(line: mark.line, column: mark.column, message: "a << merge key needs a mapping or a list of mappings")
            }
            for (key, member) in merged where position(of: key) == nil {
                let last = frames.count - 1
                if !frames[last].merging {
                    mergedPositions.append([])
                    frames[last].merging = true
                }
                mergedPositions[mergedPositions.count - 1].insert(keys.count - frames[last].keyBase)
                append(key, member, at: mark)
            }
        }
    }

    private mutating func count(_ added: Int, at mark: Mark) throws(YAMLError) {
        nodes += added
        if nodes > nodeLimit {
            throw YAMLError(line: mark.line, column: mark.column,
                            message: "the document expands to more than \(nodeLimit) nodes once its aliases are expanded (an alias bomb?)")
        }
    }

    private static func text(_ pointer: UnsafePointer<UInt8>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private static func parserError(_ parser: yaml_parser_t) -> YAMLError {
        if parser.error == YAML_MEMORY_ERROR { return YAMLError(line: 1, column: 1, message: "out of memory reading YAML") }
        let mark = Mark(parser.problem_mark)
        var message = parser.problem.map { String(cString: $0) } ?? "not valid YAML"
        if let context = parser.context.map({ String(cString: $0) }) {
            let at = Mark(parser.context_mark)
            message += " (\(context) at line \(at.line), column \(at.column))"
        }
        return YAMLError(line: mark.line, column: mark.column, message: message)
    }
}

/// A stack whose top elements leave as one array by a move: no copy, retain or release of each element.
/// The YAML reader keeps the contents of all its open collections on two of these.
private final class MoveStack<Element> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 256) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    func append(_ element: Element) {
        if count == capacity {
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = larger
            capacity *= 2
        }
        (base + count).initialize(to: element)
        count += 1
    }

    subscript(position: Int) -> Element {
        get { base[position] }
        set { base[position] = newValue }
    }

    /// The top element, taken off.
    func removeLast() -> Element {
        count -= 1
        return (base + count).move()
    }

    /// The elements from `start` up, taken off in order.
    func moveOut(from start: Int) -> [Element] {
        let moved = count - start
        let source = base + start
        count = start
        return Array(unsafeUninitializedCapacity: moved) { buffer, initialized in
            if let target = buffer.baseAddress { target.moveInitialize(from: source, count: moved) }
            initialized = moved
        }
    }

    /// `body` over the elements from `start` up, in place.
    func withElements<Result>(from start: Int, _ body: (UnsafeBufferPointer<Element>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: base + start, count: count - start))
    }
}
