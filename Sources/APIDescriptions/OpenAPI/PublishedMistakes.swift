import FoundationFree
import JSON
import Schemas

/// Mistakes published descriptions often make that peers (Swagger UI, http-prompt) read past, repaired
/// in the document before it is read, each said once with its place:
/// - a schema `type` written as a language's name for it (`int`, `integer32`, `long`, `float`, `double`,
///   `bool`, `str`) is the JSON Schema type it means;
/// - `null` where an object or list belongs (`content: null`, `schema: null`) is absent; `responses: null`
///   is no responses (one warning, where absent `responses` would bring the reader's own second one).
///
/// Example values (`example`, `examples`, `default`, `enum`, `const`) and extensions (`x-…`) are data,
/// never repaired. The walk copies only what it changes.
enum PublishedMistakes {
    static let typeNames: [String: String] = [
        "int": "integer", "integer32": "integer", "long": "integer", "float": "number", "double": "number",
        "bool": "boolean", "str": "string",
    ]
    /// The keys of `typeNames`, for the look at every `type` (which a dictionary would hash).
    static let mistakenTypes = WordIndex(Array(typeNames.keys))
    /// Members whose value is an object or a list wherever the document has them.
    static let structuralMembers: Set<String> = [
        "content", "responses", "schema", "parameters", "requestBody", "headers", "properties", "items",
        "servers", "security", "components", "schemas", "paths",
    ]

    /// The document repaired, and one line per mistake (`#/paths/~1pets/get/responses: null, read as
    /// absent`). A tripped `cancellation` stops the walk with `OpenAPIError.schema(.cancelled)`.
    static func repair(_ document: JSONValue, cancellation: CancellationToken? = nil) throws(OpenAPIError) -> (JSONValue, [String]) {
        // Most documents hold none: a look at every member, without the walk's places and reading of keys,
        // finds that out at a tenth of the walk's cost (Stripe's and GitHub's, 3% of a diff's instructions).
        guard try mayHoldMistakes(document, cancellation: cancellation) else { return (document, []) }
        var walk = Walk(document: document, cancellation: cancellation)
        guard let repaired = try walk.repair(document) else { return (document, walk.warnings) }
        return (repaired, walk.warnings)
    }

    /// Whether the walk may find a mistake in `value`: a member that is `null` under a structural key, a
    /// `type` that names a language's type, or a map of names written as a lone `$ref`, where the walk looks
    /// (not in data, extensions or Example Objects). False only when the walk would find none: it does what
    /// the walk does but keep its places and copy what it repairs. `keysAreNames`: as the walk's, `value` is
    /// a map of names (reached under `properties`, `paths`…).
    static func mayHoldMistakes(_ value: JSONValue, keysAreNames: Bool = false,
                                cancellation: CancellationToken?) throws(OpenAPIError) -> Bool {
        switch value {
        case .object(let object):
            if cancellation?.isCancelled == true { throw .schema(.cancelled) }
            let keys = object.keys, values = object.values
            if keysAreNames {
                // A lone `$ref` in place of the map is the mistake; its members are read as keywords.
                if keys.count == 1, keys[0] == "$ref" { return true }
                return try anyMayHoldMistakes(values, cancellation: cancellation)
            }
            for position in values.indices {
                switch values[position] {
                case .null:
                    if structuralMembers.contains(keys[position]) { return true }
                case .string(let name):
                    if keys[position] == "type", mistakenTypes.contains(name) { return true }
                case .object, .array:
                    // Data and Example Objects are left alone, by the walk as by the look.
                    let kind = DocumentMembers.kind(of: keys[position], member: values[position])
                    if kind == .data || kind == .exampleObjects { continue }
                    if try mayHoldMistakes(values[position], keysAreNames: kind == .names, cancellation: cancellation) { return true }
                default:
                    continue
                }
            }
            return false
        case .array(let elements):
            return try anyMayHoldMistakes(elements, cancellation: cancellation)
        default:
            return false
        }
    }

