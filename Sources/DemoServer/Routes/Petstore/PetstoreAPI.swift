import JSON
import HTTPServer

/// The demo pet store at `/petstore/v1/…`, `/petstore/v2/…` and `/petstore/v3/…`, behaving exactly as its OpenAPI
/// documents (`specs/petstore-v1.json`, `specs/petstore-v2.json`) say, errors included: every refusal
/// is the specs' `Error` object `{code, message}`. Both versions share one store of pets: the fixture
/// pets (`petstore/pets.json`) plus what this server instance has added or deleted since it started.
///
/// v1: `GET /` getStore · `GET /pets?limit` listPets · `POST /pets` createPet (201) ·
/// `GET /pets/{petId}` showPetById · `GET /pets/{petId}/owner` showOwner.
/// v2: `GET /` getStore (deprecated) · `GET /pets?species&limit` listPets (species required) ·
/// `POST /pets` createPet (200) · `GET /pets/{id}` getPet · `DELETE /pets/{id}` deletePet (204).
/// v3: v1's routes, with `GET /pets?pageSize`, `GET /pets/{petId}` named getPetById, a store without
/// `petCount`, and a new pet's status required.
struct PetstoreAPI {
    static let fixtureFile = "petstore/pets.json"
    /// `limit` runs from 1 to this, which is also the default: a list never exceeds the store's capacity.
    static let maximumLimit = PetLedger.capacity
    /// When v2's deprecated `getStore` was deprecated (RFC 9745: `@` and seconds since 1970):
    /// 2026-01-01T00:00:00Z.
    static let storeDeprecation = "@1767225600"

    let fixtures: FixtureStore
    let ledger: PetLedger

    func respond(to request: HTTPRequest) throws -> HTTPResponse? {
        let segments = request.pathSegments
        guard segments.count >= 2, segments[0] == "petstore", let version = PetstoreVersion(rawValue: segments[1]) else {
            return nil
        }
        do {
            return try route(request, version: version, path: Array(segments.dropFirst(2)))
        } catch let refusal as PetstoreRequestError {
            return refusal.response
        } catch let broken as FixtureError {
            return PetstoreRequestError(broken.description, status: 500).response
        }
    }

    private func route(_ request: HTTPRequest, version: PetstoreVersion, path: [String]) throws -> HTTPResponse {
        switch (path.count, path.first, version) {
        case (0, _, _):
            guard request.isRead else { return notAllowed(request, allow: "GET, HEAD") }
            return try store(version)
        case (1, "pets", _):
            if request.isRead { return try list(request, version: version) }
            guard request.method == "POST" else { return notAllowed(request, allow: "GET, HEAD, POST") }
            return try create(request, version: version)
        case (2, "pets", .v1), (2, "pets", .v3):
            guard request.isRead else { return notAllowed(request, allow: "GET, HEAD") }
            return try show(try id(path[1], version: version), version: version)
        case (2, "pets", .v2):
            if request.isRead { return try show(try id(path[1], version: version), version: version) }
            guard request.method == "DELETE" else { return notAllowed(request, allow: "GET, HEAD, DELETE") }
            return try delete(try id(path[1], version: version))
        case (3, "pets", .v1) where path[2] == "owner", (3, "pets", .v3) where path[2] == "owner":
            guard request.isRead else { return notAllowed(request, allow: "GET, HEAD") }
            return try owner(try id(path[1], version: version))
        default:
            let operationPath = "/" + path.joined(separator: "/")
            throw PetstoreRequestError("no operation \(request.method) \(operationPath) in petstore \(version.rawValue)", status: 404)
        }
    }

    /// getStore.
    private func store(_ version: PetstoreVersion) throws -> HTTPResponse {
        let count = ledger.pets(over: try fixturePets()).count
        var response = HTTPResponse.json(version == .v3
            ? ["name": "Demo Pet Store", "version": .int(3)]
            : ["name": "Demo Pet Store", "version": .string(version.number), "petCount": .int(count)])
        if version == .v2 {
            response.headers.append(("Deprecation", Self.storeDeprecation))
            response.headers.append(("Link", "</petstore/v2/pets>; rel=\"alternate\""))
        }
        return response
    }

