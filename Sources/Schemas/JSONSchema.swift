import FoundationFree
import JSON
/// One schema of a loaded document, as the rest of apish reads it: labels and order for rendering,
/// types for `help`, and `validate` for responses.
///
/// `$ref`s and `allOf` are merged into what this type shows (properties in document order, `required`
/// unioned), while validation checks every keyword where it was written. A value of this type is a
/// cheap handle into its document's schema graph; `$ref` cycles are references back into it.
public struct JSONSchema: Sendable {
    @usableFromInline package let graph: SchemaGraph
    let index: Int

    package init(graph: SchemaGraph, index: Int) {
        self.graph = graph
        self.index = index
    }

    package var view: SchemaView { graph.view(index) }

    /// The node validation starts from: the same for every stand-alone `$ref` to one schema.
    @usableFromInline package var node: Int { graph.target(index) }

    private func schema(_ index: Int) -> JSONSchema {
        JSONSchema(graph: graph, index: index)
    }

    /// Where the schema is written (`#/components/schemas/Pet`), after following a stand-alone `$ref`.
    public var pointer: String { graph.node(graph.target(index)).pointer.description }

    /// The schema as its document writes it, after following a stand-alone `$ref`.
    package var written: JSONValue? { graph.node(node).written }

    /// Whether the schema is read as its document's own (after following a stand-alone `$ref`): in the
    /// resource whose base is `documentBase` (no `$id` around it) and in `dialect`, with its assertions
    /// (no `$schema` around it that names another dialect or vocabulary).
    package func readsAsDocument(base documentBase: String, dialect: SchemaDialect) -> Bool {
        let node = graph.node(node)
        return node.base == documentBase && node.dialect == dialect && node.validates
    }

    /// The name the schema has by where it is declared (`Pet` for `#/components/schemas/Pet`,
    /// `#/$defs/Pet` or `#/definitions/Pet`), if any.
    public var name: String? { graph.viewField(index) { $0.name } }

    /// `Pet` when the schema (after a stand-alone `$ref`) is `#/components/schemas/Pet` of its document.
    package var componentName: String? {
        let tokens = graph.node(node).pointer.tokens
        guard tokens.count == 3, tokens[0] == "components", tokens[1] == "schemas" else { return nil }
        return tokens[2]
    }

    public var title: String? { graph.viewField(index) { $0.title } }
    public var description: String? { graph.viewField(index) { $0.description } }
    /// `format` (`date-time`, `uuid`, …): shown, not enforced.
    public var format: String? { graph.viewField(index) { $0.format } }
    /// The allowed JSON types (`integer` is a number without fraction), through `$ref`, `allOf` and an
    /// "or null" `anyOf`; `null` only when it is the one type. Empty allows any.
    public var types: [String] { graph.viewField(index) { $0.types } }
    /// The dialect the schema is written in (from its document, or its resource's `$schema`).
    public var dialect: SchemaDialect { graph.node(node).dialect }
    /// Whether `null` is allowed, however it is spelled: `nullable: true` (OpenAPI 3.0), a `null` type beside
    /// others, or an `anyOf`/`oneOf` of one schema and `{type: "null"}`. `types` then leaves `null` out.
    public var isNullable: Bool { graph.viewField(index) { $0.isNullable } }
    public var enumValues: [JSONValue]? { graph.viewField(index) { $0.enumValues } }
    public var constValue: JSONValue? { graph.viewField(index) { $0.constValue } }
    public var required: [String] { graph.viewField(index) { $0.required } }
    /// OpenAPI's `readOnly`: sent by the server only, so a request need not give it.
    public var isReadOnly: Bool { graph.viewField(index) { $0.readOnly } }
    /// OpenAPI's `writeOnly`: sent by the client only, so an answer need not hold it.
    public var isWriteOnly: Bool { graph.viewField(index) { $0.writeOnly } }

    /// Why the merged face of this schema is not all of it, or nil when it is: an `allOf`/`$ref` chain
    /// deeper than apish merges. Help, request checks and diffs say so rather than show a part as the whole.
    public var incompleteness: String? {
        graph.viewField(index) { $0.isCut } ? "its allOf/$ref chain nests more than \(SchemaGraph.mergeDepthLimit / 2) levels deep, past what apish merges" : nil
    }

    /// The properties in document order, merged through `$ref` and `allOf`.
    public var properties: [(name: String, schema: JSONSchema)] {
        graph.viewField(index) { $0.properties }.map { ($0.name, schema($0.schema)) }
    }

