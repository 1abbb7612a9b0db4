@testable import DemoAPIs
import Facade
import Foundation
import Testing
@testable import Shell

@Suite struct VersionDiffCommandTests {
    @Test func weatherV1AgainstV2ShowsTheRetypedAndTheAddedField() throws {
        let shell = try VersionShell()
        shell.run("use weather v1")
        let result = shell.run("diff weather v1 v2")
        #expect(result.ok)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines == [
            #"~ currentTemperature  type string → number  "63" → 63"#,
            #"+ currentConditions   added                 "Sunny""#,
            "2 changes between weather v1 and v2",
        ])
        // THEN the active version did not move
        #expect(shell.session.facade.workspace.activeVersion(of: "weather")?.description == "v1")
        #expect(shell.engine.prompt == "apish weather v1> ")
    }

    @Test func jsonListsEveryChangeWithBothSides() throws {
        let shell = try VersionShell(json: true)
        let line = try shell.json("diff weather v1 v2")
        #expect(line.value(atPath: "ok") == .bool(true))
        #expect(line.value(atPath: "data.count") == 2)
        #expect(line.value(atPath: "data.changes[0].path") == "currentTemperature")
        #expect(line.value(atPath: "data.changes[0].change") == "type")
        #expect(line.value(atPath: "data.changes[0].a") == "63")
        #expect(line.value(atPath: "data.changes[0].b") == 63)
        #expect(line.value(atPath: "data.changes[1].path") == "currentConditions")
        #expect(line.value(atPath: "data.changes[1].change") == "added")
        #expect(line.value(atPath: "data.changes[1].a") == .null)
        #expect(line.value(atPath: "data.changes[1].b") == "Sunny")
    }

    @Test func withoutVersionsTheTwoHighestAreCompared() throws {
        let shell = try VersionShell()
        let result = shell.run("diff stockQuote")
        #expect(result.ok)
        #expect(result.out.contains("~ currentPrice"))
        #expect(result.out.contains("type string → number"))
        #expect(result.out.contains("+ openingPrice"))
        #expect(result.out.contains("+ percentageChange"))
        #expect(result.out.contains("between stockQuote v1 and v2"))
    }

    @Test func schemaComparesTypesOnly() throws {
        let shell = try VersionShell()
        let result = shell.run("diff weather v1 v2 --schema")
        #expect(result.out.split(separator: "\n").map(String.init) == [
            "~ currentTemperature  type string → number",
            "+ currentConditions   added                 string",
            "2 schema changes between weather v1 and v2",
        ])
    }

    @Test func allShowsWhatStayedTheSameAndQueryGoesToBothSides() throws {
        let shell = try VersionShell()
        let result = shell.run("diff weather v1 v2 --all city==Boston")
        #expect(result.out.contains(#"= city"#))
        #expect(result.out.contains(#""Boston""#))
        #expect(result.out.contains("2 changes, 2 unchanged between weather v1 and v2"))
    }

    @Test func oneVersionIsComparedWithTheActiveOne() throws {
        let shell = try VersionShell()
        #expect(shell.run("diff weather v1").out.contains("between weather v1 and v2"))
        let same = shell.run("diff weather v2")
        #expect(!same.ok)
        #expect(same.err.contains("weather v2 is the active version; name the other too: diff weather v2 v1"))
    }

    @Test func aFailedFetchIsOneClearErrorLine() throws {
        let shell = try VersionShell()
        let result = shell.run("diff weather v1 v2 city==Atlantis")
        #expect(!result.ok)
        #expect(result.out.isEmpty)
        #expect(result.err == "error: cannot fetch weather v1 for diff: request error: HTTP 404 Not Found: unknown city 'Atlantis'\n")
    }

    @Test func refusalsNameTheWayOut() throws {
        let shell = try VersionShell()
        #expect(shell.run("diff twit").err.contains("twit has only v1 in the locator; nothing to compare it with"))
        #expect(shell.run("diff wether").err.contains("did you mean weather?"))
        #expect(shell.run("diff weather v1 v9").err.contains("weather has no version v9; available: v1, v2"))
        #expect(shell.run("diff").err.contains("usage: diff SERVICE"))
    }

    @Test func latestMeansTheHighestVersion() throws {
        let shell = try VersionShell(locator: "services-next.json")
        let result = shell.run("diff weather v2 latest")
        #expect(result.out.contains("+ humidity"))
        #expect(result.out.contains("+ forecast"))
        #expect(result.out.contains("between weather v2 and v3"))
    }

    @Test func driftNamesThePathAndSuggestsDiffAgainstThePreviousVersion() throws {
        // GIVEN a server whose weather v2 went back to string temperatures
        let folder = try VersionFixtureFolder()
        let v1 = try String(contentsOfFile: folder.path + "/weather/v1.json", encoding: .utf8)
        try folder.write("weather/v2.json", v1)
        let shell = try VersionShell(root: folder.path)
        // WHEN v2 is refreshed
        let refresh = shell.run("refresh weather")
        // THEN the error says where and what, and what to run next
        #expect(!refresh.ok)
        #expect(refresh.err.contains(#"weather v2: decode error: currentTemperature: expected number, found string "63""#))
        #expect(refresh.err.contains("try: diff weather v1 v2"))
        // AND diff still compares the bodies, warning that v2 does not decode
        let diff = shell.run("diff weather v1 v2")
        #expect(diff.ok)
        #expect(diff.out.contains("no changes between weather v1 and v2"))
        #expect(diff.err.contains("weather v2 does not decode into WeatherV2"))
    }

    @Test func arraysOfObjectsAreMatchedByID() throws {
        // GIVEN two versions of a timeline-shaped resource whose elements come in another order
        let folder = try VersionFixtureFolder()
        try folder.write("feed-a.json", #"{"data":[{"_id":"t1","likeCount":3},{"_id":"t2","likeCount":5}]}"#)
        try folder.write("feed-b.json", #"{"data":[{"_id":"t2","likeCount":5},{"_id":"t3","likeCount":0},{"_id":"t1","likeCount":4}]}"#)
        try folder.write("feeds.json", #"{"services":[{"name":"feed","version":1,"url":"feed-a.json"},{"name":"feed","version":2,"url":"feed-b.json"}]}"#)
        let shell = try VersionShell(root: folder.path, locator: "feeds.json")
        let result = shell.run("diff feed")
        #expect(result.out.split(separator: "\n").map(String.init) == [
            "~ data[_id=t1].likeCount  changed  3 → 4",
            #"+ data[_id=t3]            added    {"_id":"t3","likeCount":0}"#,
            "2 changes between feed v1 and v2",
        ])
    }
}
