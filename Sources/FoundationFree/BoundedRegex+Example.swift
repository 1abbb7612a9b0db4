extension BoundedRegex {
    /// Text states searched at most for one example: a pattern whose shortest match lies further away is
    /// answered nil (its caller writes plain text) in bounded time and memory.
    public static let exampleStateLimit = 200_000

    /// The shortest text the pattern matches that is at least `minimumLength` characters long (up to 256
    /// counted), made from the same program `matches` runs, so what is written is what is checked: a
    /// breadth-first search over the program's states, each character the first plain one its set takes
    /// (letters and digits before punctuation). Nil when none is found within `exampleStateLimit` states
    /// or `lengthLimit` characters.
    public func example(minimumLength: Int = 0, lengthLimit: Int = 4_096) -> String? {
        var search = ExampleSearch(regex: self, target: max(0, min(minimumLength, 256)), lengthLimit: lengthLimit)
        guard let text = search.run(), (try? matches(text, budget: Self.stepBudget)) == true else { return nil }
        return text
    }
}

/// The breadth-first search behind `BoundedRegex.example`: one layer per character written, each layer
/// closed under the program's jumps, splits and assertions. A state is the instruction, what came before
/// (nothing, a word character or another), what the assertions passed ask of what follows (anything, a
/// word character, another, or the end), and the length written so far up to the wanted one.
private struct ExampleSearch {
    private enum Before: Int { case start, word, other }
    private enum Need: Int { case any, word, other, end }

    let regex: BoundedRegex
    let target: Int
    let lengthLimit: Int
    /// For each state reached, the state it came from and the character written on the way (nil when none).
    private var parents: [Int: (parent: Int, scalar: Unicode.Scalar?)] = [:]

    init(regex: BoundedRegex, target: Int, lengthLimit: Int) {
        self.regex = regex
        self.target = target
        self.lengthLimit = lengthLimit
    }

    private func key(_ instruction: Int, _ before: Before, _ need: Need, _ length: Int) -> Int {
        ((instruction * 3 + before.rawValue) * 4 + need.rawValue) * (target + 1) + min(length, target)
    }

    private func decode(_ key: Int) -> (instruction: Int, before: Before, need: Need, length: Int) {
        let length = key % (target + 1)
        var rest = key / (target + 1)
        let need = Need(rawValue: rest % 4) ?? .any
        rest /= 4
        return (rest / 3, Before(rawValue: rest % 3) ?? .start, need, length)
    }

    mutating func run() -> String? {
        let program = regex.program
        // Each layer's states with how they were reached; a state is claimed when it is taken off the
        // stack, so the first branch of a split (depth first, in order) writes the text.
        var layer: [(state: Int, parent: Int, scalar: Unicode.Scalar?)] = [(key(0, .start, .any, 0), -1, nil)]
        for _ in 0...lengthLimit {
            var closed: [Int] = []
            var stack = Array(layer.reversed())
            while let (state, parent, scalar) = stack.popLast() {
                guard parents[state] == nil, parents.count < BoundedRegex.exampleStateLimit else { continue }
                parents[state] = (parent, scalar)
                closed.append(state)
                let (index, before, need, length) = decode(state)
                var next: [(Int, Need)] = []
                switch program[index] {
                case .match:
                    if length >= target && need != .word { return text(endingAt: state) }
                case .jump(let target): next = [(target, need)]
                case .split(let a, let b): next = [(a, need), (b, need)]
                case .assert(let assertion):
                    if let passed = Self.pass(assertion, before: before, need: need) { next = [(index + 1, passed)] }
                case .scalar: break
                }
                for (target, need) in next.reversed() {
                    stack.append((key(target, before, need, length), state, nil))
                }
            }
            var following: [(state: Int, parent: Int, scalar: Unicode.Scalar?)] = []
            for state in closed {
                let (index, _, need, length) = decode(state)
                guard case .scalar(let set) = program[index], need != .end,
                      let scalar = character(in: set, ascii: regex.asciiSets[index], need: need) else { continue }
                let before: Before = BoundedRegex.ScalarSet.isWord(scalar) ? .word : .other
                let reached = key(index + 1, before, .any, length + 1)
                if parents[reached] == nil { following.append((reached, state, scalar)) }
            }
            guard !following.isEmpty, parents.count < BoundedRegex.exampleStateLimit else { return nil }
            layer = following
        }
        return nil
    }

    /// What follows must then be, once `assertion` holds here; nil when it cannot hold.
    private static func pass(_ assertion: BoundedRegex.Assertion, before: Before, need: Need) -> Need? {
        switch assertion {
        case .start: return before == .start ? need : nil
        case .end: return need == .word ? nil : .end
        case .wordBoundary, .notWordBoundary:
            // At a boundary what follows differs from what came before in being a word character (the
            // start and the end count as not); inside none it is the same.
            let wantsWord = (before == .word) != (assertion == .wordBoundary)
            if wantsWord { return need == .any || need == .word ? .word : nil }
            return need == .word ? nil : need == .any ? .other : need
        }
    }

    /// The first plain character the set takes that fits what is needed next.
    private func character(in set: BoundedRegex.ScalarSet, ascii: BoundedRegex.ASCIISet, need: Need) -> Unicode.Scalar? {
        func fits(_ scalar: Unicode.Scalar) -> Bool {
            switch need {
            case .word: BoundedRegex.ScalarSet.isWord(scalar)
            case .other: !BoundedRegex.ScalarSet.isWord(scalar)
            case .any, .end: true
            }
        }
        for byte in Self.preferredASCII where ascii.contains(byte) {
            let scalar = Unicode.Scalar(byte)
            if fits(scalar) { return scalar }
        }
        return Self.otherCandidates.first { set.contains($0, ignoringCase: regex.ignoresCase) && fits($0) }
    }

    /// Printable ASCII, letters and digits first: what a reader expects in an example.
    private static let preferredASCII: [UInt8] = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_. ".utf8)
        + (0x21...0x7E).map(UInt8.init).filter { !"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_. ".utf8.contains($0) }
        + [0x09]
    /// Beyond ASCII, one character of each kind a set might ask for.
    private static let otherCandidates: [Unicode.Scalar] = ["é", "ж", "中", "٣", "\u{00A0}", "€", "😀"]

    private func text(endingAt state: Int) -> String {
        var scalars: [Unicode.Scalar] = []
        var current = state
        while current >= 0, let step = parents[current] {
            if let scalar = step.scalar { scalars.append(scalar) }
            current = step.parent
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars.reversed())
        return text
    }
}
