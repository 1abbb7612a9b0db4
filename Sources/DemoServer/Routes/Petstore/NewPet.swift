/// A pet described by a `POST /pets` body and checked, waiting for the store to give it an id.
struct NewPet: Sendable, Equatable {
    let name: String
    let tag: String?
    let species: String?
    let status: String

    func pet(id: Int) -> Pet {
        Pet(id: id, name: name, tag: tag, species: species, status: status, owner: nil)
    }
}
