import JSON
import Testing
@testable import Schemas

/// A long `enum` is hashed for checks when its graph settles for the first check, not when it is read: a
/// graph only compared (a spec diff) never hashes Stripe's lists of currencies and countries.
@Suite struct LongEnumTests {
    static let codes: [JSONValue] = (0..<40).map { .string("c\($0)") }

    @Test(arguments: [false, true])
    func aLongEnumIsHashedForTheFirstCheckOnly(onDemand: Bool) throws {
        let document = try SchemaDocument(document: ["type": "object", "properties": ["code": ["enum": .array(Self.codes)]]],
                                          readsOnDemand: onDemand)
        let graph = document.root.graph
        let node = try #require((0..<(onDemand ? 2 : graph.nodes.count)).map(graph.node).first { $0.enumValues != nil })
        if !onDemand { #expect(node.enumSet == nil) }
        #expect(document.validate(try JSONValue.parse(#"{"code": "c39"}"#)).isEmpty)
        #expect(!document.validate(try JSONValue.parse(#"{"code": "c40"}"#)).isEmpty)
        #expect(node.enumSet?.count == Self.codes.count)
    }
}
