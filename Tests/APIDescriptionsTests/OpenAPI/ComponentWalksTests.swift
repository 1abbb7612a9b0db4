import Testing
import TestSupport
@testable import APIDescriptions

/// Who uses which component in a spec diff (`ComponentGraph.uses`) is worked out through groups of
/// components that reach each other; it must answer what walking every component from every operation
/// answers: the same components in the same first-met order, the same users of each changed name.
@Suite struct ComponentWalksTests {
    /// The walk the diff did before groups: each operation's components, then those they reach, one by one.
    static func walkedOneByOne(next: [[Int]?], changed: [Bool], names: [Int], direct: [[Int]]) -> (order: [Int], users: [[Int]]) {
        let nameCount = (names.max() ?? -1) + 1
        var order: [Int] = []
        var users = [[Int]](repeating: [], count: nameCount)
        var seen = [Bool](repeating: false, count: next.count)
        for (walk, starts) in direct.enumerated() {
            var walked = Set<Int>()
            var stack = starts
            while let component = stack.popLast() {
                guard walked.insert(component).inserted else { continue }
                if !seen[component] {
                    seen[component] = true
                    order.append(component)
                }
                guard let following = next[component] else { continue }
                if changed[component], users[names[component]].last != walk { users[names[component]].append(walk) }
                stack += following.filter { !walked.contains($0) }
            }
        }
        return (order, users)
    }

    /// Graphs of every shape: sparse chains, dense cycles (Stripe's), components not compared (no
    /// successors), names shared by a request and an answer component, operations that reach nothing.
    @Test(arguments: 0..<300)
    func groupsAnswerAsWalkingEveryComponent(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed))
        let count = Int.random(in: 1...60, using: &random)
        let density = [0.02, 0.08, 0.3][seed % 3]
        let next: [[Int]?] = (0..<count).map { _ in
            guard Double.random(in: 0..<1, using: &random) > 0.1 else { return nil }
            return (0..<count).filter { _ in Double.random(in: 0..<1, using: &random) < density }.shuffled(using: &random)
        }
        let changed = next.map { $0 != nil && Bool.random(using: &random) }
        let nameCount = max(1, count * 2 / 3)
        let names = (0..<count).map { _ in Int.random(in: 0..<nameCount, using: &random) }
        let direct: [[Int]] = (0..<Int.random(in: 0...20, using: &random)).map { _ in
            (0..<Int.random(in: 0...4, using: &random)).map { _ in Int.random(in: 0..<count, using: &random) }
        }
        let expected = Self.walkedOneByOne(next: next, changed: changed, names: names, direct: direct)
        let found = ComponentGraph.uses(next: next, changed: changed, names: names, direct: direct)
        #expect(found.order == expected.order)
        #expect(found.users == expected.users)
    }

    /// One group of every component (Stripe's shape): its changed names are used by every operation that
    /// reaches any of it, and an operation that reaches only a component outside it uses none of them.
    @Test func oneGroupIsUsedWholeByWhoeverReachesIt() {
        let next: [[Int]?] = [[1], [2], [0], []]
        let found = ComponentGraph.uses(next: next, changed: [false, true, false, true], names: [0, 1, 2, 3],
                                        direct: [[0], [3], [2, 3]])
        #expect(found.users[1] == [0, 2])
        #expect(found.users[3] == [1, 2])
        #expect(found.order == [0, 1, 2, 3])
    }
}
