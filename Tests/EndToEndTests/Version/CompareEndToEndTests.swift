import Foundation
import Testing

/// `compare SERVICE A B [CALL…]` through the built binary on the embedded demo: the change list on a pipe,
/// the difference with `--json`, raw paths and OpenAPI operations paired across a rename.
@Suite struct CompareEndToEndTests {
    @Test func refreshOnTwoVersionsOnAPipeIsTheChangeList() throws {
        // WHEN weather v1 and v2 are compared with stdout a pipe
        let result = try Apish.run(["-c", "compare weather v1 v2", "-c", "services"])
        // THEN the change list diff writes, and the active version is still v2
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("""
            ~ currentTemperature  type string → number  "63" → 63
            + currentConditions   added                 "Sunny"
            2 changes between weather v1 and v2

            """))
        #expect(result.stdout.contains("*  weather     v2"))
    }

    @Test func jsonCarriesTheStructuredDifference() throws {
        let result = try Apish.run(["--json", "-c", "compare weather v1 v2"])
        let line = try #require(result.jsonLines.first)
        #expect(line["ok"] as? Bool == true)
        let data = try #require(line["data"] as? [String: Any])
        #expect(data["a"] as? String == "v1")
        #expect(data["b"] as? String == "v2")
        #expect(data["requests"] as? [String] == ["GET /weather/v1 → 200", "GET /weather/v2 → 200"])
        let changes = try #require(data["changes"] as? [[String: Any]])
        #expect(changes.map { $0["path"] as? String } == ["currentTemperature", "currentConditions"])
        #expect(changes.map { $0["change"] as? String } == ["type", "added"])
        // and the command's own --json flag prints the same object as text
        let flag = try Apish.run(["-c", "compare weather v1 v2 --json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(flag.stdout.utf8)) as? [String: Any])
        #expect(object["count"] as? Int == 2)
        #expect(object["summary"] as? String == "2 changes between weather v1 and v2")
    }

    @Test func aRawPathAndAnOperationRenamedBetweenVersions() throws {
        let expected = """
            - tag      removed  "dog"
            + species  added    "dog"
            + status   added    "available"
            3 changes between petstore v1 and v2

            """
        for call in ["get /pets/1", "call showPetById 1", "call getPet 1"] {
            // WHEN the same pet is asked for on both versions, by path, by v1's operation and by v2's
            let result = try Apish.run(["-c", "locate services-openapi.json", "-c", "compare petstore v1 v2 \(call)"])
            // THEN each way finds the same pet on both sides and the same three changes
            #expect(result.status == 0, "\(call): \(result.stderr)")
            #expect(result.stdout.hasSuffix(expected), "\(call)")
        }
        let json = try Apish.run(["--json", "-c", "locate services-openapi.json", "-c", "compare petstore v1 v2 call showPetById 1"])
        let data = try #require(json.jsonLines.last?["data"] as? [String: Any])
        #expect(data["requests"] as? [String] == ["GET /petstore/v1/pets/1 → 200", "GET /petstore/v2/pets/1 → 200"])
    }

    @Test func anUnknownOperationOrCallIsOneClearError() throws {
        let unknown = try Apish.run(["-c", "locate services-openapi.json", "-c", "compare petstore v1 v2 call showPetByld 1"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("compare: neither petstore v1 nor petstore v2 has an operation 'showPetByld'; did you mean showPetById?"))
        let badCall = try Apish.run(["-c", "compare weather v1 v2 post /x"])
        #expect(badCall.status != 0)
        #expect(badCall.stderr.contains("compare: the call is refresh, get /path or call OPERATION, not 'post'"))
    }
}
