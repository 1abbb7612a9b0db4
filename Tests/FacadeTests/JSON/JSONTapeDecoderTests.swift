@testable import DemoAPIs
@testable import Facade
import TestSupport
import DemoServer
import Foundation
import Testing
@testable import JSON

/// The models are decoded from the parsed document's tape instead of JSONDecoder over the bytes; these tests
/// hold the two to the same values and the same drift messages, on the demo's bodies and on every way they
/// can drift.
@Suite("Decoding models from a JSONDocument")
struct JSONTapeDecoderTests {
    /// Every demo body with the models it is decoded into.
    private static var cases: [(path: String, decoders: [(String, @Sendable (Data) -> String)])] { [
        ("weather/v1.json", [both(WeatherV1.self)]),
        ("weather/v2.json", [both(WeatherV2.self), both(WeatherV1.self)]),
        ("weather/v3.json", [both(WeatherV3.self), both(WeatherV2.self)]),
        ("stock/v1.json", [both(StockV1.self)]),
        ("stock/v2.json", [both(StockV2.self), both(StockV1.self)]),
        ("twit-api/twits.json", [both(Envelope<[Twit]>.self)]),
        ("twit-api/user.json", [both(Envelope<User>.self), both(Envelope<JSONValue>.self)]),
        ("meetup/groups.json", [both(GroupsPage.self)]),
    ] }

    /// A pair of decoders for one model, as one text per outcome: the value, or the drift message.
    private static func both<T: Decodable>(_ type: T.Type) -> (String, @Sendable (Data) -> String) {
        ("\(T.self)", { data in
            let foundation = outcome(data) { try JSONDecoder().decode(T.self, from: data) }
            let tape = outcome(data) { body in try JSONTapeDecoder().decode(T.self, from: body) }
            return foundation == tape ? "" : "JSONDecoder: \(foundation)\nJSONTapeDecoder: \(tape)"
        })
    }

    private static func outcome<T>(_ data: Data, _ decode: (JSONDocument) throws -> T) -> String {
        guard let body = try? JSONDocument.parse(data) else { return "unparsable" }
        do {
            return "value \(try decode(body))"
        } catch let error as DecodingError {
            return "failure \(ModelDecoding.failure(from: error, body: body))"
        } catch {
            return "error \(error)"
        }
    }

    private static func outcome<T>(_ data: Data, _ decode: () throws -> T) -> String {
        outcome(data) { _ in try decode() }
    }

    private func fixtures() throws -> [String: Data] {
        let scratch = try ScratchDirectory()
        try DemoFixtures.write(to: scratch.path)
        var bodies: [String: Data] = [:]
        for (path, _) in Self.cases {
            bodies[path] = try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/" + path))
        }
        return bodies
    }

    @Test func theDemoBodiesDecodeToTheSameModels() throws {
        // GIVEN the demo's bodies WHEN each is decoded both ways THEN the values are the same
        let bodies = try fixtures()
        for (path, decoders) in Self.cases {
            let data = try #require(bodies[path])
            for (name, differ) in decoders {
                let difference = differ(data)
                #expect(difference.isEmpty, "\(path) as \(name):\n\(difference)")
            }
        }
    }

    @Test func everyDriftGivesTheSameFailure() throws {
        // GIVEN each body with one member removed, nulled or given another type
        let bodies = try fixtures()
        let replacements: [JSONValue?] = [nil, .null, .string("63"), .string("x"), 1.5, 12, -3, true, [], [:],
                                          .number(JSONNumber(text: "1e400") ?? 0), .number(JSONNumber(text: "99999999999999999999") ?? 0)]
        var compared = 0
        for (path, decoders) in Self.cases {
            // A few elements of each array are enough, and keep the many re-encoded variants small.
            let body = Self.shortened(try JSONValue.parse(try #require(bodies[path])))
            for variant in Self.variants(of: body, replacements: replacements) {
                let data = Data(variant.encoded().utf8)
                for (name, differ) in decoders {
                    // THEN both decoders give the same value or the same drift message
                    let difference = differ(data)
                    #expect(difference.isEmpty, "\(path) as \(name), \(variant.encoded().prefix(200)):\n\(difference)")
                    compared += 1
                }
            }
        }
        #expect(compared > 500)
    }

    @Test func numbersConvertAsJSONDecoderConvertsThem() {
        for text in ["0", "-0", "7", "7.0", "7.5", "1e2", "1E-2", "-12.5e1", "9223372036854775807", "9223372036854775808",
                     "99999999999999999999", "1e400", "-1e400", "1e-400", "0e-400", "123456789012345678901234567890"] {
            let data = Data("{\"n\":\(text)}".utf8)
            struct Whole: Decodable { let n: Int }
            struct Real: Decodable { let n: Double }
            struct Lenient: Decodable { let n: LenientNumber }
            #expect(Self.both(Whole.self).1(data).isEmpty, "\(text) as Int")
            #expect(Self.both(Real.self).1(data).isEmpty, "\(text) as Double")
            #expect(Self.both(Lenient.self).1(data).isEmpty, "\(text) as LenientNumber")
        }
    }

    private static func shortened(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements): .array(elements.prefix(3).map(shortened))
        case .object(let object): .object(JSONObject(object.map { ($0.key, shortened($0.value)) }))
        default: value
        }
    }

    /// The body with, at every member of every object (array elements: the first two), each replacement.
    private static func variants(of value: JSONValue, replacements: [JSONValue?]) -> [JSONValue] {
        switch value {
        case .object(let object):
            var result: [JSONValue] = []
            for (key, member) in object {
                for replacement in replacements {
                    var changed = object
                    if let replacement {
                        changed[key] = replacement
                    } else {
                        changed[key] = nil
                    }
                    result.append(.object(changed))
                }
                for inner in variants(of: member, replacements: replacements) {
                    var changed = object
                    changed[key] = inner
                    result.append(.object(changed))
                }
            }
            return result
        case .array(let elements):
            var result: [JSONValue] = []
            for index in elements.indices.prefix(2) {
                for inner in variants(of: elements[index], replacements: replacements) {
                    var changed = elements
                    changed[index] = inner
                    result.append(.array(changed))
                }
            }
            return result
        default:
            return []
        }
    }
}