    /// The schema of one property, if declared.
    public func property(named name: String) -> JSONSchema? {
        graph.viewField(index) { $0.properties.first { $0.name == name } }.map { schema($0.schema) }
    }

    /// The schema of one property, declared here or, when not, by the first `anyOf`/`oneOf` alternative that
    /// declares it (how a `name=value` item of a body with alternatives is typed).
    public func property(namedInAnyAlternative name: String) -> JSONSchema? {
        if let declared = property(named: name) { return declared }
        for alternative in anyOf.isEmpty ? oneOf : anyOf {
            if let declared = alternative.property(named: name) { return declared }
        }
        return nil
    }

    /// False for `additionalProperties: false`: an object may hold only the declared `properties`.
    public var allowsAdditionalProperties: Bool { !graph.viewField(index) { $0.closed } }

    public var items: JSONSchema? { graph.viewField(index) { $0.items }.map(schema) }

    /// The types a value may have, through `anyOf`/`oneOf` alternatives as well: their union, empty when
    /// one of them takes any type.
    public var acceptedTypes: [String] {
        accepted(depth: 0).types
    }

    /// The values allowed, through "or null" and `anyOf`/`oneOf` alternatives that each list theirs (their
    /// union, in order); nil when some value is not listed.
    public var allowedValues: [JSONValue]? {
        accepted(depth: 0).values
    }

    private func accepted(depth: Int) -> (types: [String], values: [JSONValue]?) {
        let own = graph.viewField(index) { (types: $0.types, values: $0.enumValues) }
        if !own.types.isEmpty || own.values != nil || depth > 8 { return own }
        let alternatives = anyOf.isEmpty ? oneOf : anyOf
        guard !alternatives.isEmpty else { return ([], nil) }
        var types: [String] = []
        var values: [JSONValue]? = []
        var anyType = false
        for alternative in alternatives {
            let (branchTypes, branchValues) = alternative.accepted(depth: depth + 1)
            if branchTypes.isEmpty { anyType = true }
            for type in branchTypes where !types.contains(type) { types.append(type) }
            if let branchValues, values != nil {
                for value in branchValues where !(values ?? []).contains(value) { values?.append(value) }
            } else {
                values = nil
            }
        }
        return (anyType ? [] : types, values)
    }
    public var anyOf: [JSONSchema] { graph.viewField(index) { $0.anyOf }.map(schema) }
    public var oneOf: [JSONSchema] { graph.viewField(index) { $0.oneOf }.map(schema) }

    /// Whether both handles name the same schema of the same loaded document.
    public func isSame(as other: JSONSchema) -> Bool {
        graph === other.graph && node == other.node
    }

    /// Up to `limit` places where `value` does not match, in the built-in models' words
    /// (`price: expected number, found string "9.50"`); empty when it matches. A tripped `cancellation`
    /// gives `[DecodeFailure.cancelled]`.
    /// `use` says whether the value is sent (a `readOnly` property is then not required) or received (a
    /// `writeOnly` one is not).
    public func validate(_ value: JSONValue, limit: Int = 5, use: SchemaUse = .any, cancellation: CancellationToken? = nil) -> [DecodeFailure] {
        var validator = SchemaValidator(graph: graph, limit: limit, cancellation: cancellation, use: use)
        validator.check(value, against: index, path: ValuePath())
        return validator.failures
    }

    /// `validate(_:limit:use:cancellation:)` of a parsed document, read where it was parsed: no tree is built.
    /// A fast pass over the tape (`TapePlan`) answers first, once the graph has checked enough bytes for its
    /// plan to pay (`SchemaGraph.bytesBeforePlan`); only an answer it does not pass is checked by the full
    /// validator, which says what is wrong.
    public func validate(_ document: JSONDocument, limit: Int = 5, use: SchemaUse = .any, cancellation: CancellationToken? = nil) -> [DecodeFailure] {
        if let plan = graph.plan(forAnswerOf: document.data.count),
           plan.accepts(document, from: index, use: use, cancellation: cancellation) {
            return []
        }
        var validator = SchemaValidator(graph: graph, limit: limit, cancellation: cancellation, use: use)
        document.withTapeValue { validator.check($0, against: index, path: ValuePath()) }
        return validator.failures
    }

    /// Whether the fast pass alone finds `document` valid (false: invalid, or not for it to say).
    func passesFastCheck(_ document: JSONDocument, use: SchemaUse = .any, cancellation: CancellationToken? = nil) -> Bool {
        graph.tapePlan?.accepts(document, from: index, use: use, cancellation: cancellation) ?? false
    }
}
