import JSON
import HTTPTypes

/// A description cut into pieces so that one operation can be read without the rest: `call OP` in a
/// process of its own reads the operation's path item, the components its `$ref`s reach (transitively),
/// the security schemes and the document's own members (`openapi`, `info`, `servers`, `security`, …),
/// and nothing else. The document those pieces make (`document(of:values:)`) reads to the same operation
/// as the whole document does: same parameters, body, answers, schemas, servers and security.
///
/// An operation gets no fragment, and is read from the whole document, where a piece could not be cut
/// and put back the same: its path item or the operation itself is a `$ref`, its `operationId` was
/// renamed for being used twice (`id_2`), or a `$ref` or discriminator mapping it reaches points other
/// than into `components`. A document whose schemas declare identifiers (`$id`, `$anchor`, …), whose
/// schema dialect is not the version's own, or that is not OpenAPI 3, gets none at all.
public struct OperationFragments: Sendable, Equatable {
    /// One member of the document: where it goes (`["components", "schemas", "Pet"]`, `["paths", "/pets"]`,
    /// `["info"]`), its value, and the pieces its `$ref`s name.
    public struct Piece: Sendable, Equatable {
        public var place: [String]
        public var value: JSONValue
        public var references: [Int]

        public init(place: [String], value: JSONValue, references: [Int]) {
            self.place = place
            self.value = value
            self.references = references
        }
    }

    /// An operation as the reader read it, in document order, and the piece holding its path item with only
    /// it as operation (nil: it has no fragment).
    public struct Operation: Sendable, Equatable {
        public var operationId: String?
        public var method: HTTPMethod
        public var path: String
        public var piece: Int?

        public init(operationId: String?, method: HTTPMethod, path: String, piece: Int?) {
            self.operationId = operationId
            self.method = method
            self.path = path
            self.piece = piece
        }
    }

    public var operations: [Operation]
    public var pieces: [Piece]
    /// The pieces every operation's document holds: the document's own members and its security schemes.
    public var shared: [Int]
    /// The schema components read on demand, by kind and name (`schemas\u{0}Pet`): all of them when the
    /// whole read repaired no published mistake, so each reads alone as in the whole; none otherwise.
    public var onDemand: [String: Int]
    /// The pieces `onDemand` names, which an operation's document leaves out (`piecesLeavingOnDemand`).
    public var onDemandPieces: Set<Int>

    /// `onDemandPieces` is `onDemand`'s pieces unless given (an entry read back knows the pieces before
    /// it reads their names).
    public init(operations: [Operation], pieces: [Piece], shared: [Int], onDemand: [String: Int] = [:], onDemandPieces: Set<Int>? = nil) {
        self.operations = operations
        self.pieces = pieces
        self.shared = shared
        self.onDemand = onDemand
        self.onDemandPieces = onDemandPieces ?? Set(onDemand.values)
    }

    /// The key of a component in `onDemand`.
    public static func componentKey(kind: String, name: String) -> String {
        kind + "\u{0}" + name
    }

    /// The keywords that make a schema resource or an anchor another schema can name without a pointer.
    static let identifierKeywords: Set<String> = [
        "$id", "$anchor", "$dynamicAnchor", "$dynamicRef", "$recursiveRef", "$recursiveAnchor", "$schema",
    ]

