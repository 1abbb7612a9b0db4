import JSON

/// The pets the demo pet store opens with (`petstore/pets.json`), in the store's own record form:
/// v1 shows their `tag`, v2 their `species` and `status`, and v1's owner route their owner.
enum PetstoreFixtures {
    static var pets: JSONValue {
        .array(seeds.map(\.record))
    }

    private static let seeds = [
        Pet(id: 1, name: "Rex", tag: "dog", species: "dog", status: "available", owner: .init(name: "Ana Lima", email: "ana@example.com")),
        Pet(id: 2, name: "Tom", tag: "cat", species: "cat", status: "sold", owner: .init(name: "Ben Okafor", email: nil)),
        Pet(id: 3, name: "Luna", tag: "cat", species: "cat", status: "available", owner: .init(name: "Chloe Martin", email: "chloe@example.com")),
        Pet(id: 4, name: "Fido", tag: "dog", species: "dog", status: "available", owner: nil),
        Pet(id: 5, name: "Milo", tag: "dog", species: "dog", status: "sold", owner: .init(name: "Dmitri Ivanov", email: "dmitri@example.com")),
        Pet(id: 6, name: "Nala", tag: "cat", species: "cat", status: "available", owner: nil),
    ]
}
