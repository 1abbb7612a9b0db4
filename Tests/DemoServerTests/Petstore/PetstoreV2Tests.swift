import Testing
import JSON
@testable import DemoServer

/// `/petstore/v2`, as `specs/petstore-v2.json` describes it: what changed from v1 really changed.
@Suite("Pet store v2")
struct PetstoreV2Tests {
    private let json = [("Content-Type", "application/json")]

    @Test func getStoreIsDeprecated() throws {
        try withServer { server throws in
            let response = try fetch(server, "/petstore/v2")
            #expect(response.status == 200)
            #expect(response.text == #"{"name":"Demo Pet Store","version":"2","petCount":6}"#)
            #expect(response.header("Deprecation") == "@1767225600")
        }
    }

    @Test func listPetsRequiresSpecies() throws {
        try withServer { server throws in
            for target in ["/petstore/v2/pets", "/petstore/v2/pets?species=", "/petstore/v2/pets?limit=2"] {
                let response = try fetch(server, target)
                #expect(response.status == 400, "\(target)")
                #expect(response.text == #"{"code":400,"message":"missing required query parameter 'species' (dog or cat)"}"#)
            }
            let fish = try fetch(server, "/petstore/v2/pets?species=fish")
            #expect(fish.status == 400)
            #expect(try fish.json()["message"] == "species must be dog or cat, not 'fish'")
            #expect(try fetch(server, "/petstore/v2/pets?species=dog&limit=0").status == 400)
        }
    }

    @Test func listPetsShowsSpeciesAndStatusButNoTag() throws {
        try withServer { server throws in
            let dogs = try #require(try fetch(server, "/petstore/v2/pets?species=dog").json().arrayValue)
            #expect(dogs.map { $0["name"]?.stringValue ?? "" } == ["Rex", "Fido", "Milo"])
            #expect(dogs[0] == ["id": 1, "name": "Rex", "species": "dog", "status": "available"])
            #expect(dogs[2]["status"] == "sold")
            #expect(dogs.allSatisfy { $0.keys == ["id", "name", "species", "status"] })
            let cats = try #require(try fetch(server, "/petstore/v2/pets?species=cat&limit=2").json().arrayValue)
            #expect(cats.map { $0["id"]?.intValue ?? 0 } == [2, 3])
        }
    }

    @Test func createPetAnswers200() throws {
        try withServer { server throws in
            let response = try fetch(server, "/petstore/v2/pets", method: "POST", headers: json, body: Array(#"{"name":"Kit","species":"cat"}"#.utf8))
            #expect(response.status == 200)
            #expect(response.text == #"{"id":7,"name":"Kit","species":"cat","status":"available"}"#)
            #expect(response.header("Location") == "/petstore/v2/pets/7")
            let sold = try fetch(server, "/petstore/v2/pets", method: "POST", headers: json,
                                 body: Array(#"{"name":"Bo","species":"dog","status":"sold"}"#.utf8))
            #expect(try sold.json()["status"] == "sold")
        }
    }

    @Test(arguments: [
        (#"{"name":"Kit"}"#, "species is required (dog or cat)"),
        (#"{"name":"Kit","tag":"cat"}"#, "species is required (dog or cat)"),
        (#"{"name":"Kit","species":"bird"}"#, "species must be dog or cat, not 'bird'"),
        (#"{"name":"Kit","species":"cat","status":"lost"}"#, "status must be available or sold, not 'lost'"),
        (#"{"name":"Kit","species":1}"#, "species must be a string: dog or cat"),
        (#"{"species":"cat"}"#, "name is required"),
    ])
    func invalidNewPetIs400(body: String, message: String) throws {
        try withServer { server throws in
            let response = try fetch(server, "/petstore/v2/pets", method: "POST", headers: json, body: Array(body.utf8))
            #expect(response.status == 400)
            #expect(try response.json() == ["code": 400, "message": .string(message)])
        }
    }

    @Test func getPetTakesTheRenamedIdParameter() throws {
        try withServer { server throws in
            #expect(try fetch(server, "/petstore/v2/pets/2").text == #"{"id":2,"name":"Tom","species":"cat","status":"sold"}"#)
            #expect(try fetch(server, "/petstore/v2/pets/99").text == #"{"code":404,"message":"no pet with id 99"}"#)
            #expect(try fetch(server, "/petstore/v2/pets/x").json()["message"] == "id must be an integer, not 'x'")
        }
    }

    @Test func deletePetAnswers204ThenTheIdIsGone() throws {
        try withServer { server throws in
            let deleted = try fetch(server, "/petstore/v2/pets/6", method: "DELETE")
            #expect(deleted.status == 204)
            #expect(deleted.body.isEmpty)
            #expect(deleted.header("Content-Length") == nil)
            let again = try fetch(server, "/petstore/v2/pets/6", method: "DELETE")
            #expect(again.status == 404)
            #expect(again.text == #"{"code":404,"message":"no pet with id 6"}"#)
            #expect(try fetch(server, "/petstore/v2/pets/6").status == 404)
            #expect(try fetch(server, "/petstore/v2").json()["petCount"] == 5)
            #expect(try fetch(server, "/petstore/v2/pets/1", method: "PUT").header("Allow") == "GET, HEAD, DELETE")
        }
    }

    @Test func theOwnerRouteIsGone() throws {
        try withServer { server throws in
            let response = try fetch(server, "/petstore/v2/pets/1/owner")
            #expect(response.status == 404)
            #expect(try response.json() == ["code": 404, "message": "no operation GET /pets/1/owner in petstore v2"])
        }
    }

    @Test func otherVersionsAreNotThePetStore() throws {
        try withServer { server throws in
            let response = try fetch(server, "/petstore/v4/pets")
            #expect(response.status == 404)
            #expect(try response.decode(ServerErrorBody.self).error == "no route for GET /petstore/v4/pets")
        }
    }
}
