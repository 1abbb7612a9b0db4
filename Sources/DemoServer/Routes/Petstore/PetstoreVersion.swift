import JSON

/// What differs between the versions of the pet store, as `specs/petstore-v1.json`, `…-v2.json` and
/// `…-v3.json` describe them: the shape of a pet, what creating one takes and answers, the name of the
/// id path parameter and of the page size, and which operations exist.
enum PetstoreVersion: String, Sendable {
    case v1, v2, v3

    /// The longest name or tag a new pet may have (`maxLength` in both specs).
    static let maximumTextLength = 100

    /// v1 and v3 answer a created pet with 201; v2 with 200.
    var createdStatus: Int {
        self == .v2 ? 200 : 201
    }

    /// The id path parameter, for messages: v2 renamed `{petId}` to `{id}`.
    var idParameter: String {
        self == .v2 ? "id" : "petId"
    }

    /// `listPets`' page size: v3 renamed `limit` to `pageSize`.
    var limitParameter: String {
        self == .v3 ? "pageSize" : "limit"
    }

    /// The version number in `GET /`'s `version` (a string before v3, an integer from v3 on).
    var number: String {
        switch self {
        case .v1: "1"
        case .v2: "2"
        case .v3: "3"
        }
    }

    /// v1: `{id, name, tag?}`. v2: `{id, name, species?, status}` (the tag is gone). v3: `{id, name,
    /// tag?, status}`, the tag being the species (`dog` or `cat`).
    func render(_ pet: Pet) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .int(pet.id)), ("name", .string(pet.name))]
        switch self {
        case .v1:
            if let tag = pet.tag { members.append(("tag", .string(tag))) }
        case .v2:
            if let species = pet.species { members.append(("species", .string(species))) }
            members.append(("status", .string(pet.status)))
        case .v3:
            if let species = pet.species { members.append(("tag", .string(species))) }
            members.append(("status", .string(pet.status)))
        }
        return .object(members)
    }

    /// The pet a `POST /pets` body describes, or the 400 saying what is wrong with it. v1 takes
    /// `{name, tag?}` (a tag of `dog` or `cat` is also the species); v2 takes `{name, species, status?}`
    /// and keeps the species as the tag, so v1 clients still see one; v3 takes `{name, tag?, status}`,
    /// its tag `dog` or `cat` (the species) and its status required.
    func newPet(from body: JSONValue) throws(PetstoreRequestError) -> NewPet {
        guard case .object = body else { throw .init("the request body must be a JSON object") }
        guard let name = try text(body, "name") else { throw .init("name is required") }
        guard !name.isEmpty else { throw .init("name must not be empty") }
        switch self {
        case .v1:
            let tag = try text(body, "tag")
            let species = tag.map { $0.lowercased() }.flatMap { Pet.species.contains($0) ? $0 : nil }
            return NewPet(name: name, tag: tag, species: species, status: "available")
        case .v2:
            guard let species = try choice(body, "species", among: Pet.species) else {
                throw .init("species is required (dog or cat)")
            }
            let status = try choice(body, "status", among: Pet.statuses) ?? "available"
            return NewPet(name: name, tag: species, species: species, status: status)
        case .v3:
            let tag = try choice(body, "tag", among: Pet.species)
            guard let status = try choice(body, "status", among: PetstoreSpecV3.newStatuses) else {
                throw .init("status is required (available or reserved)")
            }
            return NewPet(name: name, tag: tag, species: tag, status: status)
        }
    }

    /// An optional string member no longer than `maximumTextLength` code points (JSONValue Schema's
    /// `maxLength` counts those).
    private func text(_ body: JSONValue, _ key: String) throws(PetstoreRequestError) -> String? {
        switch body[key] {
        case nil:
            return nil
        case .string(let value)?:
            guard value.unicodeScalars.count <= Self.maximumTextLength else {
                throw .init("\(key) must be at most \(Self.maximumTextLength) characters")
            }
            return value
        default:
            throw .init("\(key) must be a string")
        }
    }

    /// An optional string member that must be one of `values`.
    private func choice(_ body: JSONValue, _ key: String, among values: [String]) throws(PetstoreRequestError) -> String? {
        let allowed = values.joined(separator: " or ")
        switch body[key] {
        case nil:
            return nil
        case .string(let value)? where values.contains(value):
            return value
        case .string(let value)?:
            throw .init("\(key) must be \(allowed), not '\(value.prefix(40))'")
        default:
            throw .init("\(key) must be a string: \(allowed)")
        }
    }
}
