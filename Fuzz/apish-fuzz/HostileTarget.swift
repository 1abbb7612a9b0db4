import APIDescriptions
import Foundation
import FoundationFree
import JSON
import Schemas
import TestSupport

/// Hostile OpenAPI documents (`HostileDocuments`: fan-out `$ref`s, `allOf` diamonds and chains, enum and
/// `anyOf` bombs, thousands of parameters and statuses, deep trees, control-laden text) at random sizes,
/// each read, described, checked against a body and compared with a variant of itself. Must end (the
/// watchdog), within the memory bound, and either load or fail with one line.
///
/// An input is the generator's number and three size bytes, so a failing one replays exactly.
struct HostileTarget: FuzzTarget {
    let name = "hostile"
    static let kinds = 9

    mutating func generate(using random: inout SeededRandom) -> [UInt8] {
        [UInt8(random.below(Self.kinds)), UInt8(random.below(256)), UInt8(random.below(256)), UInt8(random.below(256))]
    }

    mutating func run(_ input: [UInt8]) throws(FuzzFailure) {
        guard input.count >= 4 else { return }
        let (x, y, z) = (Int(input[1]), Int(input[2]), Int(input[3]))
        let pair: (String, String)
        var body = "{}"
        switch Int(input[0]) % Self.kinds {
        case 0:
            pair = (HostileDocuments.fanOutResponses(paths: 1 + x % 16, statuses: 1 + y, properties: 1 + z * 8),
                    HostileDocuments.fanOutResponses(paths: 1 + x % 16, statuses: 1 + y, properties: z * 8))
        case 1:
            pair = (HostileDocuments.allOfDiamond(levels: 1 + x % 48, cycle: y % 2 == 0),
                    HostileDocuments.allOfDiamond(levels: 1 + x % 48, cycle: y % 2 != 0))
            body = #"{"xD":1,"xE":"s"}"#
        case 2:
            pair = (HostileDocuments.allOfChain(length: 1 + x * 400), HostileDocuments.allOfChain(length: 1 + y * 40))
            body = #"{"p0":1,"p1":"x"}"#
        case 3:
            pair = (HostileDocuments.enumBomb(values: 1 + x * 400), HostileDocuments.enumBomb(values: 1 + y * 40))
            body = HostileDocuments.enumBombBody(values: 1 + x * 400, items: 1 + z * 400)
        case 4:
            pair = (HostileDocuments.anyOfBomb(depth: 1 + x % 14, width: 2 + y % 5), HostileDocuments.anyOfBomb(depth: 1 + z % 14, width: 2))
            body = "[" + Array(repeating: "1", count: 1 + z % 50).joined(separator: ",") + "]"
        case 5:
            pair = (HostileDocuments.manyParameters(count: 1 + x * 150), HostileDocuments.manyParameters(count: 1 + y * 150))
        case 6:
            // Components keeping their names are compared as shared ones; renamed, every path is a change.
            pair = (HostileDocuments.deepTree(fan: 1 + x % 4, depth: 1 + y % 12, operations: 1 + z % 100, leaf: "string"),
                    HostileDocuments.deepTree(fan: 1 + x % 4, depth: 1 + y % 12, operations: 1 + z % 100, leaf: "integer",
                                              prefix: x % 2 == 0 ? "T" : "U"))
        case 7:
            // Two levels of JSON a property, under the operation's nine: 240 stays inside the parser's 512.
            let depth = 1 + x % 240
            pair = (HostileDocuments.deepProperty(depth: depth, leaf: "string"), HostileDocuments.deepProperty(depth: depth, leaf: "integer"))
        default:
            pair = (HostileDocuments.manyStatuses(count: 1 + x * 80), HostileDocuments.escapeLaden())
        }
        let a: OpenAPIDocument
        let b: OpenAPIDocument
        do {
            a = try OpenAPIDocument.parse(JSONValue.parse(pair.0), source: "a.json")
            b = try OpenAPIDocument.parse(JSONValue.parse(pair.1), source: "b.json")
        } catch let error as OpenAPIError {
            if error.description.contains("\n") { throw FuzzFailure("a load error of more than one line: \(error)") }
            return
        } catch {
            throw FuzzFailure("a generated document is not JSON: \(error)")
        }
        let value = (try? JSONValue.parse(body)) ?? .null
        for operation in a.operations.prefix(20) {
            for response in operation.responses.prefix(20) {
                guard let schema = response.schema else { continue }
                _ = schema.typeDescription
                _ = schema.validate(value)
            }
        }
        let report = SpecDiff.report(a, b)
        if report.changes.count > SpecDiff.changeLimit { throw FuzzFailure("\(report.changes.count) changes listed, over the cap") }
        if report.total < report.changes.count { throw FuzzFailure("the total counts fewer changes than are listed") }
    }
}
