import FoundationFree
import JSON
import Schemas

/// The schemas two documents write the same way, found on their trees before any schema is compared, so
/// that `SchemaComparison` skips them: a pair that holds no change in anything it reaches gives none.
///
/// Two schemas are the same when every keyword that is not an annotation (`description`, `title`,
/// `example`, `examples`, `$comment`, `externalDocs`) is written alike, subschema by subschema and data
/// (`enum`, `const`, `default`) by JSON's equality, and every component they name by `$ref` (or by a
/// discriminator's mapping) is itself unchanged. A component is unchanged when it is the same in both and
/// all it names are unchanged: a greatest fixed point, so a cycle of components written alike holds.
///
/// Anything the comparison might read differently is never called the same: documents of other OpenAPI
/// versions or JSON Schema dialects, bundles of several files, schemas with identifiers (`$id`, anchors,
/// dynamic references), a `$ref` that leaves `#/components/schemas`, nesting deeper than `depthLimit`.
struct UnchangedSchemas {
    static let depthLimit = 128

    /// Components (of `#/components/schemas`) that are the same in both, through all they reach.
    let components: Set<String>
    /// What a schema read as each document's own is read in: no `$id` or `$schema` around it.
    private let baseA: String, baseB: String
    private let dialectA: SchemaDialect, dialectB: SchemaDialect

    /// Nil when the two trees may read alike text differently, or either is gone.
    init?(_ a: OpenAPIDocument, _ b: OpenAPIDocument, cancellation: CancellationToken? = nil) {
        guard let treeA = a.writtenTree, let treeB = b.writtenTree,
              Self.minorVersion(a.openAPIVersion) == Self.minorVersion(b.openAPIVersion),
              Self.sameData(treeA["jsonSchemaDialect"], treeB["jsonSchemaDialect"]),
              treeA[BundledReference.member] == nil, treeB[BundledReference.member] == nil
        else { return nil }
        baseA = SchemaGraphBuilder.documentBase(a.source.isEmpty ? nil : a.source)
        baseB = SchemaGraphBuilder.documentBase(b.source.isEmpty ? nil : b.source)
        dialectA = OpenAPIReader.dialect(of: treeA)
        dialectB = OpenAPIReader.dialect(of: treeB)
        guard case .object(let schemasA)? = treeA["components"]?["schemas"],
              case .object(let schemasB)? = treeB["components"]?["schemas"]
        else {
            components = []
            return
        }
        // Each component written alike, with the components it names.
        var named: [String: Set<String>] = [:]
        for (name, schemaA) in schemasA {
            if cancellation?.isCancelled == true { return nil }
            guard let schemaB = schemasB[name] else { continue }
            var names = Set<String>()
            if Self.same(schemaA, schemaB, depth: 0, naming: &names) { named[name] = names }
        }
        components = Self.unchanged(named)
    }

    /// Those of `named` (each component written alike, with the components it names) that name only ones
    /// kept: each that names one not kept is dropped, then those that name it, and so on (a worklist over
    /// who names whom, so a long chain is walked once).
    private static func unchanged(_ named: [String: Set<String>]) -> Set<String> {
        var namedBy: [String: [String]] = [:]
        var dropped: [String] = []
        for (name, names) in named {
            for other in names { namedBy[other, default: []].append(name) }
            if names.contains(where: { named[$0] == nil }) { dropped.append(name) }
        }
        var kept = Set(named.keys)
        while let name = dropped.popLast() {
            guard kept.remove(name) != nil else { continue }
            dropped += namedBy[name, default: []].filter(kept.contains)
        }
        return kept
    }

    /// Whether `a` and `b`, schemas written in place (an operation's own, a property's) rather than components,
    /// hold no change between them: they are the same and name only unchanged components. Never for a schema
    /// under another base or dialect (`$id`, draft 4's `id`, `$schema` around it), where the same `$ref` text
    /// names other schemas.
    func inPlaceAlike(_ a: JSONSchema, _ b: JSONSchema) -> Bool {
        guard b.componentName == nil, a.readsAsDocument(base: baseA, dialect: dialectA),
              b.readsAsDocument(base: baseB, dialect: dialectB), let valueA = a.written, let valueB = b.written
        else { return false }
        var names = Set<String>()
        return Self.same(valueA, valueB, depth: 0, naming: &names) && names.isSubset(of: components)
    }