    /// Whether an object or a list among `values`, each read as keywords, may hold a mistake.
    private static func anyMayHoldMistakes(_ values: [JSONValue], cancellation: CancellationToken?) throws(OpenAPIError) -> Bool {
        for value in values {
            switch value {
            case .object, .array:
                if try mayHoldMistakes(value, cancellation: cancellation) { return true }
            default:
                continue
            }
        }
        return false
    }

    private struct Walk {
        let document: JSONValue
        let cancellation: CancellationToken?
        var tokens: [String] = []
        var warnings: [String] = []
        var visited = 0

        init(document: JSONValue, cancellation: CancellationToken?) {
            self.document = document
            self.cancellation = cancellation
        }

        /// Where the walk is, as the document wrote it (a bundled file's own address and pointer).
        var place: String {
            DocumentBundle.written(JSONPointer(tokens: tokens).description, in: document)
        }

        /// `keysAreNames`: the value is a map of names, whose members are never data or keywords.
        mutating func repair(_ value: JSONValue, keysAreNames: Bool = false) throws(OpenAPIError) -> JSONValue? {
            visited += 1
            if visited & 0xFFF == 0, cancellation?.isCancelled == true { throw .schema(.cancelled) }
            switch value {
            case .object(var object):
                var changed: JSONObject?
                // `properties: {$ref: …}`: the map itself named by a reference, which peers follow.
                if keysAreNames, object.count == 1, case .string(let reference)? = object["$ref"], reference.hasPrefix("#"),
                   case .object(let target)? = JSONPointer(reference)?.resolve(in: document) {
                    warnings.append("\(place): a $ref in place of a map of names; read as the map it names")
                    object = target
                    changed = target
                }
                var removed: [String] = []
                for (position, (key, member)) in object.enumerated() {
                    // Most members are scalars, which hold no mistake but these two: told apart before any
                    // key is looked up.
                    switch member {
                    case .object, .array:
                        break
                    case .null:
                        guard !keysAreNames, PublishedMistakes.structuralMembers.contains(key) else { continue }
                        tokens.append(key)
                        if key == "responses" {
                            // One mistake, one warning: absent, the reader would say again that there are none.
                            warnings.append("\(place): null, read as no responses; any answer is taken as it comes")
                            tokens.removeLast()
                            if changed == nil { changed = object }
                            changed?.replaceValue(at: position, with: .object([:]))
                            continue
                        }
                        warnings.append("\(place): null, read as absent")
                        tokens.removeLast()
                        removed.append(key)
                        continue
                    case .string(let name):
                        guard !keysAreNames, key == "type", let meant = PublishedMistakes.typeNames[name] else { continue }
                        tokens.append(key)
                        warnings.append("\(place): type \"\(name)\" is not a JSON Schema type; read as \"\(meant)\"")
                        tokens.removeLast()
                        if changed == nil { changed = object }
                        changed?.replaceValue(at: position, with: .string(meant))
                        continue
                    default:
                        continue
                    }
                    let kind = keysAreNames ? .keywords : DocumentMembers.kind(of: key, member: member)
                    if kind == .data || kind == .exampleObjects { continue }
                    tokens.append(key)
                    defer { tokens.removeLast() }
                    if keysAreNames {
                        guard let replacement = try repair(member) else { continue }
                        if changed == nil { changed = object }
                        changed?.replaceValue(at: position, with: replacement)
                        continue
                    }
                    guard let replacement = try repair(member, keysAreNames: kind == .names) else { continue }
                    if changed == nil { changed = object }
                    changed?.replaceValue(at: position, with: replacement)
                }
                if !removed.isEmpty {
                    if changed == nil { changed = object }
                    for key in removed { _ = changed?.removeValue(forKey: key) }
                }
                return changed.map(JSONValue.object)
            case .array(let elements):
                var changed: [JSONValue]?
                for (position, element) in elements.enumerated() {
                    guard Self.isContainer(element) else { continue }
                    tokens.append(String(position))
                    defer { tokens.removeLast() }
                    guard let replacement = try repair(element) else { continue }
                    if changed == nil { changed = elements }
                    changed?[position] = replacement
                }
                return changed.map(JSONValue.array)
            default:
                return nil
            }
        }

        static func isContainer(_ value: JSONValue) -> Bool {
            switch value {
            case .object, .array: true
            default: false
            }
        }

    }
}
