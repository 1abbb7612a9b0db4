/// The values (or keys) of the containers a parse has open, on one stack shared by the whole parse.
///
/// An array or object collects its members here and, when it closes, moves them into an array of
/// exactly their number: one allocation per container instead of a growing array's several, and a move
/// rather than a copy, so no reference count is touched. What a failed parse leaves is freed in `deinit`.
final class JSONParseStack<Element> {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    @inline(__always)
    func push(_ element: Element) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// Moves the elements from `start` to the top into a new array, and pops them.
    func popArray(from start: Int) -> [Element] {
        let length = count - start
        guard length > 0 else { return [] }
        let elements = [Element](unsafeUninitializedCapacity: length) { buffer, initialized in
            if let base = buffer.baseAddress { base.moveInitialize(from: storage + start, count: length) }
            initialized = length
        }
        count = start
        return elements
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }
}
