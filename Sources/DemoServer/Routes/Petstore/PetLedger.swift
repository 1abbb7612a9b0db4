import Synchronization

/// The pets added and removed since the server started, overlaid on the fixture pets (which are never
/// written), shared by both versions of the API as one store behind two versions would be, and by all
/// connection threads. Bounded: at most `capacity` pets at once.
final class PetLedger: Sendable {
    static let capacity = 100

    private struct State {
        var added: [Pet] = []
        var removedFixtureIDs: Set<Int> = []
        /// The highest id handed out, so a removed pet's id is never reused.
        var lastID = 0
    }

    /// Why a pet could not be added.
    enum AddFailure: Error, Equatable {
        case full
        case noIDsLeft
    }

    private let state = Mutex(State())

    /// Every pet in the store, by ascending id.
    func pets(over fixturePets: [Pet]) -> [Pet] {
        state.withLock { state in
            let kept = fixturePets.filter { !state.removedFixtureIDs.contains($0.id) }
            return (kept + state.added).enumerated()
                .sorted { ($0.element.id, $0.offset) < ($1.element.id, $1.offset) }
                .map(\.element)
        }
    }

    func pet(_ id: Int, over fixturePets: [Pet]) -> Pet? {
        pets(over: fixturePets).first { $0.id == id }
    }

    /// Adds a pet made by `make` with the next free id.
    func add(over fixturePets: [Pet], _ make: (Int) -> Pet) -> Result<Pet, AddFailure> {
        state.withLock { state in
            let live = fixturePets.count(where: { !state.removedFixtureIDs.contains($0.id) }) + state.added.count
            guard live < Self.capacity else { return .failure(.full) }
            // Fixture ids are whatever the file says, Int.max included: no trap, just no more ids.
            let highest = max(state.lastID, fixturePets.map(\.id).max() ?? 0)
            let (id, overflow) = highest.addingReportingOverflow(1)
            guard !overflow else { return .failure(.noIDsLeft) }
            let pet = make(id)
            state.lastID = id
            state.added.append(pet)
            return .success(pet)
        }
    }

    /// Removes pet `id`; false when there is no such pet.
    func remove(_ id: Int, over fixturePets: [Pet]) -> Bool {
        state.withLock { state in
            if let index = state.added.firstIndex(where: { $0.id == id }) {
                state.added.remove(at: index)
                return true
            }
            guard fixturePets.contains(where: { $0.id == id }), !state.removedFixtureIDs.contains(id) else { return false }
            state.removedFixtureIDs.insert(id)
            return true
        }
    }
}