    /// The fragments of `document` (as fetched, before `OpenAPIDocument.parse` repaired it), whose reading is
    /// `read`; nil when the document gets none (see the type's comment).
    public static func make(_ document: JSONValue, read: OpenAPIDocument) -> OperationFragments? {
        guard case .object(let root) = document, root["swagger"] == nil, case .string? = root["openapi"],
              root["jsonSchemaDialect"] == nil, case .object(let paths)? = root["paths"]
        else { return nil }
        var pieces: [Piece] = []
        var components: [String: Int] = [:]
        var shared: [Int] = []
        let own = JSONObject(root.filter { $0.key != "paths" && $0.key != "components" && $0.key != "webhooks" })
        shared.append(pieces.count)
        pieces.append(Piece(place: [], value: .object(own), references: []))
        if case .object(let kinds)? = root["components"] {
            for (kind, members) in kinds where !kind.hasPrefix("x-") {
                guard case .object(let named) = members else { continue }
                for (name, value) in named {
                    components[kind + "\u{0}" + name] = pieces.count
                    if kind == "securitySchemes" { shared.append(pieces.count) }
                    pieces.append(Piece(place: ["components", kind, name], value: value, references: []))
                }
            }
        }
        var operations: [Operation] = []
        for operation in read.operations {
            var entry = Operation(operationId: operation.operationId, method: operation.method, path: operation.path, piece: nil)
            if let item = pathItem(of: operation, in: paths) {
                entry.piece = pieces.count
                pieces.append(Piece(place: ["paths", operation.path], value: .object(item), references: []))
            }
            operations.append(entry)
        }
        var unusable = Set<Int>()
        for index in pieces.indices {
            var walk = ReferenceWalk(components: components)
            // An Example Object's `value` is data: only its own `$ref` is a reference.
            if pieces[index].place.count == 3, pieces[index].place[1] == DocumentMembers.examples {
                walk.exampleObjects(.object(["": pieces[index].value]))
            } else {
                walk.keywords(pieces[index].value)
            }
            if walk.declaresIdentifiers { return nil }
            if walk.unusable { unusable.insert(index) }
            pieces[index].references = walk.references.sorted()
        }
        // Schemas are read when first used (`OpenAPIDocument.parse(…readsSchemasOnDemand:components:)`), so
        // their pieces can be too, when no repair made the whole read differ from the pieces as written.
        let onDemand = read.repairedMistakes == 0
            ? components.filter { $0.key.hasPrefix(componentKey(kind: "schemas", name: "")) } : [:]
        var fragments = OperationFragments(operations: operations, pieces: pieces, shared: shared, onDemand: onDemand)
        if shared.contains(where: unusable.contains) { return nil }
        for index in fragments.operations.indices {
            guard let piece = fragments.operations[index].piece else { continue }
            if fragments.closure(of: piece).contains(where: unusable.contains) { fragments.operations[index].piece = nil }
        }
        return fragments
    }

    /// The operation's path item with only it as operation, when both are written in place (no `$ref`)
    /// and the reader kept its `operationId` as written.
    private static func pathItem(of operation: OpenAPIOperation, in paths: JSONObject) -> JSONObject? {
        guard case .object(let item)? = paths[operation.path], item["$ref"] == nil,
              let key = item.keys.first(where: { OpenAPIReader.methods.contains($0) && HTTPMethod(rawValue: $0) == operation.method }),
              case .object(let written)? = item[key], written["$ref"] == nil,
              written["operationId"]?.stringValue == operation.operationId
        else { return nil }
        return JSONObject(item.filter { !OpenAPIReader.methods.contains($0.key) || $0.key == key })
    }

    /// The pieces `piece` reaches through `$ref`s, itself included, in document order; `leaving` out
    /// those pieces and whatever is reached only through them.
    public func closure(of piece: Int, leaving: Set<Int> = []) -> [Int] {
        var reached: Set<Int> = [piece]
        var queue = [piece]
        while let next = queue.popLast() {
            for reference in pieces[next].references where !leaving.contains(reference) && reached.insert(reference).inserted {
                queue.append(reference)
            }
        }
        return reached.sorted()
    }

    /// The index in `operations` of the operation `text` names, as `OpenAPIDocument.operation(named:)`
    /// finds it: an `operationId`, else `METHOD /path`.
    public func operationIndex(named text: String) -> Int? {
        operations.firstIndex(named: text)
    }

    /// The pieces the document of the operation at `index` holds, in document order; nil when it has no fragment.
    public func pieces(of index: Int) -> [Int]? {
        guard operations.indices.contains(index), let piece = operations[index].piece else { return nil }
        return Array(Set(shared + closure(of: piece))).sorted()
    }

    /// `pieces(of:)` without the pieces read on demand (`onDemand`), nor what only they reach.
    public func piecesLeavingOnDemand(of index: Int) -> [Int]? {
        guard operations.indices.contains(index), let piece = operations[index].piece else { return nil }
        return Array(Set(shared + closure(of: piece, leaving: onDemandPieces))).sorted()
    }

