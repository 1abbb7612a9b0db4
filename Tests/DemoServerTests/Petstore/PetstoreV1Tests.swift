import Testing
import JSON
@testable import DemoServer

/// `/petstore/v1`, as `specs/petstore-v1.json` describes it.
@Suite("Pet store v1")
struct PetstoreV1Tests {
    private let json = [("Content-Type", "application/json")]

    @Test func getStore() throws {
        try withServer { server throws in
            let response = try fetch(server, "/petstore/v1")
            #expect(response.status == 200)
            #expect(response.text == #"{"name":"Demo Pet Store","version":"1","petCount":6}"#)
            #expect(response.header("Deprecation") == nil)
            #expect(try fetch(server, "/petstore/v1/").body == response.body)
        }
    }

    @Test func listPetsShowsTheTagAndHonoursLimit() throws {
        try withServer { server throws in
            let pets = try #require(try fetch(server, "/petstore/v1/pets").json().arrayValue)
            #expect(pets.count == 6)
            #expect(pets[0] == ["id": 1, "name": "Rex", "tag": "dog"])
            #expect(pets.allSatisfy { $0.keys == ["id", "name", "tag"] })
            #expect(try fetch(server, "/petstore/v1/pets?limit=2").json().arrayValue?.count == 2)
            #expect(try fetch(server, "/petstore/v1/pets?limit=100").json().arrayValue?.count == 6)
        }
    }

    @Test(arguments: ["0", "101", "two", "-1"])
    func invalidLimitIs400(limit: String) throws {
        try withServer { server throws in
            let response = try fetch(server, "/petstore/v1/pets?limit=\(limit)")
            #expect(response.status == 400)
            #expect(try response.json() == ["code": 400, "message": .string("limit must be an integer from 1 to 100, not '\(limit)'")])
        }
    }

    @Test func createPetAnswers201WithTheNewPet() throws {
        try withServer { server throws in
            let response = try fetch(server, "/petstore/v1/pets", method: "POST", headers: json, body: Array(#"{"name":"Kiwi","tag":"bird"}"#.utf8))
            #expect(response.status == 201)
            #expect(response.text == #"{"id":7,"name":"Kiwi","tag":"bird"}"#)
            #expect(response.header("Location") == "/petstore/v1/pets/7")
            #expect(try fetch(server, "/petstore/v1/pets/7").text == response.text)
            #expect(try fetch(server, "/petstore/v1").json()["petCount"] == 7)
            let untagged = try fetch(server, "/petstore/v1/pets", method: "POST", body: Array(#"{"name":"Pip"}"#.utf8))
            #expect(untagged.status == 201, "no Content-Type is read as JSON")
            #expect(untagged.text == #"{"id":8,"name":"Pip"}"#)
        }
    }

    @Test(arguments: [
        (#"{"tag":"dog"}"#, "name is required"),
        (#"{"name":""}"#, "name must not be empty"),
        (#"{"name":7}"#, "name must be a string"),
        (#"{"name":"Rex","tag":["dog"]}"#, "tag must be a string"),
        ("[]", "the request body must be a JSON object"),
        ("", #"a request body is required, e.g. {"name":"Rex"}"#),
    ])
    func invalidNewPetIs400(body: String, message: String) throws {
        try withServer { server throws in
            let response = try fetch(server, "/petstore/v1/pets", method: "POST", headers: json, body: Array(body.utf8))
            #expect(response.status == 400)
            #expect(try response.json() == ["code": 400, "message": .string(message)])
            #expect(try fetch(server, "/petstore/v1").json()["petCount"] == 6, "nothing was added")
        }
    }

    @Test func badBodiesAreRefusedWithReasons() throws {
        try withServer { server throws in
            let notJSON = try fetch(server, "/petstore/v1/pets", method: "POST", headers: json, body: Array("{name".utf8))
            #expect(notJSON.status == 400)
            #expect(try notJSON.json()["message"]?.stringValue?.hasPrefix("the request body is not JSON: ") == true)
            let form = try fetch(server, "/petstore/v1/pets", method: "POST",
                                 headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Array("name=Rex".utf8))
            #expect(form.status == 415)
            #expect(try form.json() == ["code": 415, "message": "createPet takes application/json, not 'application/x-www-form-urlencoded'"])
            let long = try fetch(server, "/petstore/v1/pets", method: "POST", headers: json,
                                 body: Array(#"{"name":"\#(String(repeating: "é", count: 101))"}"#.utf8))
            #expect(try long.json() == ["code": 400, "message": "name must be at most 100 characters"])
        }
    }

    @Test func showPetById() throws {
        try withServer { server throws in
            #expect(try fetch(server, "/petstore/v1/pets/3").text == #"{"id":3,"name":"Luna","tag":"cat"}"#)
            let missing = try fetch(server, "/petstore/v1/pets/99")
            #expect(missing.status == 404)
            #expect(missing.text == #"{"code":404,"message":"no pet with id 99"}"#)
            let notANumber = try fetch(server, "/petstore/v1/pets/abc")
            #expect(notANumber.status == 400)
            #expect(try notANumber.json()["message"] == "petId must be an integer, not 'abc'")
        }
    }

    @Test func showOwner() throws {
        try withServer { server throws in
            #expect(try fetch(server, "/petstore/v1/pets/1/owner").text == #"{"name":"Ana Lima","email":"ana@example.com"}"#)
            #expect(try fetch(server, "/petstore/v1/pets/2/owner").text == #"{"name":"Ben Okafor","email":null}"#)
            let none = try fetch(server, "/petstore/v1/pets/4/owner")
            #expect(none.status == 404)
            #expect(try none.json()["message"] == "pet 4 has no owner on record")
            #expect(try fetch(server, "/petstore/v1/pets/99/owner").status == 404)
        }
    }

    @Test func otherMethodsAndPathsAnswerTheErrorShape() throws {
        try withServer { server throws in
            let delete = try fetch(server, "/petstore/v1/pets/1", method: "DELETE")
            #expect(delete.status == 405)
            #expect(delete.header("Allow") == "GET, HEAD")
            #expect(try delete.json() == ["code": 405, "message": "method DELETE not allowed for /petstore/v1/pets/1"])
            #expect(try fetch(server, "/petstore/v1/pets", method: "PUT").header("Allow") == "GET, HEAD, POST")
            let unknown = try fetch(server, "/petstore/v1/owners")
            #expect(unknown.status == 404)
            #expect(try unknown.json() == ["code": 404, "message": "no operation GET /owners in petstore v1"])
            #expect(try fetch(server, "/petstore/v1/pets/1", method: "HEAD").body.isEmpty)
        }
    }
}
