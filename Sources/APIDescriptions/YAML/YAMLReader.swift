import CYAML
import FoundationFree
import JSON
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
/// published specs are written in uses them. A key given twice in one mapping is an error.
struct YAMLReader {
    /// Nodes a document may stand for once its aliases are expanded: a million, and four more for each
    /// byte of the document. A 2 MB spec has a few hundred thousand nodes, so real documents never come
    /// near it; what walks the tree afterwards stays bounded by the document's size.
    static func nodeLimit(bytes: Int) -> Int {
        1_000_000 + 4 * bytes
    }
    /// Nesting, counted through aliases; the JSON parser allows the same.
    static let depthLimit = 512

    /// What kind each open collection is; its contents are in `sequences` or `mappings`, innermost last.
    /// Kept as parallel stacks so a value is added in place, with no copy of the collection around it.
    private enum Kind {
        case sequence
        case mapping
    }

    /// Where a collection began, and what its anchor needs to know once it ends.
    private struct Start {
        let anchor: String?
        let nodesBefore: Int
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

    /// A key read, waiting for its value.
    private struct PendingKey {
        let text: String
        let mark: Mark
        let merge: Bool
    }

    /// A mapping's members so far; keys are looked up in `index` once the mapping is wide enough for a
    /// scan to cost more than a hash.
    private struct Members {
        var keys: [String] = []
        var values: [JSONValue] = []
        var marks: [Mark] = []
        var index: [String: Int]?
        var pending: PendingKey?

        /// Positions of members that came from a `<<` merge, which a key written in the mapping replaces.
        var merged: Set<Int> = []

        /// The position `key` was given at before, if it was.
        mutating func position(of key: String) -> Int? {
            if index == nil, keys.count >= 16 {
                var built: [String: Int] = [:]
                built.reserveCapacity(keys.count * 2)
                for (position, known) in keys.enumerated() { built[known] = position }
                index = built
            }
            if let index { return index[key] }
            let length = key.utf8.count
            return keys.indices.first { keys[$0].utf8.count == length && keys[$0] == key }
        }

        mutating func append(_ key: String, _ value: JSONValue, at mark: Mark) {
            index?[key] = keys.count
            keys.append(key)
            values.append(value)
            marks.append(mark)
        }
    }

    private struct Anchored {
        let value: JSONValue
        let nodes: Int
        let depth: Int
    }

    private var kinds: [Kind] = []
    private var starts: [Start] = []
    private var sequences: [[JSONValue]] = []
    private var mappings: [Members] = []
    /// The deepest nesting each open collection's contents reach so far.
    private var depths: [Int] = []
    private var anchors: [String: Anchored] = [:]
    private var nodes = 0
    private var nodeLimit = 0
    private var result: JSONValue?
    private var documents = 0

    static func read(_ data: Data, cancellation: CancellationToken?) throws(YAMLError) -> JSONValue {
        let limit = nodeLimit(bytes: data.count)
        let outcome: Result<JSONValue, YAMLError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            if Threads.processorCount > 1, let cut = YAMLCut.find(in: bytes),
               let halves = readHalves(bytes, at: cut, nodeLimit: limit, cancellation: cancellation) {
                return halves
            }
            return readPart(bytes, nodeLimit: limit, cancellation: cancellation).map(\.value)
        }
        return try outcome.get()
    }

    /// A document read as two halves at once (see `YAMLCut`), each by its own parser on its own thread, and
    /// joined. Nil when that gives no answer the whole document would give: a half does not read (the cut
    /// fell inside a quoted scalar, an alias names an anchor in the other half, the text is broken), the
    /// halves do not join as the cut says, a key is in both, or together they pass the node budget. The
    /// caller then reads the whole document, which gives the answer or the error with its true line.
    static func readHalves(_ bytes: UnsafeBufferPointer<UInt8>, at cut: YAMLCut, nodeLimit: Int,
                           cancellation: CancellationToken?) -> Result<JSONValue, YAMLError>? {
        let firstHalf = SharedBytes(UnsafeBufferPointer(rebasing: bytes[..<cut.offset]))
        let secondHalf = cut.reopening + bytes[cut.offset...]
        let (first, second) = Threads.both({
            readPart(firstHalf.buffer, nodeLimit: nodeLimit, cancellation: cancellation)
        }, {
            secondHalf.withUnsafeBufferPointer { readPart($0, nodeLimit: nodeLimit, cancellation: cancellation) }
        })
        for case .failure(let error) in [first, second] where error.isCancellation { return .failure(error) }
        guard case .success(let head) = first, case .success(let tail) = second else { return nil }
        // The second half's root mapping, and the key and mapping of each entry it re-opens, stand for
        // nodes the first half has counted already.
        guard head.nodes + tail.nodes - (1 + 2 * cut.depth) <= nodeLimit,
              let joined = join(head.value, tail.value, depth: cut.depth) else { return nil }
        return .success(.object(joined))
    }