    /// The piece read on demand that holds `pointer` (`#/components/schemas/Pet/properties/id`), and where in
    /// that piece's value it points; nil when no such piece holds it.
    /// `onDemand` is the map to look in: an entry read back reads its names only when first needed.
    public static func piece(holding pointer: JSONPointer, in onDemand: [String: Int]) -> (piece: Int, within: ArraySlice<String>)? {
        let tokens = pointer.tokens
        guard tokens.count >= 3, tokens[0] == "components",
              let piece = onDemand[componentKey(kind: tokens[1], name: tokens[2])] else { return nil }
        return (piece, tokens.dropFirst(3))
    }

    /// The document made of `places` and their values (as `pieces(of:)` lists them): the document's own
    /// members at the top, each other piece at its place.
    public static func document(of places: [(place: [String], value: JSONValue)]) -> JSONValue {
        var root = JSONObject()
        var paths = JSONObject()
        var kinds: [(kind: String, members: JSONObject)] = []
        for (place, value) in places {
            switch place.count {
            case 0:
                guard case .object(let own) = value else { continue }
                for (key, member) in own { _ = root.updateValue(member, forKey: key) }
            case 2:
                _ = paths.updateValue(value, forKey: place[1])
            default:
                if let index = kinds.firstIndex(where: { $0.kind == place[1] }) {
                    _ = kinds[index].members.updateValue(value, forKey: place[2])
                } else {
                    kinds.append((place[1], JSONObject([(place[2], value)])))
                }
            }
        }
        _ = root.updateValue(.object(paths), forKey: "paths")
        if !kinds.isEmpty {
            _ = root.updateValue(.object(JSONObject(kinds.map { ($0.kind, JSONValue.object($0.members)) })), forKey: "components")
        }
        return .object(root)
    }
}

/// The `$ref`s of one piece, read as `DocumentMembers` says references are read: never inside data.
private struct ReferenceWalk {
    let components: [String: Int]
    var references = Set<Int>()
    /// A reference that names something other than a component: the piece cannot stand without the rest.
    var unusable = false
    var declaresIdentifiers = false

    mutating func keywords(_ value: JSONValue) {
        switch value {
        case .object(let object):
            for (key, member) in object {
                if key == "$ref" {
                    if case .string(let text) = member { reference(text, strict: true) }
                    continue
                }
                if OperationFragments.identifierKeywords.contains(key) { declaresIdentifiers = true }
                if key == "discriminator" { mapping(member) }
                switch DocumentMembers.kind(of: key, member: member) {
                case .keywords: keywords(member)
                case .names: names(member)
                case .exampleObjects: exampleObjects(member)
                case .data: break
                }
            }
        case .array(let elements):
            for element in elements { keywords(element) }
        default:
            break
        }
    }

    /// A map of names: each member is read as keywords; a `$ref` in place of the map is followed as the
    /// published-mistakes repair follows it.
    private mutating func names(_ value: JSONValue) {
        guard case .object(let object) = value else { return }
        for (key, member) in object {
            if key == "$ref", case .string(let text) = member {
                reference(text, strict: false)
            } else {
                keywords(member)
            }
        }
    }

    mutating func exampleObjects(_ value: JSONValue) {
        guard case .object(let object) = value else { return }
        for (_, member) in object {
            if case .string(let text)? = member["$ref"] { reference(text, strict: true) }
        }
    }

    /// A discriminator's mapping names a `$ref` or, by itself, a component schema (as the schema engine reads it).
    private mutating func mapping(_ value: JSONValue) {
        guard case .object(let mapping)? = value["mapping"] else { return }
        for (_, target) in mapping {
            guard let text = target.stringValue else { continue }
            reference(text.contains("#") || text.contains("/") ? text : "#/components/schemas/" + text, strict: true)
        }
    }

    /// `strict`: the text is surely a reference, so one that names no component makes the piece unusable.
    private mutating func reference(_ text: String, strict: Bool) {
        if text.hasPrefix("#/components/"), let tokens = JSONPointer(text)?.tokens, tokens.count >= 3 {
            // A component the document does not have is as dangling in the fragment as in the whole.
            if let piece = components[tokens[1] + "\u{0}" + tokens[2]] { references.insert(piece) }
            return
        }
        if strict { unusable = true }
    }
}
