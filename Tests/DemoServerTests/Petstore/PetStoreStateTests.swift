import Foundation
import Testing
import JSON
@testable import DemoServer

/// The one store of pets behind both versions: shared between them, per server instance, bounded, and
/// overlaid on the fixture file without writing it.
@Suite("Pet store state")
struct PetStoreStateTests {
    private func post(_ server: DemoServer, _ version: String, _ body: String) throws -> TestResponse {
        try fetch(server, "/petstore/\(version)/pets", method: "POST", headers: [("Content-Type", "application/json")], body: Array(body.utf8))
    }

    @Test func bothVersionsSeeOneStore() throws {
        try withServer { server throws in
            #expect(try post(server, "v1", #"{"name":"Bruno","tag":"Dog"}"#).status == 201)
            #expect(try fetch(server, "/petstore/v2/pets/7").text == #"{"id":7,"name":"Bruno","species":"dog","status":"available"}"#)
            #expect(try fetch(server, "/petstore/v2/pets?species=dog").json().arrayValue?.last?["name"] == "Bruno")

            #expect(try post(server, "v2", #"{"name":"Mochi","species":"cat"}"#).status == 200)
            #expect(try fetch(server, "/petstore/v1/pets/8").text == #"{"id":8,"name":"Mochi","tag":"cat"}"#)

            #expect(try fetch(server, "/petstore/v2/pets/1", method: "DELETE").status == 204)
            #expect(try fetch(server, "/petstore/v1/pets/1").status == 404)
            #expect(try fetch(server, "/petstore/v1").json()["petCount"] == 7)
        }
    }

    @Test func aTagThatIsNoSpeciesLeavesThePetOutOfSpeciesLists() throws {
        try withServer { server throws in
            _ = try post(server, "v1", #"{"name":"Polly","tag":"parrot"}"#)
            #expect(try fetch(server, "/petstore/v2/pets/7").text == #"{"id":7,"name":"Polly","status":"available"}"#)
            for species in ["dog", "cat"] {
                let names = try fetch(server, "/petstore/v2/pets?species=\(species)").json().arrayValue?.map { $0["name"] }
                #expect(names?.contains("Polly") == false)
            }
        }
    }

    @Test func petsArePerServerInstance() throws {
        try withServer { first throws in
            _ = try post(first, "v1", #"{"name":"Solo"}"#)
            _ = try fetch(first, "/petstore/v2/pets/2", method: "DELETE")
            try withServer { second throws in
                #expect(try fetch(second, "/petstore/v1").json()["petCount"] == 6)
                #expect(try fetch(second, "/petstore/v1/pets/2").status == 200)
            }
        }
    }

    @Test func theStoreIsBoundedAndIdsAreNeverReused() throws {
        try withServer { server throws in
            let client = try TestHTTPClient(port: server.port)
            let headers = [("Content-Type", "application/json")]
            for index in 7...PetLedger.capacity {
                let response = try client.request("POST", "/petstore/v2/pets", headers: headers, body: Array(#"{"name":"Pet \#(index)","species":"dog"}"#.utf8))
                #expect(response.status == 200)
            }
            let full = try client.request("POST", "/petstore/v1/pets", headers: headers, body: Array(#"{"name":"One more"}"#.utf8))
            #expect(full.status == 507)
            #expect(try full.json() == ["code": 507, "message": "the store is full (100 pets); restart the server to reset it"])
            #expect(try client.request("GET", "/petstore/v1/pets").json().arrayValue?.count == 100)

            #expect(try client.request("DELETE", "/petstore/v2/pets/100").status == 204)
            let next = try client.request("POST", "/petstore/v1/pets", headers: headers, body: Array(#"{"name":"One more"}"#.utf8))
            #expect(next.status == 201)
            #expect(try next.json()["id"] == 101)
        }
    }

    @Test func aFixtureFolderSeedsTheStoreAndIsNeverWritten() throws {
        let folder = try makeTemporaryDirectory()
        defer { folder.cleanup() }
        try DemoFixtures.write(to: folder.path)
        let file = folder.path + "/petstore/pets.json"
        try #"[{"id":40,"name":"Ziggy","tag":"cat","species":"cat","status":"sold"}]"#.write(toFile: file, atomically: true, encoding: .utf8)
        try withServer(root: folder.path) { server throws in
            #expect(try fetch(server, "/petstore/v2/pets?species=cat").text == #"[{"id":40,"name":"Ziggy","species":"cat","status":"sold"}]"#)
            #expect(try post(server, "v1", #"{"name":"Next"}"#).json()["id"] == 41)
            #expect(try fetch(server, "/petstore/v2/pets/40", method: "DELETE").status == 204)
            #expect(try fetch(server, "/petstore/v1").json()["petCount"] == 1)
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("Ziggy"))
    }

    @Test(arguments: [
        (#"{"pets":[]}"#, "fixture petstore/pets.json: not an array of pets"),
        (#"[{"id":"1","name":"Rex"}]"#, "fixture petstore/pets.json: pet has no integer id"),
        (#"[{"id":1,"name":"Rex","tag":5}]"#, "fixture petstore/pets.json: pet 1: tag must be a string"),
        ("[{", "fixture petstore/pets.json: not valid JSON (line 1, column 3: unexpected end of input; expected a string key or '}')"),
    ])
    func aBrokenFixtureIsA500InTheErrorShape(contents: String, message: String) throws {
        let folder = try makeTemporaryDirectory()
        defer { folder.cleanup() }
        try DemoFixtures.write(to: folder.path)
        try contents.write(toFile: folder.path + "/petstore/pets.json", atomically: true, encoding: .utf8)
        try withServer(root: folder.path) { server throws in
            let response = try fetch(server, "/petstore/v1/pets")
            #expect(response.status == 500)
            #expect(try response.json() == ["code": 500, "message": .string(message)])
        }
    }

    @Test func idsSaturateInsteadOfTrapping() throws {
        let ledger = PetLedger()
        let last = Pet(id: Int.max, name: "Last", tag: nil, species: nil, status: "available", owner: nil)
        let result = ledger.add(over: [last]) { NewPet(name: "x", tag: nil, species: nil, status: "available").pet(id: $0) }
        #expect(result == .failure(.noIDsLeft))
    }
}