    /// The two halves' mappings as one. Where the second half re-opens entries (`depth` of them, outermost
    /// first), the first half's last member and the second half's first must be the same key, each a
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

    /// Bytes that stay valid, unchanged, until both halves are read: the document's, borrowed by a thread.
    private struct SharedBytes: @unchecked Sendable {
        let buffer: UnsafeBufferPointer<UInt8>
        init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }
    }

    /// What one parser read, and the nodes it counted.
    struct Part: Sendable {
        let value: JSONValue
        let nodes: Int
    }

    /// One parser over `bytes`, a whole document or a half.
    static func readPart(_ bytes: UnsafeBufferPointer<UInt8>, nodeLimit: Int, cancellation: CancellationToken?) -> Result<Part, YAMLError> {
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
        kinds.last == .mapping && mappings[mappings.count - 1].pending == nil
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
            guard kinds.count < Self.depthLimit else {
                throw YAMLError(line: mark.line, column: mark.column, message: "nested more than \(Self.depthLimit) levels deep")
            }
            let start = Start(anchor: Self.text(apish_yaml_anchor(&event)), nodesBefore: nodes - 1)
            if event.type == YAML_SEQUENCE_START_EVENT {
                kinds.append(.sequence)
                sequences.append([])
            } else {
                kinds.append(.mapping)
                mappings.append(Members())
            }
            starts.append(start)
            depths.append(0)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let kind = kinds.popLast(), let start = starts.popLast(), let inner = depths.popLast() else { return }
            let value: JSONValue
            switch kind {
            case .sequence:
                value = .array(sequences.removeLast())
            case .mapping:
                let members = mappings.removeLast()
                value = .object(JSONObject(distinctKeys: members.keys, values: members.values))
            }
            if let anchor = start.anchor {
                anchors[anchor] = Anchored(value: value, nodes: nodes - start.nodesBefore, depth: inner + 1)
            }
            try add(value, depth: inner + 1, at: mark)
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
            try addKey(key, merge: plain && tag == nil && key == "<<", at: mark)
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

    private mutating func addKey(_ key: String, merge: Bool, at mark: Mark) throws(YAMLError) {
        guard kinds.last == .mapping else { return }
        mappings[mappings.count - 1].pending = PendingKey(text: key, mark: mark, merge: merge)
    }

    /// Puts a finished value where it belongs: the document, a sequence, or a mapping (as its key when a
    /// key is awaited, else as the pending key's value).
    private mutating func add(_ value: JSONValue, depth: Int, at mark: Mark) throws(YAMLError) {
        guard let kind = kinds.last else {
            result = value
            return
        }
        let last = kinds.count - 1
        if kinds.count + depth > Self.depthLimit {
            throw YAMLError(line: mark.line, column: mark.column,
                            message: "nested more than \(Self.depthLimit) levels deep once aliases are expanded")
        }
        depths[last] = max(depths[last], depth)
        switch kind {
        case .sequence:
            sequences[sequences.count - 1].append(value)
        case .mapping:
            try Self.add(value, to: &mappings[mappings.count - 1], at: mark)
        }
    }

    /// A value for the innermost mapping: its key when a key is awaited, else the pending key's value.
    private static func add(_ value: JSONValue, to members: inout Members, at mark: Mark) throws(YAMLError) {
        guard let pending = members.pending else {
            guard let key = Self.keyText(value) else {
                throw YAMLError(line: mark.line, column: mark.column, message: "a mapping key must be a scalar, not a list or mapping")
            }
            members.pending = PendingKey(text: key, mark: mark, merge: false)
            return
        }
        members.pending = nil
        if pending.merge {
            try Self.merge(value, into: &members, at: pending.mark)
            return
        }
        if let position = members.position(of: pending.text) {
            guard members.merged.remove(position) != nil else {
                throw YAMLError(line: pending.mark.line, column: pending.mark.column,
                                message: "duplicate key \"\(pending.text)\" (first at line \(members.marks[position].line))")
            }
            members.values[position] = value
            members.marks[position] = pending.mark
            return
        }
        members.append(pending.text, value, at: pending.mark)
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
    private static func merge(_ value: JSONValue, into members: inout Members, at mark: Mark) throws(YAMLError) {
        let sources: [JSONValue]
        if case .array(let list) = value { sources = list } else { sources = [value] }
        for source in sources {
            guard case .object(let merged) = source else {
                throw YAMLError(line: mark.line, column: mark.column, message: "a << merge key needs a mapping or a list of mappings")
            }
            for (key, member) in merged where members.position(of: key) == nil {
                members.merged.insert(members.keys.count)
                members.append(key, member, at: mark)
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
