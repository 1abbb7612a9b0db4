import JSON

/// Where the value being checked sits in the instance, as a check goes down into it: written out as text
/// (`results[3].urlname`, as `JSONPath` writes paths) only when a failure or a stop names it. Building the
/// text for every member visited cost more than checking the member did.
///
/// The last step is held inline; the steps before it are a chain shared with the parent path, made once for
/// an object or array whose members are checked (`shared`). A leaf member (a string, a number) therefore
/// costs no allocation at all.
struct ValuePath {
    private final class Link {
        let parent: Link?
        let step: Step

        init(parent: Link?, step: Step) {
            self.parent = parent
            self.step = step
        }
    }

    private enum Step {
        case key(String)
        case index(Int)
        /// The text a path starts from, as the first link of its chain.
        case start(String)
    }

    private let parent: Link?
    private let last: Step?

    /// The path of the instance itself, written as `root` ("" unless the value sits inside another).
    init(_ root: String = "") {
        self.init(parent: root.isEmpty ? nil : Link(parent: nil, step: .start(root)), last: nil)
    }

    private init(parent: Link?, last: Step?) {
        self.parent = parent
        self.last = last
    }

    func appending(key: String) -> ValuePath {
        ValuePath(parent: chain, last: .key(key))
    }

    func appending(index: Int) -> ValuePath {
        ValuePath(parent: chain, last: .index(index))
    }

    /// The same path with its steps in a chain that the paths of its members share: made once for a value
    /// whose members or items are checked, instead of once for each of them.
    var shared: ValuePath {
        guard let last else { return self }
        return ValuePath(parent: Link(parent: parent, step: last), last: nil)
    }

    /// This path's steps as a chain a longer path can share.
    private var chain: Link? {
        last.map { Link(parent: parent, step: $0) } ?? parent
    }

    var text: String {
        var steps: [Step] = last.map { [$0] } ?? []
        var link = parent
        while let current = link {
            steps.append(current.step)
            link = current.parent
        }
        var text = ""
        for step in steps.reversed() {
            switch step {
            case .key(let key): text = JSONPath.appending(key: key, to: text)
            case .index(let index): text += "[\(index)]"
            case .start(let root): text = root
            }
        }
        return text
    }
}