    /// `3.0` of `3.0.3`: the versions of one minor read a schema alike.
    private static func minorVersion(_ version: String) -> Substring {
        version.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false).prefix(2).joined(separator: ".")[...]
    }

    /// How a keyword's value is compared, found among the few keywords of its length: a `switch` on the
    /// keyword compared it with up to fifty texts in turn, and a `Dictionary` hashed it (each about 1% of a
    /// Stripe diff's instructions; this, a third of either). A keyword not in the table is data.
    private enum Member {
        /// `description`, `title`, `example`, `examples`, `$comment`, `externalDocs`: not compared.
        case annotation
        /// `$id`, anchors, dynamic references, `$schema`: never called the same.
        case identifier
        case reference, discriminator
        /// Subschemas by member name (`properties`, `$defs`, …), or draft 4's `dependencies`.
        case namedSchemas
        /// A list of subschemas (`allOf`, `anyOf`, `oneOf`, `prefixItems`).
        case schemaList
        /// One subschema (`items`, `not`, …), or (`items` of older drafts) a list of them.
        case schema
        case data

        init(_ keyword: String) {
            self = Self.known.index.position(of: keyword).map { Self.known.members[$0] } ?? .data
        }

        /// The keywords, in a `WordIndex` (a lookup compares a text with the few of its length), and each one's
        /// kind at the same position.
        private static let known: (index: WordIndex, members: [Member]) = {
            let kinds: [(Member, [String])] = [
                (.annotation, ["description", "title", "example", "examples", "$comment", "externalDocs"]),
                (.namedSchemas, ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"]),
                (.schemaList, ["allOf", "anyOf", "oneOf", "prefixItems"]),
                (.schema, ["items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames",
                           "unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema"]),
                (.reference, ["$ref"]),
                (.discriminator, ["discriminator"]),
                (.identifier, ["$id", "id", "$anchor", "$dynamicAnchor", "$dynamicRef", "$recursiveRef", "$recursiveAnchor",
                               "$schema", "$vocabulary"]),
            ]
            let pairs = kinds.flatMap { member, keywords in keywords.map { ($0, member) } }
            return (WordIndex(pairs.map(\.0)), pairs.map(\.1))
        }()
    }

    /// Whether two schemas are written alike, annotations aside; the components they name go to `naming`.
    private static func same(_ a: JSONValue, _ b: JSONValue, depth: Int, naming names: inout Set<String>) -> Bool {
        guard depth < depthLimit else { return false }
        guard case .object(let objectA) = a, case .object(let objectB) = b else { return sameData(a, b) }
        var counted = 0
        for (keyword, valueA) in objectA {
            let member = Member(keyword)
            if member == .annotation { continue }
            guard member != .identifier, let valueB = objectB[keyword] else { return false }
            counted += 1
            let alike: Bool
            switch member {
            case .reference:
                guard case .string(let reference) = valueA, sameData(valueA, valueB),
                      let name = componentName(reference) else { return false }
                names.insert(name)
                alike = true
            case .discriminator:
                alike = sameDiscriminator(valueA, valueB, naming: &names)
            case .namedSchemas:
                alike = sameMembers(valueA, valueB) { same($0, $1, depth: depth + 1, naming: &names) }
            case .schemaList:
                alike = sameElements(valueA, valueB) { same($0, $1, depth: depth + 1, naming: &names) }
            case .schema:
                if case .array = valueA {
                    alike = sameElements(valueA, valueB) { same($0, $1, depth: depth + 1, naming: &names) }
                } else {
                    alike = same(valueA, valueB, depth: depth + 1, naming: &names)
                }
            case .data, .annotation, .identifier:
                alike = sameData(valueA, valueB)
            }
            guard alike else { return false }
        }
        return counted == objectB.count(where: { Member($0.key) != .annotation })
    }

    /// A discriminator's property and mapping alike; each mapping names a component (`Cat`, or a `$ref`).
    private static func sameDiscriminator(_ a: JSONValue, _ b: JSONValue, naming names: inout Set<String>) -> Bool {
        guard sameData(a, b) else { return false }
        guard case .object(let mapping)? = a["mapping"] else { return true }
        for (_, target) in mapping {
            guard case .string(let text) = target else { continue }
            let reference = text.contains("#") || text.contains("/") ? text : "#/components/schemas/" + text
            guard let name = componentName(reference) else { return false }
            names.insert(name)
        }
        return true
    }

    /// `Pet` of `#/components/schemas/Pet` (or of a pointer inside it); nil for any other reference.
    private static func componentName(_ reference: String) -> String? {
        guard reference.hasPrefix("#/components/schemas/"), let pointer = JSONPointer(reference), pointer.tokens.count >= 3
        else { return nil }
        return pointer.tokens[2]
    }

    private static func sameMembers(_ a: JSONValue, _ b: JSONValue, _ alike: (JSONValue, JSONValue) -> Bool) -> Bool {
        guard case .object(let membersA) = a, case .object(let membersB) = b, membersA.count == membersB.count else {
            return sameData(a, b)
        }
        for (name, valueA) in membersA {
            guard let valueB = membersB[name], alike(valueA, valueB) else { return false }
        }
        return true
    }

    private static func sameElements(_ a: JSONValue, _ b: JSONValue, _ alike: (JSONValue, JSONValue) -> Bool) -> Bool {
        guard case .array(let elementsA) = a, case .array(let elementsB) = b else { return sameData(a, b) }
        return elementsA.count == elementsB.count && zip(elementsA, elementsB).allSatisfy { alike($0, $1) }
    }

    /// Data alike by JSON's equality; two absent values are alike.
    private static func sameData(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case let (a?, b?): JSONEquality.equal(a, b)
        default: false
        }
    }
}
