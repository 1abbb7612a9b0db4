/// The shared components a spec diff compared, numbered, with the components each reaches and those each
/// operation reaches directly, so that walks through them compare numbers instead of hashing names.
/// Successors are in a fixed order (by name, requests first), so the walks do not follow hash order.
struct ComponentGraph {
    /// Each component's key, by number.
    let keys: [SchemaComparison.ComponentKey]
    /// Each component's name as a number (a name compared for requests and for answers is one).
    let names: [Int]
    /// The components each compared component reaches directly; nil for one that was not compared.
    let next: [[Int]?]
    /// Whether a compared component has changes of its own.
    let changed: [Bool]
    /// The components each operation reaches directly, in the order a walk pops them (the first last).
    let direct: [[Int]]

    init(_ results: [SchemaComparison.ComponentKey: SchemaComparison.Found], reached: [Set<SchemaComparison.ComponentKey>]) {
        var numbers: [SchemaComparison.ComponentKey: Int] = [:]
        var keys: [SchemaComparison.ComponentKey] = []
        func number(_ key: SchemaComparison.ComponentKey) -> Int {
            if let known = numbers[key] { return known }
            numbers[key] = keys.count
            keys.append(key)
            return keys.count - 1
        }
        func numbered(_ components: Set<SchemaComparison.ComponentKey>) -> [Int] {
            components.sorted(by: Self.walkOrder).map(number)
        }
        let compared = results.sorted { Self.walkOrder($0.key, $1.key) }
        let successors = compared.map { entry in (number(entry.key), numbered(entry.value.components)) }
        direct = reached.map(numbered)
        var next = [[Int]?](repeating: nil, count: keys.count)
        var changed = [Bool](repeating: false, count: keys.count)
        for (component, reaches) in successors { next[component] = reaches }
        for entry in compared { changed[number(entry.key)] = entry.value.total > 0 }
        var nameNumbers: [String: Int] = [:]
        names = keys.map { key in
            if let known = nameNumbers[key.name] { return known }
            nameNumbers[key.name] = nameNumbers.count
            return nameNumbers.count - 1
        }
        self.keys = keys
        self.next = next
        self.changed = changed
    }

    /// By name, a component as compared for requests before the same as compared for answers.
    private static func walkOrder(_ left: SchemaComparison.ComponentKey, _ right: SchemaComparison.ComponentKey) -> Bool {
        (left.name, left.context.isRequest ? 0 : 1) < (right.name, right.context.isRequest ? 0 : 1)
    }
}
