import FoundationFree
import JSON
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

/// What a first load of a description needs before any command reads its schemas: the document's header
/// (title, versions, servers, security; read by `OpenAPIDocument.parse` from those members alone) and its
/// operations as a list shows them, read straight from the JSON tape, with no tree of the whole and no
/// schema graph (the benchmark rows `firstops-github`, `firstops-stripe`).
///
/// Only a clean description of one file is outlined; anything a whole read would warn of or bring in from
/// elsewhere makes `read` give nil, and the description is then read whole at once, as before: YAML, a
/// Swagger 2.0 document, a `$ref` that leaves the file or leads nowhere, a JSON Schema identifier
/// (`$id`, `$anchor`, `$schema`, …), a published mistake (`null` where an object belongs, `type: int` or
/// a type no JSON Schema names), a path item or operation that is a `$ref`, a repeated `operationId`, an operation without `responses`, a parameter without its name or a known `in`,
/// a requirement naming an undeclared scheme, or a header that warns. So the whole read, when a command
/// needs it, reads the operations listed here, and a mistake it finds is one of structure or schema.
public struct OpenAPIOutline: Sendable {
    /// The document without its paths and components (but its security schemes, and the servers of its
    /// path items and operations, with which it reads a bare operation each: `header.operations` are no
    /// listing).
    public let header: OpenAPIDocument
    /// Every operation, in document order.
    public let operations: [OperationListing]

    /// The outline of `data` read from `source`, or nil when it must be read whole to be known (above).
    public static func read(_ data: Data, source: String) -> OpenAPIOutline? {
        guard APIDocumentText.looksLikeJSON(data), let document = try? JSONDocument.parse(data) else { return nil }
        return document.withTapeWalk { walk in
            var reader = OutlineReader(walk: walk)
            return reader.outline(source: source)
        }
    }
}

/// Reads an `OpenAPIOutline` from a parsed document's tape.
private struct OutlineReader {
    let walk: JSONTapeWalk
    /// The `$ref`s resolved so far.
    private var references: OutlineReferences

