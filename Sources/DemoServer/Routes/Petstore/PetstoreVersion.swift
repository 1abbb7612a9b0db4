/// What differs between the two versions of the pet store, as `specs/petstore-v1.json` and
/// `specs/petstore-v2.json` describe them: the shape of a pet, what creating one takes and answers,
/// the name of the id path parameter, and which operations exist.
enum PetstoreVersion: String, Sendable {
    case v1, v2

    /// The longest name or tag a new pet may have (`maxLength` in both specs).
    static let maximumTextLength = 100

    /// v1 answers a created pet with 201; v2 changed it to 200.
    var createdStatus: Int {
        self == .v1 ? 201 : 200
    }

    /// The id path parameter, for messages: v2 renamed `{petId}` to `{id}`.
    var idParameter: String {
        self == .v1 ? "petId" : "id"
    }

    /// The version number in `GET /`'s `version`.
    var number: String {
        self == .v1 ? "1" : "2"
    }

    /// v1: `{id, name, tag?}`. v2: `{id, name, species?, status}` (the tag is gone).
    func render(_ pet: Pet) -> JSON {
        var members: [(String, JSON)] = [("id", .int(pet.id)), ("name", .string(pet.name))]
        switch self {
        case .v1:
            if let tag = pet.tag { members.append(("tag", .string(tag))) }
        case .v2:
            if let species = pet.species { members.append(("species", .string(species))) }
            members.append(("status", .string(pet.status)))
        }
        return .object(members)
    }

    /// The pet a `POST /pets` body describes, or the 400 message saying what is wrong with it. v1 takes
    /// `{name, tag?}` (a tag of `dog` or `cat` is also the species); v2 takes `{name, species, status?}`
    /// and keeps the species as the tag, so v1 clients still see one.
    func newPet(from body: JSON) -> Result<NewPet, PetstoreRequestError> {
        guard case .object = body else { return .failure(.init("the request body must be a JSON object")) }
        let name: String
        switch text(body, "name") {
        case .failure(let error): return .failure(error)
        case .success(nil): return .failure(.init("name is required"))
        case .success(let value?):
            guard !value.isEmpty else { return .failure(.init("name must not be empty")) }
            name = value
        }
        switch self {
        case .v1:
            switch text(body, "tag") {
            case .failure(let error):
                return .failure(error)
            case .success(let tag):
                let species = tag.map { $0.lowercased() }.flatMap { Pet.species.contains($0) ? $0 : nil }
                return .success(NewPet(name: name, tag: tag, species: species, status: "available"))
            }
        case .v2:
            let species: String
            switch choice(body, "species", among: Pet.species) {
            case .failure(let error): return .failure(error)
            case .success(nil): return .failure(.init("species is required (dog or cat)"))
            case .success(let value?): species = value
            }
            switch choice(body, "status", among: Pet.statuses) {
            case .failure(let error):
                return .failure(error)
            case .success(let status):
                return .success(NewPet(name: name, tag: species, species: species, status: status ?? "available"))
            }
        }
    }

    /// An optional string member no longer than `maximumTextLength`.
    private func text(_ body: JSON, _ key: String) -> Result<String?, PetstoreRequestError> {
        switch body[key] {
        case nil:
            return .success(nil)
        case .string(let value)?:
            guard value.unicodeScalars.count <= Self.maximumTextLength else {
                return .failure(.init("\(key) must be at most \(Self.maximumTextLength) characters"))
            }
            return .success(value)
        default:
            return .failure(.init("\(key) must be a string"))
        }
    }

    /// An optional string member that must be one of `values`.
    private func choice(_ body: JSON, _ key: String, among values: [String]) -> Result<String?, PetstoreRequestError> {
        let allowed = values.joined(separator: " or ")
        switch body[key] {
        case nil:
            return .success(nil)
        case .string(let value)? where values.contains(value):
            return .success(value)
        case .string(let value)?:
            return .failure(.init("\(key) must be \(allowed), not '\(value.prefix(40))'"))
        default:
            return .failure(.init("\(key) must be a string: \(allowed)"))
        }
    }
}
