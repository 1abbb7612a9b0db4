import JSON

/// One pet as the demo pet store keeps it. Each version of the API shows part of it (see
/// `PetstoreVersion.render(_:)`): v1 the free-form `tag`, v2 the `species` and sale `status`.
struct Pet: Sendable, Equatable {
    /// Who owns the pet; v1's `GET /pets/{petId}/owner`. A missing email is `null` on the wire.
    struct Owner: Sendable, Equatable {
        let name: String
        let email: String?
    }

    static let species = ["dog", "cat"]
    static let statuses = ["available", "sold"]

    let id: Int
    let name: String
    let tag: String?
    let species: String?
    let status: String
    let owner: Owner?

    init(id: Int, name: String, tag: String?, species: String?, status: String, owner: Owner?) {
        self.id = id
        self.name = name
        self.tag = tag
        self.species = species
        self.status = status
        self.owner = owner
    }

    /// Reads one entry of `petstore/pets.json`; the error says what is wrong with it.
    init(record: JSONValue) throws(PetRecordError) {
        guard case .object = record else { throw PetRecordError("is not an object") }
        guard let id = record["id"]?.intValue else { throw PetRecordError("has no integer id") }
        guard let name = record["name"]?.stringValue else { throw PetRecordError("\(id) has no name") }
        func optionalText(_ key: String) throws(PetRecordError) -> String? {
            switch record[key] {
            case nil, .null?: return nil
            case .string(let text)?: return text
            default: throw PetRecordError("\(id): \(key) must be a string")
            }
        }
        let owner: Owner?
        switch record["owner"] {
        case nil, .null?:
            owner = nil
        case let value?:
            guard let ownerName = value["name"]?.stringValue else { throw PetRecordError("\(id): owner has no name") }
            owner = Owner(name: ownerName, email: value["email"]?.stringValue)
        }
        self.init(
            id: id, name: name, tag: try optionalText("tag"), species: try optionalText("species"),
            status: try optionalText("status") ?? "available", owner: owner
        )
    }

    /// The entry of `petstore/pets.json` that reads back as this pet.
    var record: JSONValue {
        var members: [(String, JSONValue)] = [("id", .int(id)), ("name", .string(name))]
        if let tag { members.append(("tag", .string(tag))) }
        if let species { members.append(("species", .string(species))) }
        members.append(("status", .string(status)))
        if let owner {
            members.append(("owner", ["name": .string(owner.name), "email": owner.email.map(JSONValue.string) ?? .null]))
        }
        return .object(members)
    }
}

/// Why an entry of the pet fixture cannot be read: `pet 3: tag must be a string`.
struct PetRecordError: Error, CustomStringConvertible {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }

    var description: String { "pet " + reason }
}