    /// The `type`s JSON Schema names, and those of security schemes (the other objects with a `type`).
    static let types: Set<String> = [
        "string", "number", "integer", "boolean", "array", "object", "null",
        "apiKey", "http", "oauth2", "openIdConnect", "mutualTLS",
    ]
    /// Keywords that make a schema a resource of its own or name one by URI, which a whole read resolves.
    static let identifiers: Set<String> = [
        "$id", "$anchor", "$dynamicRef", "$dynamicAnchor", "$schema", "$recursiveRef", "$recursiveAnchor",
    ]
    static let locations: Set<String> = ["path", "query", "header", "cookie"]
    /// For each key length under 32, the first bytes (their low five bits) of the names a member holding
    /// an object or array is read otherwise than as keywords by: a key that matches none is a keyword,
    /// told without making text of it or hashing it.
    static let notableStarts: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 32)
        for name in DocumentMembers.data.union(DocumentMembers.nameMaps).union([DocumentMembers.examples, "type"]) {
            let bytes = Array(name.utf8)
            if let first = bytes.first, bytes.count < 32 { table[bytes.count] |= 1 << (first & 31) }
        }
        return table
    }()

    /// How a member holding an object or array is read, told from its key (`DocumentMembers.kind`).
    enum Role {
        case keywords, data, examples, type, names
    }

    /// What the key `name` makes its member (`Role`).
    static func role(of name: String) -> Role {
        if DocumentMembers.data.contains(name) { return .data }
        if name == DocumentMembers.examples { return .examples }
        if name == "type" { return .type }
        return DocumentMembers.nameMaps.contains(name) ? .names : .keywords
    }

    /// The names `role(of:)` reads otherwise than as keywords, by their bytes.
    static let notableNames: [(bytes: [UInt8], role: Role)] =
        DocumentMembers.data.union(DocumentMembers.nameMaps).union([DocumentMembers.examples, "type"]).map { name in
            (Array(name.utf8), role(of: name))
        }

    /// `role(of:)` of a plain key, by its bytes.
    static func role(ofPlain bytes: UnsafeBufferPointer<UInt8>) -> Role {
        guard mayBeNotable(bytes) else { return .keywords }
        let notable = notableNames.first { name in name.bytes.withUnsafeBufferPointer { OutlineReferences.sameBytes($0, bytes) } }
        return notable?.role ?? .keywords
    }

    /// `types`, by their bytes.
    static let typeBytes: [[UInt8]] = types.map { Array($0.utf8) }

    /// Whether a plain key starts with `x-apish-`, as the member a bundle keeps its files in does.
    static func isBundleMember(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.starts(with: "x-apish-".utf8)
    }

    /// Whether a plain key may be one of those names (`notableStarts`).
    static func mayBeNotable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, bytes.count < 32 else { return false }
        return notableStarts[bytes.count] & 1 << (first & 31) != 0
    }

    /// Whether a plain key is `type`.
    static func isType(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count == 4 && bytes[0] == UInt8(ascii: "t") && bytes[1] == UInt8(ascii: "y") && bytes[2] == UInt8(ascii: "p")
            && bytes[3] == UInt8(ascii: "e")
    }

    init(walk: JSONTapeWalk) {
        self.walk = walk
        references = OutlineReferences(walk: walk)
    }

    mutating func outline(source: String) -> OpenAPIOutline? {
        guard walk.kind(0) == .object, walk.member(0, "swagger") == nil, let paths = walk.member(0, "paths"), walk.kind(paths) == .object,
              isClean(0)
        else { return nil }
        let schemes = securitySchemeNames()
        var operations: [OperationListing] = []
        // The path items and operations with servers of their own, with those alone, for the header.
        var served = JSONObject()
        var seenPaths = Set<String>(minimumCapacity: walk.count(paths))
        var operationIds = Set<String>()
        for key in walk.keys(of: paths) {
            let path = walk.string(key)
            guard seenPaths.insert(path).inserted else { return nil }
            if path.hasPrefix("x-") { continue }
            let item = key + 1
            guard walk.kind(item) == .object, walk.member(item, "$ref") == nil, parametersAreClean(walk.member(item, "parameters")) else {
                return nil
            }
            var servedItem = JSONObject()
            if let servers = walk.member(item, "servers") { servedItem["servers"] = walk.value(servers) }
            // A path item has a few members: a list finds a repeated one sooner than a set.
            var methods: [String] = []
            for methodKey in walk.keys(of: item) {
                let name = walk.string(methodKey)
                guard !methods.contains(name) else { return nil }
                methods.append(name)
                guard OpenAPIReader.methods.contains(name) else { continue }
                let operation = methodKey + 1
                guard walk.kind(operation) == .object else { return nil }
                let found = walk.members(operation, [
                    "$ref", "responses", "parameters", "security", "operationId", "tags", "summary", "description", "deprecated", "servers",
                ])
                let (reference, responses, parameters, security) = (found[0], found[1], found[2], found[3])
                let (operationIdEntry, tagsEntry, summary, description, deprecated, servers) =
                    (found[4], found[5], found[6], found[7], found[8], found[9])
                guard reference == nil, responses != nil, parametersAreClean(parameters), requirementsAreDeclared(security, schemes: schemes)
                else { return nil }
                let operationId = walk.stringValue(operationIdEntry)
                if let operationId, !operationIds.insert(operationId).inserted { return nil }
                let tags = tagsEntry.map { tags in
                    walk.kind(tags) == .array ? walk.elements(of: tags).compactMap { walk.stringValue($0) } : []
                } ?? []
                operations.append(OperationListing(
                    method: HTTPMethod(rawValue: name), path: path, operationId: operationId,
                    summary: walk.stringValue(summary), description: walk.stringValue(description),
                    deprecated: deprecated.map { walk.kind($0) == .true } ?? false, tags: tags))
                if let servers {
                    servedItem[name] = .object(["servers": walk.value(servers), "responses": .object([:])])
                }
            }
            if !servedItem.isEmpty { served[path] = .object(servedItem) }
        }
        guard let header = header(paths: served, source: source), Set(header.securitySchemes.keys) == schemes else { return nil }
        return OpenAPIOutline(header: header, operations: operations)
    }

    /// The names `components.securitySchemes` declares.
    private func securitySchemeNames() -> Set<String> {
        guard let components = walk.member(0, "components"), walk.kind(components) == .object,
              let schemes = walk.member(components, "securitySchemes"), walk.kind(schemes) == .object
        else { return [] }
        return Set(walk.keys(of: schemes).map(walk.string))
    }

    /// The document's root members but its paths (of which `served`: the servers of path items and
    /// operations, for where requests go), components (of which its security schemes) and webhooks (of which
    /// their names), read as a whole document; nil when that read fails or warns.
    private func header(paths served: JSONObject, source: String) -> OpenAPIDocument? {
        var root = JSONObject()
        for key in walk.keys(of: 0) {
            let name = walk.string(key)
            switch name {
            case "paths":
                root[name] = .object(served)
            case "components":
                var components = JSONObject()
                if walk.kind(key + 1) == .object, let schemes = walk.member(key + 1, "securitySchemes") {
                    components["securitySchemes"] = walk.value(schemes)
                }
                root[name] = .object(components)
            case "webhooks":
                guard walk.kind(key + 1) == .object else { return nil }
                root[name] = .object(JSONObject(walk.keys(of: key + 1).map { (walk.string($0), JSONValue.object([:])) }))
            default:
                root[name] = walk.value(key + 1)
            }
        }
        guard let header = try? OpenAPIDocument.parse(.object(root), source: source), header.warnings.isEmpty else { return nil }
        return header
    }

    /// Whether nothing under `entry` is what the type comment names: the walk of `PublishedMistakes` and
    /// `DocumentBundle`, over the tape. `names`: the value is a map of names, whose members are keywords.
    private mutating func isClean(_ entry: Int, names: Bool = false) -> Bool {
        let end = walk.next(entry)
        switch walk.kind(entry) {
        case .array:
            var element = entry + 1
            while element < end {
                if walk.isContainer(element), !isClean(element) { return false }
                element = walk.next(element)
            }
            return true
        case .object:
            var key = entry + 1
            while key < end {
                let value = key + 1
                if names {
                    // `properties: {$ref: "#/…"}`, a map named by a reference (a property may be called `$ref`).
                    if walk.isKey(key, "$ref"), walk.count(entry) == 1, walk.stringValue(value)?.hasPrefix("#") == true { return false }
                    if walk.isContainer(value), !isClean(value) { return false }
                } else if !isCleanMember(key, value) {
                    return false
                }
                key = walk.next(value)
            }
            return true
        default:
            return true
        }
    }

    /// One member of an object read as keywords.
    private mutating func isCleanMember(_ key: Int, _ value: Int) -> Bool {
        let kind = walk.kind(value)
        let first = walk.count(key) > 0 ? walk.bytes(key)[0] : 0
        // An extension is data, but the member a bundle keeps its files in (`x-apish-documents`).
        if first == UInt8(ascii: "x"), walk.count(key) > 1, walk.bytes(key)[1] == UInt8(ascii: "-") {
            return walk.kind(key) == .string ? !Self.isBundleMember(walk.bytes(key)) : !walk.string(key).hasPrefix("x-apish-")
        }
        if first == UInt8(ascii: "$") {
            if walk.isKey(key, "$ref") {
                return kind == .string || kind == .escapedString ? references.target(ofReferenceAt: value) != nil : false
            }
            let name = walk.string(key)
            if Self.identifiers.contains(name) { return false }
            if name == "$defs", kind == .object { return isClean(value, names: true) }
            return !walk.isContainer(value) || isClean(value)
        }
        switch kind {
        case .null:
            return !PublishedMistakes.structuralMembers.contains(walk.string(key))
        case .string, .escapedString:
            let isType = walk.kind(key) == .string ? Self.isType(walk.bytes(key)) : walk.string(key) == "type"
            return !isType || isKnownType(value)
        case .array, .object:
            // Most members are keywords whose value is walked; the few names read otherwise are told by
            // their length and bytes, with no text made of the key.
            switch walk.kind(key) == .string ? Self.role(ofPlain: walk.bytes(key)) : Self.role(of: walk.string(key)) {
            case .keywords: return isClean(value)
            case .data: return true
            case .examples: return kind == .array || walk.keys(of: value).allSatisfy { example in exampleIsClean(example + 1) }
            case .type: return kind == .array && walk.elements(of: value).allSatisfy(isKnownType)
            case .names: return kind == .object ? isClean(value, names: true) : isClean(value)
            }
        default:
            return true
        }
    }

    /// Whether the entry is a string naming one of `types`: a plain ASCII one told by its bytes.
    private func isKnownType(_ entry: Int) -> Bool {
        guard walk.kind(entry) == .string, walk.isASCII(entry) else { return walk.stringValue(entry).map(Self.types.contains) ?? false }
        let bytes = walk.bytes(entry)
        return Self.typeBytes.contains { type in type.withUnsafeBufferPointer { OutlineReferences.sameBytes($0, bytes) } }
    }

    /// An Example Object: only its own `$ref` is a reference, and it must stay in the document.
    private func exampleIsClean(_ example: Int) -> Bool {
        guard walk.kind(example) == .object, let reference = walk.member(example, "$ref") else { return true }
        return walk.stringValue(reference)?.hasPrefix("#") ?? false
    }

    /// Parameters the reader takes as they are: a list of objects (or `$ref`s to one) with a name and a
    /// known location.
    private mutating func parametersAreClean(_ value: Int?) -> Bool {
        guard let value else { return true }
        guard walk.kind(value) == .array else { return false }
        for element in walk.elements(of: value) {
            var parameter = element
            guard walk.kind(parameter) == .object else { return false }
            var found = walk.members(parameter, ["$ref", "name", "in"])
            if let reference = found[0], walk.kind(reference) == .string || walk.kind(reference) == .escapedString {
                guard let target = references.target(ofReferenceAt: reference), walk.kind(target) == .object else { return false }
                parameter = target
                found = walk.members(parameter, ["$ref", "name", "in"])
            }
            guard found[0] == nil, let name = found[1], walk.kind(name) == .string || walk.kind(name) == .escapedString,
                  let location = walk.stringValue(found[2]), Self.locations.contains(location)
            else { return false }
        }
        return true
    }

    /// Whether every requirement of an operation's `security` names a declared scheme.
    private func requirementsAreDeclared(_ value: Int?, schemes: Set<String>) -> Bool {
        guard let value else { return true }
        guard walk.kind(value) == .array else { return false }
        return walk.elements(of: value).allSatisfy { requirement in
            walk.kind(requirement) == .object
                && walk.keys(of: requirement).allSatisfy { schemes.contains(walk.string($0)) && walk.kind($0 + 1) == .array }
        }
    }
}
