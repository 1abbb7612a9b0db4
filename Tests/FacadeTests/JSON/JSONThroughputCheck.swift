import Foundation
import Testing
import Facade

/// A by-hand speed comparison, not a timing assertion: run it with
/// `SWT_SWIFT_ERROR_BACKTRACING_ENABLED=0 APISH_JSON_THROUGHPUT=1 swift test -c release --filter JSONThroughputCheck`
/// and read the printed ratio. It asserts only that both parsers agree on the document. (Without the
/// first variable Swift Testing records a backtrace for every thrown error, which makes the probing
/// `AnyJSON` decode look another 10x slower than it is.)
@Suite struct JSONThroughputCheck {
    static let enabled = ProcessInfo.processInfo.environment["APISH_JSON_THROUGHPUT"] != nil

    /// About 5 MB of Meetup-like groups: nested objects, arrays, escapes, non-ASCII, numbers.
    static func document() -> Data {
        var groups: [JSONValue] = []
        var random = JSONTestRandom(seed: 42)
        while groups.count < 5_200 {
            let id = groups.count
            groups.append([
                "id": .number(JSONNumber(60_000 + id)),
                "name": .string("Group \(id) — Zürich \"Tech\" Meetup"),
                "urlname": .string("group-\(id)"),
                "link": .string("http://www.meetup.com/group-\(id)/"),
                "description": .string(String(repeating: "Talks, drinks and code.\nBring a friend. ", count: 8)),
                "city": "London", "country": "GB",
                "lat": .number(JSONNumber(Double.random(in: -90...90, using: &random)) ?? 0),
                "lon": .number(JSONNumber(Double.random(in: -180...180, using: &random)) ?? 0),
                "members": .number(JSONNumber(Int.random(in: 1...9_999, using: &random))),
                "rating": 4.37, "created": 1_034_097_734_000, "visibility": "public",
                "organizer": ["name": "Ada Lovelace", "member_id": 3_817_216],
                "category": ["id": 16, "name": "language/ethnic identity", "shortname": "language"],
                "topics": [["id": 185, "urlkey": "french", "name": "French Language"], ["id": 186, "urlkey": "tech", "name": "Tech"]],
                "group_photo": ["photo_link": "https://img.example/p.jpg", "photo_id": 929_867, "private": false, "thumb": nil],
            ])
        }
        let page: JSONValue = ["results": .array(groups), "meta": ["count": .number(JSONNumber(groups.count))]]
        return page.encodedData()
    }

    /// The typed model `JSONDecoder` is good at, for context: no probing, fixed fields.
    private struct TypedPage: Decodable {
        struct Group: Decodable {
            struct Topic: Decodable { let id: Int; let urlkey: String; let name: String }
            let id: Int
            let name: String
            let description: String
            let lat: Double
            let lon: Double
            let members: Int
            let topics: [Topic]
        }
        let results: [Group]
    }

    @Test(.enabled(if: enabled)) func parserThroughputAgainstJSONDecoder() throws {
        let data = Self.document()
        let clock = ContinuousClock()
        var parsed: JSONValue = nil
        let ours = try clock.measure {
            for _ in 0..<10 { parsed = try JSONValue.parse(data) }
        } / 10
        var decoded = AnyJSON.null
        let decoder = JSONDecoder()
        let probing = try clock.measure { decoded = try decoder.decode(AnyJSON.self, from: data) }
        var typed: TypedPage?
        let typedDuration = try clock.measure {
            for _ in 0..<3 { typed = try decoder.decode(TypedPage.self, from: data) }
        } / 3
        #expect(decoded.matches(parsed))
        #expect(typed?.results.count == parsed["results"]?.arrayValue?.count)
        let megabytes = Double(data.count) / 1_000_000
        func rate(_ duration: Duration) -> Double {
            megabytes / (Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
        }
        print(String(
            format: "JSON throughput on %.1f MB: JSONValue.parse %.0f MB/s; JSONDecoder→AnyJSON %.1f MB/s (%.0fx slower); "
                + "JSONDecoder→typed model %.0f MB/s (%.1fx slower)",
            megabytes, rate(ours), rate(probing), rate(ours) / rate(probing), rate(typedDuration), rate(ours) / rate(typedDuration)
        ))
    }
}
