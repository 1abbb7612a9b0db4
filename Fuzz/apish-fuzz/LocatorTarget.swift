import Facade
import Foundation
import TestSupport

/// Locator documents (`Locator.parse`): generated from the locator's vocabulary (versions as numbers,
/// strings, calendar dates and nonsense; relative and absolute URLs; every optional field with right and
/// wrong types), a third of them damaged. No crash, no hang; a parsed locator answers every question
/// about its services without trapping.
struct LocatorTarget: FuzzTarget {
    let name = "locator"
    private let names = ["weather", "Weather", "stockQuote", "twit", "meetup", "", " ", "é\u{301}", "\u{1B}]0;x\u{7}",
                         "a/b", "\\u0000", "very-long-" + String(repeating: "n", count: 300)]
    private let versions = ["1", "2", "2.1", "\"v2\"", "\"2\"", "\"2022-11-28\"", "\"v\"", "\"\"", "-1", "1e308", "1e999",
                            "99999999999999999999", "0.0.0.1", "\"1.2.3.4.5.6\"", "true", "null", "{}", "[]", "\"v2.x\"",
                            "\"..\"", "\"9223372036854775808\""]
    private let urls = ["\"http://127.0.0.1:1/weather/v1\"", "\"weather/v2\"", "\"../x\"", "\"\"", "\"file:///etc/passwd\"",
                        "\"ftp://h/x\"", "\"http://[::1/x\"", "\"%%\"", "\"?q\"", "\"#f\"", "1", "null", "\"http://h/a/../../b\""]
    private let extras = [
        ", \"deprecated\": true", ", \"deprecated\": \"yes\"", ", \"sunset\": \"2027-06-30\"", ", \"sunset\": 5",
        ", \"description\": \"d\"", ", \"versioning\": {\"header\": \"X-Api-Version\"}", ", \"versioning\": {\"query\": 1}",
        ", \"versioning\": {\"accept\": \"application/vnd.v{version}+json\"}", ", \"versioning\": \"header\"",
        ", \"schema\": \"x.json#/a\"", ", \"openapi\": {}", ", \"name\": \"dup\"",
    ]

    mutating func generate(using random: inout SeededRandom) -> [UInt8] {
        var text = "{\"services\": ["
        let count = random.length(upTo: 40)
        for index in 0..<count {
            if index > 0 { text += "," }
            if random.chance(5) {
                text += random.pick(["1", "null", "\"x\"", "[]", "{}"])
                continue
            }
            var members: [String] = []
            if !random.chance(5) { members.append("\"name\": \"\(random.pick(names))\"") }
            if !random.chance(5) { members.append("\"url\": \(random.pick(urls))") }
            if !random.chance(5) { members.append("\"version\": \(random.pick(versions))") }
            text += "{" + members.shuffled(using: &random).joined(separator: ", ")
            for _ in 0..<random.below(3) { text += random.pick(extras) }
            text += "}"
        }
        text += "]" + (random.chance(5) ? ", \"services\": []" : "") + "}"
        if random.chance(5) { text = random.pick(["[]", "{}", "{\"services\": {}}", "null", ""]) }
        var bytes = Array(text.utf8)
        if random.chance(33) { bytes.mutate(using: &random, dictionary: (versions + urls + extras).map { Array($0.utf8) }) }
        return bytes
    }

    mutating func run(_ input: [UInt8]) throws(FuzzFailure) {
        let locator: Locator
        do {
            locator = try Locator.parse(Data(input), source: "http://127.0.0.1:1/services.json")
        } catch {
            _ = error.description
            return
        }
        for name in locator.serviceNames {
            let versions = locator.versions(of: name)
            guard let latest = locator.latest(of: name) else { throw FuzzFailure("service \(name) has no latest version") }
            if !versions.contains(latest.version) { throw FuzzFailure("latest of \(name) is not among its versions") }
            for entry in locator.entries(of: name) where locator.resolve(entry.key) == nil {
                throw FuzzFailure("\(entry.key) does not resolve")
            }
            _ = locator.canonicalName(of: name.uppercased())
        }
    }
}