    /// listPets: by ascending id, at most `limit`; v2 only of the required `species`.
    private func list(_ request: HTTPRequest, version: PetstoreVersion) throws -> HTTPResponse {
        var species: String?
        if version == .v2 {
            guard let wanted = nonEmpty(request.queryValue("species")) else {
                throw PetstoreRequestError("missing required query parameter 'species' (dog or cat)")
            }
            guard Pet.species.contains(wanted) else {
                throw PetstoreRequestError("species must be dog or cat, not '\(wanted.prefix(40))'")
            }
            species = wanted
        }
        var limit = Self.maximumLimit
        if let text = nonEmpty(request.queryValue(version.limitParameter)) {
            guard let value = Int(text), (1...Self.maximumLimit).contains(value) else {
                throw PetstoreRequestError("\(version.limitParameter) must be an integer from 1 to \(Self.maximumLimit), not '\(text.prefix(40))'")
            }
            limit = value
        }
        let pets = ledger.pets(over: try fixturePets()).filter { species == nil || $0.species == species }
        return .json(.array(pets.prefix(limit).map(version.render)))
    }

    /// createPet: 201 in v1, 200 in v2, with the new pet and its `Location`.
    private func create(_ request: HTTPRequest, version: PetstoreVersion) throws -> HTTPResponse {
        if let contentType = request.header("Content-Type"), !contentType.lowercased().contains("json") {
            throw PetstoreRequestError("createPet takes application/json, not '\(contentType.prefix(60))'", status: 415)
        }
        guard !request.body.isEmpty else {
            throw PetstoreRequestError("a request body is required, e.g. {\"name\":\"Rex\"}")
        }
        let body: JSONValue
        do {
            body = try JSONValue.parse(bytes: request.body)
        } catch {
            throw PetstoreRequestError("the request body is not JSON: \(error)")
        }
        let newPet = try version.newPet(from: body)
        switch ledger.add(over: try fixturePets(), newPet.pet(id:)) {
        case .success(let pet):
            var response = HTTPResponse.json(version.render(pet), status: version.createdStatus)
            response.headers.append(("Location", "/petstore/\(version.rawValue)/pets/\(pet.id)"))
            return response
        case .failure(.full):
            throw PetstoreRequestError("the store is full (\(PetLedger.capacity) pets); restart the server to reset it", status: 507)
        case .failure(.noIDsLeft):
            throw PetstoreRequestError("no pet ids left after the fixture's highest", status: 507)
        }
    }

    /// showPetById (v1), getPet (v2) and getPetById (v3).
    private func show(_ id: Int, version: PetstoreVersion) throws -> HTTPResponse {
        guard let pet = ledger.pet(id, over: try fixturePets()) else { throw Self.noPet(id) }
        return .json(version.render(pet))
    }

    /// deletePet (v2): 204 with no body.
    private func delete(_ id: Int) throws -> HTTPResponse {
        guard ledger.remove(id, over: try fixturePets()) else { throw Self.noPet(id) }
        return HTTPResponse(status: 204)
    }

    /// showOwner (v1 and v3).
    private func owner(_ id: Int) throws -> HTTPResponse {
        guard let pet = ledger.pet(id, over: try fixturePets()) else { throw Self.noPet(id) }
        guard let owner = pet.owner else {
            throw PetstoreRequestError("pet \(id) has no owner on record", status: 404)
        }
        return .json(["name": .string(owner.name), "email": owner.email.map(JSONValue.string) ?? .null])
    }

    private func id(_ text: String, version: PetstoreVersion) throws -> Int {
        guard let id = Int(text) else {
            throw PetstoreRequestError("\(version.idParameter) must be an integer, not '\(text.prefix(40))'")
        }
        return id
    }

    private static func noPet(_ id: Int) -> PetstoreRequestError {
        PetstoreRequestError("no pet with id \(id)", status: 404)
    }

    /// The pets of the fixture file; a broken file is a 500 naming the entry.
    private func fixturePets() throws -> [Pet] {
        guard let document = try fixtures.document(at: Self.fixtureFile) else {
            throw PetstoreRequestError("no fixture \(Self.fixtureFile)", status: 500)
        }
        guard let records = document.arrayValue else {
            throw FixtureError(path: Self.fixtureFile, reason: "not an array of pets")
        }
        do {
            return try records.map { record throws(PetRecordError) in try Pet(record: record) }
        } catch {
            throw FixtureError(path: Self.fixtureFile, reason: error.description)
        }
    }

    private func notAllowed(_ request: HTTPRequest, allow: String) -> HTTPResponse {
        var response = PetstoreRequestError("method \(request.method) not allowed for \(request.path)", status: 405).response
        response.headers.append(("Allow", allow))
        return response
    }
}
