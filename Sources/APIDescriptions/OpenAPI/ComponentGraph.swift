/// The shared components a spec diff compared, numbered, with the components each reaches and those each
/// operation reaches directly, so that walks through them compare numbers instead of hashing names.
/// Successors are in a fixed order (by name, requests first), so the walks do not follow hash order.
struct ComponentGraph {
    /// Each component's key, by number.
    let keys: [SchemaComparison.ComponentKey]
    /// Each component's name as a number (a name compared for requests and for answers is one).
    let names: [Int]
    /// Each name number's text.
    let nameTexts: [String]
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
        var nameTexts: [String] = []
        names = keys.map { key in
            if let known = nameNumbers[key.name] { return known }
            nameNumbers[key.name] = nameTexts.count
            nameTexts.append(key.name)
            return nameTexts.count - 1
        }
        self.nameTexts = nameTexts
        self.keys = keys
        self.next = next
        self.changed = changed
    }

    /// By name, a component as compared for requests before the same as compared for answers.
    private static func walkOrder(_ left: SchemaComparison.ComponentKey, _ right: SchemaComparison.ComponentKey) -> Bool {
        (left.name, left.context.isRequest ? 0 : 1) < (right.name, right.context.isRequest ? 0 : 1)
    }
}

extension ComponentGraph {
    /// The components in groups that reach each other (strongly connected: Stripe's expandable fields put
    /// most of its components in one), each group with the groups it reaches directly, so that a walk can
    /// go through groups instead of components. Tarjan's algorithm, with an explicit stack.
    struct Groups {
        /// Each component's group.
        let group: [Int]
        /// Each group's components.
        let members: [[Int]]
        /// The other groups each group reaches directly.
        let next: [[Int]]

        init(next graphNext: [[Int]?]) {
            let count = graphNext.count
            var order = [Int](repeating: -1, count: count)
            var low = [Int](repeating: 0, count: count)
            var onStack = [Bool](repeating: false, count: count)
            var stack: [Int] = []
            var group = [Int](repeating: -1, count: count)
            var members: [[Int]] = []
            var visited = 0
            func enter(_ component: Int) {
                order[component] = visited
                low[component] = visited
                visited += 1
                stack.append(component)
                onStack[component] = true
            }
            for root in 0..<count where order[root] < 0 {
                enter(root)
                var path: [(component: Int, edge: Int)] = [(root, 0)]
                while let (component, edge) = path.last {
                    let successors = graphNext[component] ?? []
                    if edge < successors.count {
                        path[path.count - 1].edge += 1
                        let successor = successors[edge]
                        if order[successor] < 0 {
                            enter(successor)
                            path.append((successor, 0))
                        } else if onStack[successor] {
                            low[component] = min(low[component], order[successor])
                        }
                        continue
                    }
                    path.removeLast()
                    if let parent = path.last?.component { low[parent] = min(low[parent], low[component]) }
                    guard low[component] == order[component] else { continue }
                    var found: [Int] = []
                    while let member = stack.popLast() {
                        onStack[member] = false
                        group[member] = members.count
                        found.append(member)
                        if member == component { break }
                    }
                    members.append(found)
                }
            }
            var next = [[Int]](repeating: [], count: members.count)
            var lastAdded = [Int](repeating: -1, count: members.count)
            for (number, groupMembers) in members.enumerated() {
                for member in groupMembers {
                    for successor in graphNext[member] ?? [] where group[successor] != number && lastAdded[group[successor]] != number {
                        lastAdded[group[successor]] = number
                        next[number].append(group[successor])
                    }
                }
            }
            self.group = group
            self.members = members
            self.next = next
        }
    }
}

extension ComponentGraph {
    /// What each walk uses: the components in the order the walks first meet them, and for each name
    /// (`names`), the walks that reach a changed component of that name, in order. Walk `w` starts from
    /// `direct[w]` (popped last first) and follows `next` (nil: a component not compared, walked to but not
    /// through). The walks go through groups of components that reach each other (`Groups`): a walk that
    /// reaches one component of a group reaches all of it, so what it uses is the changed names of the
    /// groups it reaches, and Stripe's operations, which each reach one group of hundreds of components,
    /// cost a few steps each (issue 47's realdiff-stripe row). Only a walk that meets components no walk
    /// before it met goes component by component, so they are listed in the order it meets them.
    static func uses(next: [[Int]?], changed: [Bool], names: [Int], direct: [[Int]]) -> (order: [Int], users: [[Int]]) {
        let groups = Groups(next: next)
        let nameCount = (names.max() ?? -1) + 1
        // Each group's names with changes (a name compared for requests and for answers once), and how many
        // of its components no walk has met yet.
        var changedNames = [[Int]](repeating: [], count: groups.members.count)
        var namedIn = [Int](repeating: -1, count: nameCount)
        for (group, members) in groups.members.enumerated() {
            for member in members where changed[member] && namedIn[names[member]] != group {
                namedIn[names[member]] = group
                changedNames[group].append(names[member])
            }
        }
        var unmet = groups.members.map(\.count)
        var order: [Int] = []
        var users = [[Int]](repeating: [], count: nameCount)
        var walkedFor = [Int](repeating: -1, count: next.count)
        var groupWalkedFor = [Int](repeating: -1, count: groups.members.count)
        var seen = [Bool](repeating: false, count: next.count)
        for (walk, starts) in direct.enumerated() {
            var reached: [Int] = []
            var meetsNew = false
            var groupStack = starts.map { groups.group[$0] }
            while let group = groupStack.popLast() {
                guard groupWalkedFor[group] != walk else { continue }
                groupWalkedFor[group] = walk
                reached.append(group)
                if unmet[group] > 0 { meetsNew = true }
                groupStack += groups.next[group].filter { groupWalkedFor[$0] != walk }
            }
            if meetsNew {
                var stack = starts
                while let component = stack.popLast() {
                    guard walkedFor[component] != walk else { continue }
                    walkedFor[component] = walk
                    if !seen[component] {
                        seen[component] = true
                        unmet[groups.group[component]] -= 1
                        order.append(component)
                    }
                    guard let following = next[component] else { continue }
                    stack += following.filter { walkedFor[$0] != walk }
                }
            }
            for group in reached {
                for name in changedNames[group] where users[name].last != walk { users[name].append(walk) }
            }
        }
        return (order, users)
    }
}
