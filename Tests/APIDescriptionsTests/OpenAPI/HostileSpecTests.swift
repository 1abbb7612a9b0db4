import TestSupport
import Foundation
import Testing
import JSON
import Schemas
import FoundationFree
import APIDescriptions

/// Documents built to exhaust a reader, a validator or a renderer: each must load (or fail with one
/// clear error) in work that follows its size, and stop when cancelled.
@Suite struct HostileSpecTests {
    private func parse(_ text: String, cancellation: CancellationToken? = nil) throws -> OpenAPIDocument {
        try OpenAPIDocument.parse(JSONValue.parse(text), source: "hostile.json", cancellation: cancellation)
    }

    private func responseSchema(_ spec: OpenAPIDocument, _ name: String = "getH") throws -> JSONSchema {
        try #require(spec.operation(named: name)?.responses.first?.schema)
    }

    @Test func aSharedResponseIsReadOnceForAllItsUses() throws {
        // GIVEN 16 paths × 300 statuses, each a $ref to one response with a 2,000-property schema
        let spec = try parse(HostileDocuments.fanOutResponses(paths: 16, statuses: 300, properties: 2_000))
        // THEN every use is the same schema, not a copy of it
        let first = try #require(spec.operations.first?.responses.first?.schema)
        let last = try #require(spec.operations.last?.responses.last?.schema)
        #expect(first.isSame(as: last))
        #expect(last.properties.count == 2_000)
    }

    @Test(arguments: [(levels: 24, cycle: true), (levels: 30, cycle: false)])
    func anAllOfDiamondIsMergedAndCheckedOncePerSchema(levels: Int, cycle: Bool) throws {
        // GIVEN Dᵢ = allOf[Dᵢ₊₁, Eᵢ₊₁] (and Eᵢ alike), 2^levels paths to the last level
        let schema = try responseSchema(parse(HostileDocuments.allOfDiamond(levels: levels, cycle: cycle)))
        // THEN the merged view has both leaves' properties
        #expect(Set(schema.properties.map(\.name)) == ["xD", "xE"])
        // AND a value is checked against each schema once
        #expect(schema.validate(["xD": 1, "xE": 2]).isEmpty)
        #expect(schema.validate(["xD": "one"]).map(\.description) == ["xD: expected integer, found string \"one\""])
    }

    @Test func aLongAllOfChainLoadsWithItsMergeCut() throws {
        // GIVEN S0 = allOf[S1, {p0}], … 30,000 long (the fuzz target goes to 100,000)
        let schema = try responseSchema(parse(HostileDocuments.allOfChain(length: 30_000)))
        // THEN the view merges the first levels (up to the merge depth), not the whole chain, and says so
        let names = schema.properties.map(\.name)
        #expect(names.contains("p0") && names.contains("p1"))
        #expect(names.count < 100)
        #expect(!names.contains("p29999"))
        #expect(schema.incompleteness != nil)
        // AND a check cut short by the chain's length is no pass: it says where it stopped
        #expect(schema.validate(["p0": 1, "p1": 2]).map(\.expected) == ["a check to the end"])
        #expect(schema.validate(["p1": "x"]).map(\.path) == ["p1", ""])
    }

    @Test func manyPathAndOperationParametersMergeByKey() throws {
        // GIVEN 40,000 parameters on the path item, overridden and joined by 80,000 on its operation
        let spec = try parse(HostileDocuments.manyParameters(count: 40_000))
        let operation = try #require(spec.operation(named: "getM"))
        // THEN the path item's come first, overridden in place, then the operation's own
        #expect(operation.parameters.count == 80_000)
        #expect(operation.parameters.first?.name == "q0")
        #expect(operation.parameters.last?.name == "39999")
    }

    @Test func aHundredThousandValueEnumIsOneLookupPerItem() throws {
        let schema = try responseSchema(parse(HostileDocuments.enumBomb(values: 100_000)))
        let body = try JSONValue.parse(HostileDocuments.enumBombBody(values: 100_000, items: 100_000))
        #expect(schema.validate(body).isEmpty)
        let wrong = try JSONValue.parse(##"["v1","nope"]"##)
        #expect(schema.validate(wrong).map(\.path) == ["[1]"])
    }

    @Test func anAnyOfBombStopsAtTheBudgetAndAtCtrlC() throws {
        // GIVEN 4^12 branch attempts per item
        let schema = try responseSchema(parse(HostileDocuments.anyOfBomb(depth: 12, width: 4)))
        let body = try JSONValue.parse("[1,2,3]")
        // THEN a check ends (the budget counts every branch tried)
        _ = schema.validate(body)
        // AND a tripped token ends it as a cancellation
        let token = CancellationToken()
        token.cancel()
        let failures = schema.validate(body, cancellation: token)
        #expect(failures.count == 1 && failures.first?.isCancellation == true)
    }

    @Test func loadingStopsWhenCancelled() throws {
        let token = CancellationToken()
        token.cancel()
        let text = HostileDocuments.allOfChain(length: 2_000)
        #expect(throws: OpenAPIError.schema(.cancelled)) { try parse(text, cancellation: token) }
        #expect(throws: SchemaError.cancelled) {
            try SchemaDocument(document: JSONValue.parse(text), pointer: "#/components/schemas/S0", cancellation: token)
        }
    }

