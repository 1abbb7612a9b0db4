import Foundation
import JSON
import Testing
@testable import Schemas

/// A graph read on demand (`SchemaGraph.OnDemand`) reads only what a check reaches, says the same as one
/// read at once, and never passes what it could not read.
@Suite struct SchemaOnDemandTests {
    /// 200 components where each reaches the next (as Stripe's expandable fields make every schema reach
    /// every other), and a list of the first.
    static let chain: JSONValue = {
        var schemas: [(String, JSONValue)] = []
        for index in 0..<200 {
            schemas.append(("c\(index)", [
                "type": "object", "required": ["id"],
                "properties": ["id": ["type": "string"], "next": ["anyOf": [["type": "string"], ["$ref": .string("#/$defs/c\(index + 1)")]]]],
            ]))
        }
        schemas.append(("c200", ["type": "object"]))
        return ["type": "object", "properties": ["data": ["type": "array", "items": ["$ref": "#/$defs/c0"]]], "$defs": .object(JSONObject(schemas))]
    }()

    static func load(onDemand: Bool) throws -> SchemaDocument {
        try SchemaDocument(document: chain, readsOnDemand: onDemand)
    }

    @Test func aShortAnswerReadsOnlyTheSchemasItReaches() throws {
        let lazy = try Self.load(onDemand: true)
        let onDemand = try #require(lazy.root.graph.onDemand)
        #expect(onDemand.nodesGiven == 1)
        #expect(lazy.validate(try JSONValue.parse(#"{"data": []}"#)).isEmpty)
        let afterEmpty = onDemand.nodesGiven
        #expect(afterEmpty < 10, "\(afterEmpty)")
        #expect(lazy.validate(try JSONValue.parse(#"{"data": [{"id": "a", "next": "b"}]}"#)).isEmpty)
        // The expandable field's string branch passes: the schema behind its `$ref` is given a node, not read.
        #expect(onDemand.nodesGiven < 30, "\(onDemand.nodesGiven)")
        let eager = try Self.load(onDemand: false)
        #expect(eager.root.graph.onDemand == nil)
        #expect(eager.root.graph.nodes.count > 1_000)
    }

    @Test func itSaysWhatTheGraphReadAtOnceSays() throws {
        let lazy = try Self.load(onDemand: true)
        let eager = try Self.load(onDemand: false)
        for text in [
            #"{"data": [{"id": "a", "next": {"id": "b", "next": {"id": 3}}}]}"#,
            #"{"data": [{"next": "x"}, {"id": "y", "next": {"id": "z", "next": {"id": "w", "next": 7}}}]}"#,
            #"{"data": 1}"#,
        ] {
            let value = try JSONValue.parse(text)
            let said = lazy.validate(value, limit: 10)
            #expect(!said.isEmpty)
            #expect(said == eager.validate(value, limit: 10), "\(text)")
            #expect(lazy.validate(try JSONDocument.parse(Data(text.utf8)), limit: 10) == said)
        }
        // The merged faces agree too.
        let item = try #require(lazy.root.property(named: "data")?.items)
        let eagerItem = try #require(eager.root.property(named: "data")?.items)
        #expect(item.properties.map(\.name) == eagerItem.properties.map(\.name))
        #expect(item.required == eagerItem.required)
        #expect(item.name == "c0")
    }

    @Test func aSchemaThatCannotBeReadIsNeverAPass() throws {
        // GIVEN a document with a `$ref` to nothing, which a graph read at once refuses at load
        let document = try JSONValue.parse(##"{"properties": {"a": {"$ref": "#/$defs/missing"}, "b": {"properties": {"c": {"minLength": -1}}}}}"##)
        #expect(throws: SchemaError.self) { try SchemaDocument(document: document) }
        let lazy = try SchemaDocument(document: document, readsOnDemand: true)
        // THEN a value that does not reach it passes, one that does fails, and the graph says why
        #expect(lazy.validate(try JSONValue.parse(#"{"z": 1}"#)).isEmpty)
        #expect(!lazy.validate(try JSONValue.parse(#"{"a": 1}"#)).isEmpty)
        #expect(lazy.root.graph.onDemandFailure != nil)
        #expect(!lazy.validate(try JSONValue.parse(#"{"b": {"c": "x"}}"#)).isEmpty)
    }
}
