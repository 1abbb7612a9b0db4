import Testing
import JSON
@testable import DemoServer

/// `specs/petstore-v1.json` and `specs/petstore-v2.json`: well-formed, different where the API changed,
/// and true: every answer of the server matches the schema its spec declares for that status.
@Suite("Pet store OpenAPI specs")
struct PetstoreSpecTests {
    /// One request to the pet store and the operation of the spec it exercises.
    private struct Call: Sendable {
        let method: String
        let path: String
        var body = ""

        init(_ method: String, _ path: String, _ body: String = "") {
            self.method = method
            self.path = path
            self.body = body
        }
    }

    private static let v1Calls = [
        Call("GET", "/"), Call("GET", "/pets"), Call("GET", "/pets?limit=1"), Call("GET", "/pets?limit=0"),
        Call("POST", "/pets", #"{"name":"Kiwi","tag":"bird"}"#), Call("POST", "/pets", "{}"), Call("POST", "/pets", "nope"),
        Call("GET", "/pets/1"), Call("GET", "/pets/7"), Call("GET", "/pets/99"), Call("GET", "/pets/x"),
        Call("GET", "/pets/1/owner"), Call("GET", "/pets/2/owner"), Call("GET", "/pets/4/owner"), Call("PUT", "/pets"),
    ]

    private static let v2Calls = [
        Call("GET", "/"), Call("GET", "/pets?species=dog"), Call("GET", "/pets?species=cat&limit=1"), Call("GET", "/pets"),
        Call("GET", "/pets?species=fish"), Call("POST", "/pets", #"{"name":"Kit","species":"cat"}"#),
        Call("POST", "/pets", #"{"name":"Kit"}"#), Call("GET", "/pets/2"), Call("GET", "/pets/99"),
        Call("DELETE", "/pets/7"), Call("DELETE", "/pets/7"), Call("PATCH", "/pets/1"),
    ]

    @Test(arguments: ["v1", "v2"])
    func servedAsJSONWithInfoServersAndOperations(version: String) throws {
        try withServer { server throws in
            let response = try fetch(server, "/specs/petstore-\(version).json")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            let spec = try response.json()
            #expect(spec["openapi"] == (version == "v1" ? "3.0.3" : "3.1.0"))
            #expect(spec["info"]?["title"] == "Demo Pet Store")
            #expect(spec["info"]?["version"] == (version == "v1" ? "1.0.0" : "2.0.0"))
            #expect(spec["servers"] == [["url": .string("/petstore/\(version)"), "description": "the demo server"]])
            for operation in Self.operations(of: spec) {
                #expect(operation.body["summary"]?.stringValue?.isEmpty == false, "\(operation.id)")
                #expect(operation.body["responses"]?["default"] != nil, "\(operation.id)")
            }
            #expect(Self.danglingReferences(in: spec, of: spec) == [])
        }
    }

    @Test func operationsPerVersion() throws {
        try withServer { server throws in
            let v1 = Self.operations(of: try fetch(server, "/specs/petstore-v1.json").json())
            let v2 = Self.operations(of: try fetch(server, "/specs/petstore-v2.json").json())
            #expect(v1.map { "\($0.method) \($0.path) \($0.id)" } == [
                "GET / getStore", "GET /pets listPets", "POST /pets createPet",
                "GET /pets/{petId} showPetById", "GET /pets/{petId}/owner showOwner",
            ])
            #expect(v2.map { "\($0.method) \($0.path) \($0.id)" } == [
                "GET / getStore", "GET /pets listPets", "POST /pets createPet",
                "GET /pets/{id} getPet", "DELETE /pets/{id} deletePet",
            ])
            #expect(v1.filter { $0.body["deprecated"] == true }.isEmpty)
            #expect(v2.filter { $0.body["deprecated"] == true }.map(\.id) == ["getStore"])
        }
    }

    @Test func v2ChangesWhatADiffShouldFind() throws {
        try withServer { server throws in
            let v1 = try fetch(server, "/specs/petstore-v1.json").json()
            let v2 = try fetch(server, "/specs/petstore-v2.json").json()
            #expect(v1.resolving(pointer: "/paths/~1pets/post/responses")?.keys == ["201", "400", "default"])
            #expect(v2.resolving(pointer: "/paths/~1pets/post/responses")?.keys == ["200", "400", "default"])
            #expect(v1.resolving(pointer: "/paths/~1pets~1{petId}/get/parameters/0/name") == "petId")
            #expect(v2.resolving(pointer: "/paths/~1pets~1{id}/get/parameters/0/name") == "id")
            let species = try #require(v2.resolving(pointer: "/paths/~1pets/get/parameters/0"))
            #expect(species["name"] == "species" && species["in"] == "query" && species["required"] == true)
            #expect(species["schema"]?["enum"] == ["dog", "cat"])
            #expect(v1.resolving(pointer: "/paths/~1pets/get/parameters")?.arrayValue?.count == 1)
            #expect(v1.resolving(pointer: "/components/schemas/Pet/properties")?.keys == ["id", "name", "tag"])
            #expect(v2.resolving(pointer: "/components/schemas/Pet/properties")?.keys == ["id", "name", "species", "status"])
            #expect(v2.resolving(pointer: "/components/schemas/Pet/properties/status/enum") == ["available", "sold"])
            #expect(v2.resolving(pointer: "/components/schemas/NewPet/required") == ["name", "species"])
            #expect(v2.resolving(pointer: "/paths/~1pets~1{id}/delete/responses/204") != nil)
            #expect(v2.resolving(pointer: "/components/schemas/Owner") == nil)
            #expect(v1.resolving(pointer: "/components/schemas/Owner/properties/email/nullable") == true)
        }
    }

    @Test(arguments: ["v1", "v2"])
    func everyAnswerMatchesItsSpec(version: String) throws {
        try withServer { server throws in
            let spec = try fetch(server, "/specs/petstore-\(version).json").json()
            var exercised: Set<String> = []
            for call in version == "v1" ? Self.v1Calls : Self.v2Calls {
                let response = try fetch(server, "/petstore/\(version)" + (call.path == "/" ? "" : call.path), method: call.method,
                                         headers: [("Content-Type", "application/json")], body: Array(call.body.utf8))
                let label = "\(call.method) \(call.path) → \(response.status)"
                let pathOnly = String(call.path.prefix { $0 != "?" })
                let operation = Self.operations(of: spec).first { $0.matches(pathOnly) && $0.method == call.method }
                if let operation { exercised.insert(operation.id) }
                // A method the path does not offer (405) is held to the path's `default` response.
                let responses = (operation ?? Self.operations(of: spec).first { $0.matches(pathOnly) })?.body["responses"]
                let declared = responses?[String(response.status)] ?? responses?["default"]
                let responseObject = try #require(declared, "\(label): no declared response")
                guard let schema = responseObject["content"]?["application/json"]?["schema"] else {
                    #expect(response.body.isEmpty, "\(label): the spec declares no body")
                    continue
                }
                #expect(response.header("Content-Type") == "application/json", "\(label)")
                #expect(SchemaCheck(document: spec).violations(of: try response.json(), against: schema) == [], "\(label)")
            }
            #expect(exercised == Set(Self.operations(of: spec).map(\.id)), "every operation was called")
        }
    }

    @Test func theCheckerCatchesAV1PetAgainstV2() throws {
        try withServer { server throws in
            let v2 = try fetch(server, "/specs/petstore-v2.json").json()
            let v1Pet = try fetch(server, "/petstore/v1/pets/1").json()
            let pet = try #require(v2.resolving(pointer: "#/components/schemas/Pet"))
            #expect(SchemaCheck(document: v2).violations(of: v1Pet, against: pet) == ["status: required, missing"])
        }
    }

    /// One operation of a spec, in document order.
    private struct Operation {
        let method: String
        let path: String
        let id: String
        let body: JSONValue

        /// Whether a concrete path (`/pets/7`) is an instance of this operation's template (`/pets/{id}`).
        func matches(_ concrete: String) -> Bool {
            let template = path.split(separator: "/")
            let segments = concrete.split(separator: "/")
            return template.count == segments.count
                && zip(template, segments).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }
    }

    private static func operations(of spec: JSONValue) -> [Operation] {
        (spec["paths"]?.objectValue ?? [:]).flatMap { path, item in
            (item.objectValue ?? [:]).compactMap { method, body in
                body["operationId"]?.stringValue.map { Operation(method: method.uppercased(), path: path, id: $0, body: body) }
            }
        }
    }

    /// Every `$ref` in `value` that does not resolve within `spec`.
    private static func danglingReferences(in value: JSONValue, of spec: JSONValue) -> [String] {
        switch value {
        case .object(let members):
            return members.flatMap { key, member -> [String] in
                if key == "$ref", let reference = member.stringValue {
                    return spec.resolving(pointer: reference) == nil ? [reference] : []
                }
                return danglingReferences(in: member, of: spec)
            }
        case .array(let items):
            return items.flatMap { danglingReferences(in: $0, of: spec) }
        default:
            return []
        }
    }
}