    @Test func mergesBeyondTheWorkLimitAreOneClearError() throws {
        // GIVEN 100 schemas that each extend one base of 50,000 properties
        let base = (0..<50_000).map { ##""b\##($0)":{"type":"string"}"## }.joined(separator: ",")
        let extensions = (0..<100).map { ##""X\##($0)":{"allOf":[{"$ref":"#/components/schemas/B"}],"properties":{"x":{"type":"string"}}}"## }
        let uses = (0..<100).map { ##"{"$ref":"#/components/schemas/X\##($0)"}"## }.joined(separator: ",")
        let text = ##"{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{"/h":{"get":{"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"anyOf":[\##(uses)]}}}}}}}},"##
            + ##""components":{"schemas":{"B":{"type":"object","properties":{\##(base)}},\##(extensions.joined(separator: ","))}}}"##
        let error = try #require(throws: OpenAPIError.self) { try parse(text) }
        #expect(error.description.contains("too costly to merge"))
    }

    @Test func aDiffOfTreesThatDifferEverywhereIsListedUpToItsCapAndCountedExactly() throws {
        // GIVEN 100 operations sharing a fan-3, depth-10 tree whose 59,049 leaves change type, its
        // components renamed (so no change is one of a shared component)
        let a = try parse(HostileDocuments.deepTree(fan: 3, depth: 10, operations: 100, leaf: "string"))
        let b = try parse(HostileDocuments.deepTree(fan: 3, depth: 10, operations: 100, leaf: "integer", prefix: "U"))
        let report = SpecDiff.report(a, b)
        // THEN the list stops at the cap and the counts are of every change
        #expect(report.changes.count == SpecDiff.changeLimit)
        #expect(report.total == 100 * 59_049)
        #expect(report.breaking == report.total)
        #expect(!report.cancelled && report.uncompared == 0)
    }

    @Test func theSameTreeOfSharedComponentsIsReportedOnceAtTheComponent() throws {
        // GIVEN the same tree, its components keeping their names: only T9's three leaves change
        let a = try parse(HostileDocuments.deepTree(fan: 3, depth: 10, operations: 100, leaf: "string"))
        let b = try parse(HostileDocuments.deepTree(fan: 3, depth: 10, operations: 100, leaf: "integer"))
        let report = SpecDiff.report(a, b)
        // THEN each change is listed and counted once, at T9, used by every operation
        #expect(report.changes.map { "\($0.operation): \($0.location) \($0.change)" }
            == (0..<3).map { "components.schemas.T9: T9.c\($0) type changed" })
        #expect(report.total == 3 && report.breaking == 3 && report.omittedCount == 0)
        #expect(report.changes.allSatisfy { $0.usedBy == (0..<100).map { "GET /t\($0)" } })
    }

    @Test func aBreakingChangeIsFoundAtAnyDepth() throws {
        let a = try parse(HostileDocuments.deepProperty(depth: 40, leaf: "string"))
        let b = try parse(HostileDocuments.deepProperty(depth: 40, leaf: "integer"))
        let changes = SpecDiff.compare(a, b)
        #expect(changes.count == 1)
        #expect(changes.first?.breaking == true)
        #expect(changes.first?.location == "response 200 body." + (0..<40).map { "n\($0)" }.joined(separator: "."))
    }

    @Test func twentyThousandStatusesMatchByKey() throws {
        let a = try parse(HostileDocuments.manyStatuses(count: 20_000))
        let b = try parse(HostileDocuments.manyStatuses(count: 20_000, first: 100_001))
        #expect(SpecDiff.compare(a, b).map { "\($0.location) \($0.change)" } == ["status 100000 removed", "status 120000 added"])
    }

    @Test func aDiffStopsWhenCancelled() throws {
        let a = try parse(HostileDocuments.deepTree(fan: 3, depth: 6, operations: 10, leaf: "string"))
        let b = try parse(HostileDocuments.deepTree(fan: 3, depth: 6, operations: 10, leaf: "integer"))
        let token = CancellationToken()
        token.cancel()
        #expect(SpecDiff.report(a, b, cancellation: token).cancelled)
    }
}
