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
    /// The entry each `$ref` seen names inside the document (nil when it names none), by its text.
    private var references: [String: Int?] = [:]
    /// The same for a `$ref` written without escapes, by a hash of its bytes, with the string entry it was
    /// first read from (whose bytes are compared, so a collision is only a miss): most documents write the
    /// same few thousand references many times, and this makes no text of them.
    private var referencesByBytes: [UInt64: (entry: Int, target: Int?)] = [:]
    /// The members of objects references go through, by name (`indexedMember`).
    private var indexes: [Int: [String: Int]] = [:]

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
    }

    mutating func outline(source: String) -> OpenAPIOutline? {
        guard walk.kind(0) == .object, member(0, "swagger") == nil, let paths = member(0, "paths"), walk.kind(paths) == .object,
              isClean(0)
        else { return nil }
        let schemes = securitySchemeNames()
        var operations: [OperationListing] = []
        // The path items and operations with servers of their own, with those alone, for the header.
        var served = JSONObject()
        var seenPaths = Set<String>()
        var operationIds = Set<String>()
        for key in keys(of: paths) {
            let path = walk.string(key)
            guard seenPaths.insert(path).inserted else { return nil }
            if path.hasPrefix("x-") { continue }
            let item = key + 1
            guard walk.kind(item) == .object, member(item, "$ref") == nil, parametersAreClean(member(item, "parameters")) else {
                return nil
            }
            var servedItem = JSONObject()
            if let servers = member(item, "servers") { servedItem["servers"] = walk.value(servers) }
            var methods = Set<String>()
            for methodKey in keys(of: item) {
                let name = walk.string(methodKey)
                guard methods.insert(name).inserted else { return nil }
                guard OpenAPIReader.methods.contains(name) else { continue }
                let operation = methodKey + 1
                guard walk.kind(operation) == .object, member(operation, "$ref") == nil, member(operation, "responses") != nil, parametersAreClean(member(operation, "parameters")),
                      requirementsAreDeclared(member(operation, "security"), schemes: schemes)
                else { return nil }
                let operationId = string(member(operation, "operationId"))
                if let operationId, !operationIds.insert(operationId).inserted { return nil }
                let tags = member(operation, "tags").map { tags in
                    walk.kind(tags) == .array ? elements(of: tags).compactMap(string) : []
                } ?? []
                operations.append(OperationListing(
                    method: HTTPMethod(rawValue: name), path: path, operationId: operationId,
                    summary: string(member(operation, "summary")), description: string(member(operation, "description")),
                    deprecated: member(operation, "deprecated").map { walk.kind($0) == .true } ?? false, tags: tags))
                if let servers = member(operation, "servers") {
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
        guard let components = member(0, "components"), walk.kind(components) == .object,
              let schemes = member(components, "securitySchemes"), walk.kind(schemes) == .object
        else { return [] }
        return Set(keys(of: schemes).map(walk.string))
    }

    /// The document's root members but its paths (of which `served`: the servers of path items and
    /// operations, for where requests go), components (of which its security schemes) and webhooks (of which
    /// their names), read as a whole document; nil when that read fails or warns.
    private func header(paths served: JSONObject, source: String) -> OpenAPIDocument? {
        var root = JSONObject()
        for key in keys(of: 0) {
            let name = walk.string(key)
            switch name {
            case "paths":
                root[name] = .object(served)
            case "components":
                var components = JSONObject()
                if walk.kind(key + 1) == .object, let schemes = member(key + 1, "securitySchemes") {
                    components["securitySchemes"] = walk.value(schemes)
                }
                root[name] = .object(components)
            case "webhooks":
                guard walk.kind(key + 1) == .object else { return nil }
                root[name] = .object(JSONObject(keys(of: key + 1).map { (walk.string($0), JSONValue.object([:])) }))
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
                if isContainer(element), !isClean(element) { return false }
                element = walk.next(element)
            }
            return true
        case .object:
            var key = entry + 1
            while key < end {
                let value = key + 1
                if names {
                    // `properties: {$ref: "#/…"}`, a map named by a reference (a property may be called `$ref`).
                    if isKey(key, "$ref"), walk.count(entry) == 1, string(value)?.hasPrefix("#") == true { return false }
                    if isContainer(value), !isClean(value) { return false }
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
            return !walk.string(key).hasPrefix("x-apish-")
        }
        if first == UInt8(ascii: "$") {
            let name = walk.string(key)
            if name == "$ref" { return kind == .string || kind == .escapedString ? resolves(value) : false }
            if Self.identifiers.contains(name) { return false }
            if name == "$defs", kind == .object { return isClean(value, names: true) }
            return !isContainer(value) || isClean(value)
        }
        switch kind {
        case .null:
            return !PublishedMistakes.structuralMembers.contains(walk.string(key))
        case .string, .escapedString:
            let isType = walk.kind(key) == .string ? Self.isType(walk.bytes(key)) : walk.string(key) == "type"
            return !isType || Self.types.contains(walk.string(value))
        case .array, .object:
            // Most members are keywords whose value is walked; the few names read otherwise are told by
            // their length and bytes before any text is made of the key.
            guard walk.kind(key) == .escapedString || Self.mayBeNotable(walk.bytes(key)) else {
                return isClean(value)
            }
            let name = walk.string(key)
            if DocumentMembers.data.contains(name) { return true }
            if name == DocumentMembers.examples {
                return kind == .array || keys(of: value).allSatisfy { example in exampleIsClean(example + 1) }
            }
            if name == "type" {
                return kind == .array && elements(of: value).allSatisfy { string($0).map(Self.types.contains) ?? false }
            }
            if kind == .object, DocumentMembers.nameMaps.contains(name) { return isClean(value, names: true) }
            return isClean(value)
        default:
            return true
        }
    }

    /// An Example Object: only its own `$ref` is a reference, and it must stay in the document.
    private func exampleIsClean(_ example: Int) -> Bool {
        guard walk.kind(example) == .object, let reference = member(example, "$ref") else { return true }
        return string(reference)?.hasPrefix("#") ?? false
    }

    /// Whether the `$ref` text at the string entry `entry` names a place in this document that exists.
    private mutating func resolves(_ entry: Int) -> Bool {
        guard walk.kind(entry) == .string else { return target(of: walk.string(entry)) != nil }
        let bytes = walk.bytes(entry)
        var hash = WordHash(seed: 0x9E37_79B9_7F4A_7C15)
        hash.add(UnsafeRawBufferPointer(bytes))
        if let known = referencesByBytes[hash.value] {
            let seen = walk.bytes(known.entry)
            if seen.count == bytes.count, let a = seen.baseAddress, let b = bytes.baseAddress, memcmp(a, b, bytes.count) == 0 {
                return known.target != nil
            }
            return target(of: walk.string(entry)) != nil
        }
        let target = target(of: walk.string(entry))
        referencesByBytes[hash.value] = (entry, target)
        return target != nil
    }

    /// The entry `$ref` text names in this document, or nil; nil too for a chain of `$ref`s that comes
    /// back on itself (`A: {$ref: B}, B: {$ref: A}`), which never reaches anything.
    private mutating func target(of reference: String) -> Int? {
        if let known = references[reference] { return known }
        // Unresolved while resolving: a chain that comes back here ends as nil.
        references[reference] = .some(nil)
        var target: Int?
        if reference.hasPrefix("#"), let pointer = JSONPointer(reference) {
            target = 0
            for token in pointer.tokens {
                guard let current = target else { break }
                switch walk.kind(current) {
                case .object: target = indexedMember(current, token)
                case .array:
                    target = Int(token).flatMap { index in
                        index >= 0 && index < walk.count(current) ? elements(of: current)[index] : nil
                    }
                default: target = nil
                }
            }
        }
        if let found = target, walk.kind(found) == .object, let next = string(member(found, "$ref")) {
            target = self.target(of: next) == nil ? nil : found
        }
        references[reference] = target
        return target
    }

    /// Parameters the reader takes as they are: a list of objects (or `$ref`s to one) with a name and a
    /// known location.
    private mutating func parametersAreClean(_ value: Int?) -> Bool {
        guard let value else { return true }
        guard walk.kind(value) == .array else { return false }
        for element in elements(of: value) {
            var parameter = element
            if walk.kind(parameter) == .object, let reference = string(member(parameter, "$ref")) {
                guard let target = target(of: reference) else { return false }
                parameter = target
            }
            guard walk.kind(parameter) == .object, member(parameter, "$ref") == nil, string(member(parameter, "name")) != nil,
                  let location = string(member(parameter, "in")), Self.locations.contains(location)
            else { return false }
        }
        return true
    }

    /// Whether every requirement of an operation's `security` names a declared scheme.
    private func requirementsAreDeclared(_ value: Int?, schemes: Set<String>) -> Bool {
        guard let value else { return true }
        guard walk.kind(value) == .array else { return false }
        return elements(of: value).allSatisfy { requirement in
            walk.kind(requirement) == .object
                && keys(of: requirement).allSatisfy { schemes.contains(walk.string($0)) && walk.kind($0 + 1) == .array }
        }
    }

    /// `member`, through an index of the object's keys made at its first look-up when it has many
    /// (`components.schemas`, which most references go through, has hundreds).
    private mutating func indexedMember(_ object: Int, _ name: String) -> Int? {
        guard walk.count(object) > 16 else { return member(object, name) }
        if let index = indexes[object] { return index[name] }
        var index: [String: Int] = [:]
        var key = object + 1
        let end = walk.next(object)
        while key < end {
            index[walk.string(key)] = key + 1
            key = walk.next(key + 1)
        }
        indexes[object] = index
        return index[name]
    }

    /// The value of the member named `name` (the last, when it repeats, as `JSONObject` reads it).
    private func member(_ object: Int, _ name: String) -> Int? {
        var name = name
        return name.withUTF8 { wanted in
            var found: Int?
            var key = object + 1
            let end = walk.next(object)
            while key < end {
                if isKey(key, wanted) { found = key + 1 }
                key = walk.next(key + 1)
            }
            return found
        }
    }

    private func isKey(_ key: Int, _ name: String) -> Bool {
        var name = name
        return name.withUTF8 { isKey(key, $0) }
    }

    private func isKey(_ key: Int, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        guard walk.kind(key) == .string else { return walk.string(key) == String(decoding: wanted, as: UTF8.self) }
        let bytes = walk.bytes(key)
        guard bytes.count == wanted.count else { return false }
        guard let start = bytes.baseAddress, let other = wanted.baseAddress else { return true }
        return memcmp(start, other, bytes.count) == 0
    }

    private func string(_ entry: Int?) -> String? {
        guard let entry, walk.kind(entry) == .string || walk.kind(entry) == .escapedString else { return nil }
        return walk.string(entry)
    }

    private func isContainer(_ entry: Int) -> Bool {
        walk.kind(entry) == .array || walk.kind(entry) == .object
    }

    /// An object's key entries, in order (each followed by its value).
    private func keys(of object: Int) -> [Int] {
        var keys: [Int] = []
        var key = object + 1
        let end = walk.next(object)
        while key < end {
            keys.append(key)
            key = walk.next(key + 1)
        }
        return keys
    }

    private func elements(of array: Int) -> [Int] {
        var elements: [Int] = []
        var element = array + 1
        let end = walk.next(array)
        while element < end {
            elements.append(element)
            element = walk.next(element)
        }
        return elements
    }
}
