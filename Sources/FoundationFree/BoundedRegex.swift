/// The regular expressions of `expect PATH matches REGEX`, matched in time linear in the text: the
/// pattern becomes a Thompson NFA that is simulated state set by state set, so `^(a+)+$` costs what
/// `^a+$` costs instead of backtracking for ever. Only whether the pattern occurs is asked, so no captures.
///
/// Syntax: literals, `.`, `[…]` and `[^…]` with ranges, `\d \w \s \D \W \S \b \B`, `\n \t \r \xHH` and
/// escaped punctuation, `^` and `$` (the text's start and end), groups `(…)`
/// and `(?:…)`, `|`, `* + ? {n} {n,} {n,m}` (lazy and possessive forms match the same texts), and a
/// leading `(?i)` for case-insensitive matching. Back-references and look-around cannot be matched in
/// linear time and are refused when the pattern is read.
///
/// A match has a step budget and looks at a `CancellationToken` every few thousand steps.
public struct BoundedRegex: Sendable {
    /// Why a pattern was refused or a match stopped.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case invalid(String)
        case tooCostly
        case cancelled

        public var description: String {
            switch self {
            case .invalid(let reason): reason
            case .tooCostly: "the pattern is too costly to match against this text"
            case .cancelled: "the match was cancelled"
            }
        }
    }

    /// NFA steps one match may take: about 50 pattern states over a megabyte of text.
    public static let stepBudget = 50_000_000
    /// A counted repetition is compiled as copies; beyond this many the pattern is refused.
    public static let repetitionLimit = 1_000
    static let stateLimit = 100_000

    let program: [Instruction]
    /// How many instructions the pattern became (for the tests that hold the two ways of matching to one answer).
    var programCount: Int { program.count }
    let ignoresCase: Bool
    /// For each instruction, the ASCII characters it takes (none for one that reads no character), made from
    /// its set: an ASCII text is matched byte by byte against these, with the same answers, and without a
    /// scalar array or a set copied at each step.
    let asciiSets: [ASCIISet]
    /// The program as bit masks when it has at most 64 instructions (most patterns of a schema): an ASCII text
    /// is then matched with its state sets in one word, without a state array or a stack.
    private let small: SmallProgram?

    public init(_ pattern: String) throws(Failure) {
        var parser = Parser(Array(pattern.unicodeScalars))
        if parser.consume("(?i)") { ignoresCase = true } else { ignoresCase = false }
        let tree = try parser.parseAll()
        var compiler = Compiler(ignoresCase: ignoresCase)
        try compiler.emit(tree)
        compiler.program.append(.match)
        program = compiler.program
        let ignoresCase = ignoresCase
        let asciiSets = program.map { instruction in
            if case .scalar(let set) = instruction { set.asciiSet(ignoringCase: ignoresCase) } else { ASCIISet() }
        }
        self.asciiSets = asciiSets
        small = SmallProgram(program, asciiSets: asciiSets)
    }

    /// Whether the pattern occurs anywhere in `text`.
    public func matches(_ text: String, cancellation: CancellationToken? = nil, budget: Int = stepBudget) throws(Failure) -> Bool {
        var text = text
        let ascii: Result<Bool, Failure>? = text.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            return Result { () throws(Failure) -> Bool in
                try matches(ascii: bytes, cancellation: cancellation, budget: budget)
            }
        }
        if let ascii { return try ascii.get() }
        return try matchesScalarByScalar(text, cancellation: cancellation, budget: budget)
    }

    /// `matches` of a text already known to be ASCII, read where it is (a string on a parsed document's tape).
    public func matches(ascii bytes: UnsafeBufferPointer<UInt8>, cancellation: CancellationToken? = nil, budget: Int = stepBudget) throws(Failure) -> Bool {
        if let small { return try small.run(bytes, cancellation: cancellation, budget: budget) }
        return try run(ASCIIInput(bytes: bytes, sets: asciiSets), cancellation: cancellation, budget: budget)
    }

    /// `matches` the way a text with non-ASCII characters is matched, scalar by scalar (and, for the tests
    /// that hold both ways to the same answers, any text).
    func matchesScalarByScalar(_ text: String, cancellation: CancellationToken? = nil, budget: Int = stepBudget) throws(Failure) -> Bool {
        try run(ScalarInput(scalars: Array(text.unicodeScalars), program: program, ignoresCase: ignoresCase),
                cancellation: cancellation, budget: budget)
    }

    /// The text a match reads: whether the instruction at `index` takes the character at `position`, and
    /// whether that character is a word character (`\b`).
    private protocol Input {
        var count: Int { get }
        func takes(_ index: Int, at position: Int) -> Bool
        func isWord(at position: Int) -> Bool
    }

    private struct ScalarInput: Input {
        let scalars: [Unicode.Scalar]
        let program: [Instruction]
        let ignoresCase: Bool
        var count: Int { scalars.count }

        func takes(_ index: Int, at position: Int) -> Bool {
            guard case .scalar(let set) = program[index] else { return false }
            return set.contains(scalars[position], ignoringCase: ignoresCase)
        }

        func isWord(at position: Int) -> Bool { ScalarSet.isWord(scalars[position]) }
    }

    private struct ASCIIInput: Input {
        let bytes: UnsafeBufferPointer<UInt8>
        let sets: [ASCIISet]
        var count: Int { bytes.count }

        func takes(_ index: Int, at position: Int) -> Bool {
            sets[index].contains(bytes[position])
        }

        func isWord(at position: Int) -> Bool { ScalarSet.isWord(Unicode.Scalar(bytes[position])) }
    }

    private func run<Text: Input>(_ input: Text, cancellation: CancellationToken?, budget: Int) throws(Failure) -> Bool {
        var current = StateSet(capacity: program.count)
        var next = StateSet(capacity: program.count)
        var steps = 0
        var stack: [Int] = []

        /// Adds `start` and everything reachable from it without reading a character at `position`.
        func close(_ start: Int, at position: Int, into set: inout StateSet) throws(Failure) {
            stack.append(start)
            while let index = stack.popLast() {
                guard set.insert(index) else { continue }
                steps += 1
                if steps & 0xFFF == 0 {
                    if steps > budget { throw .tooCostly }
                    if cancellation?.isCancelled == true { throw .cancelled }
                }
                switch program[index] {
                case .jump(let target): stack.append(target)
                case .split(let first, let second):
                    stack.append(second)
                    stack.append(first)
                case .assert(let assertion):
                    if holds(assertion, at: position, in: input) { stack.append(index + 1) }
                case .scalar, .match:
                    break
                }
            }
        }

        for position in 0...input.count {
            try close(0, at: position, into: &current)
            if current.members.contains(where: { if case .match = program[$0] { true } else { false } }) { return true }
            guard position < input.count else { break }
            next.clear()
            for index in current.members where input.takes(index, at: position) {
                try close(index + 1, at: position + 1, into: &next)
            }
            swap(&current, &next)
        }
        return false
    }

    /// A program of at most 64 instructions, each state set one word: bit `i` is instruction `i`. What a set
    /// reaches without reading (`jump`, `split`, and the assertions that hold) is worked out once for each
    /// instruction in each of the eight contexts a position can be in (at the start, at the end, at a word
    /// boundary), so a step is a mask of the instructions that take the byte, a shift to their successors,
    /// and the union of those successors' closures. Steps are counted as `run` counts them: one for each state
    /// a set holds.
    struct SmallProgram {
        /// `closures[context * count + i]`: the states reached from instruction `i` without reading.
        private let closures: [UInt64]
        /// `takes[byte]`: the instructions that read `byte`.
        private let takes: [UInt64]
        private let matchBit: UInt64
        private let count: Int
        private let hasWordAssertions: Bool
        /// Which context bits the closures tell apart (0, 3 or 7): `closures` has one row for each context.
        private let contextMask: Int

        init?(_ program: [Instruction], asciiSets: [ASCIISet]) {
            guard program.count <= 64 else { return nil }
            count = program.count
            var takes = [UInt64](repeating: 0, count: 128)
            var matchBit: UInt64 = 0
            var hasWordAssertions = false
            for (index, instruction) in program.enumerated() {
                switch instruction {
                case .scalar:
                    for byte in 0..<128 where asciiSets[index].contains(UInt8(byte)) {
                        takes[byte] |= 1 << UInt64(index)
                    }
                case .match: matchBit |= 1 << UInt64(index)
                case .assert(.wordBoundary), .assert(.notWordBoundary): hasWordAssertions = true
                case .assert, .jump, .split: break
                }
            }
            // Without assertions every position is in the same context; `^` and `$` tell four apart, `\b`
            // and `\B` eight.
            let hasAssertions = program.contains { if case .assert = $0 { true } else { false } }
            contextMask = hasWordAssertions ? 7 : hasAssertions ? 3 : 0
            var closures = [UInt64](repeating: 0, count: (contextMask + 1) * program.count)
            for context in 0...contextMask {
                for start in program.indices {
                    var reached: UInt64 = 0
                    var pending: UInt64 = 1 << UInt64(start)
                    while pending != 0 {
                        let index = pending.trailingZeroBitCount
                        pending &= pending - 1
                        guard reached & (1 << UInt64(index)) == 0 else { continue }
                        reached |= 1 << UInt64(index)
                        switch program[index] {
                        case .jump(let target): pending |= 1 << UInt64(target)
                        case .split(let first, let second): pending |= 1 << UInt64(first) | 1 << UInt64(second)
                        case .assert(let assertion):
                            if Self.holds(assertion, in: context) { pending |= 1 << UInt64(index + 1) }
                        case .scalar, .match: break
                        }
                    }
                    closures[context * program.count + start] = reached
                }
            }
            self.closures = closures
            self.takes = takes
            self.matchBit = matchBit
            self.hasWordAssertions = hasWordAssertions
        }

        /// The ASCII word characters (`ScalarSet.isWord`): `\w`'s.
        private static let word = ScalarSet(classes: ["w"]).asciiSet(ignoringCase: false)

        /// Context bits: 1 at the start, 2 at the end, 4 at a word boundary.
        private static func holds(_ assertion: Assertion, in context: Int) -> Bool {
            switch assertion {
            case .start: context & 1 != 0
            case .end: context & 2 != 0
            case .wordBoundary: context & 4 != 0
            case .notWordBoundary: context & 4 == 0
            }
        }


        func run(_ bytes: UnsafeBufferPointer<UInt8>, cancellation: CancellationToken?, budget: Int) throws(Failure) -> Bool {
            let length = bytes.count
            var steps = 0
            var moved: UInt64 = 0
            return try closures.withUnsafeBufferPointer { closures throws(Failure) -> Bool in
                try takes.withUnsafeBufferPointer { takes throws(Failure) -> Bool in
                    var position = 0
                    while true {
                        var context = position == 0 ? 1 : 0
                        if position == length { context |= 2 }
                        if hasWordAssertions {
                            let before = position > 0 && Self.word.contains(bytes[position - 1])
                            let after = position < length && Self.word.contains(bytes[position])
                            if before != after { context |= 4 }
                        }
                        let row = (context & contextMask) * count
                        // The search is unanchored: a match may start at every position.
                        var pending = moved | 1
                        var current: UInt64 = 0
                        while pending != 0 {
                            current |= closures[row + pending.trailingZeroBitCount]
                            pending &= pending - 1
                        }
                        if current & matchBit != 0 { return true }
                        guard position < length else { return false }
                        steps += current.nonzeroBitCount
                        if position & 0xFF == 0xFF {
                            if steps > budget { throw .tooCostly }
                            if cancellation?.isCancelled == true { throw .cancelled }
                        }
                        moved = (current & takes[Int(bytes[position] & 0x7F)]) << 1
                        position += 1
                    }
                }
            }
        }
    }

    private func holds<Text: Input>(_ assertion: Assertion, at position: Int, in input: Text) -> Bool {
        switch assertion {
        case .start: return position == 0
        case .end: return position == input.count
        case .wordBoundary, .notWordBoundary:
            let before = position > 0 && input.isWord(at: position - 1)
            let after = position < input.count && input.isWord(at: position)
            return (before != after) == (assertion == .wordBoundary)
        }
    }

    /// A set of ASCII characters, one bit each: 0–63 in `low`, 64–127 in `high`.
    struct ASCIISet: Equatable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        mutating func insert(_ byte: UInt8) {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte & 63) }
        }

        mutating func formUnion(_ other: ASCIISet) {
            low |= other.low
            high |= other.high
        }

        /// Whether the set holds `byte`, an ASCII byte.
        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : high & (1 << UInt64(byte & 63)) != 0
        }
    }

    // MARK: Program

    enum Assertion: Equatable { case start, end, wordBoundary, notWordBoundary }

    enum Instruction {
        case scalar(ScalarSet)
        case split(Int, Int)
        case jump(Int)
        case assert(Assertion)
        case match
    }

    /// A set of characters: ranges, the shorthand classes, and whether it is negated.
    struct ScalarSet {
        var ranges: [ClosedRange<UInt32>] = []
        var classes: [Character] = []
        /// `\p{…}` (and, negated, `\P{…}`): Unicode general categories.
        var categories: [(members: Set<Unicode.GeneralCategory>, negated: Bool)] = []
        var negated = false
        var anyButNewline = false

        static func isWord(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }

        /// The ASCII characters the set takes (`contains` of each), made from the ranges and from each
        /// shorthand's ASCII members (worked out once per process), so reading a pattern asks Unicode's tables
        /// nothing for the sets schemas write (`[0-9a-fA-F]`, `\d`, `\w`).
        func asciiSet(ignoringCase: Bool) -> ASCIISet {
            if anyButNewline { return ASCIISet(low: ~(1 << 10), high: ~0) }
            var exact = ASCIISet()
            for range in ranges where range.lowerBound < 128 {
                for byte in range.lowerBound...min(range.upperBound, 127) { exact.insert(UInt8(byte)) }
            }
            for shorthand in classes { exact.formUnion(Self.asciiClassSet(shorthand)) }
            if !categories.isEmpty {
                for byte in 0..<128 {
                    let category = Unicode.Scalar(UInt8(byte)).properties.generalCategory
                    if categories.contains(where: { $0.members.contains(category) != $0.negated }) { exact.insert(UInt8(byte)) }
                }
            }
            var found = exact
            if ignoringCase {
                // An ASCII letter's other case is the ASCII letter 32 places away; A–Z and a–z are both in the
                // high word (bits 1–26 and 33–58).
                let upper: UInt64 = 0x7FF_FFFE, lower: UInt64 = 0x7FF_FFFE << 32
                found.high |= (exact.high & lower) >> 32 | (exact.high & upper) << 32
            }
            return negated ? ASCIISet(low: ~found.low, high: ~found.high) : found
        }

        /// `asciiSet` the slow way, `contains` asked of each ASCII character (for the tests that hold both
        /// ways to the same sets).
        func asciiSetByteByByte(ignoringCase: Bool) -> ASCIISet {
            var set = ASCIISet()
            for byte in 0..<128 where contains(Unicode.Scalar(UInt8(byte)), ignoringCase: ignoringCase) { set.insert(UInt8(byte)) }
            return set
        }

        /// The ASCII members of the shorthands `\d \D \w \W \s \S`, each asked of Unicode's tables once.
        private static let asciiClassSets: [(Character, ASCIISet)] = ["d", "D", "w", "W", "s", "S"].map {
            ($0, ScalarSet(classes: [$0]).asciiSetByteByByte(ignoringCase: false))
        }

        private static func asciiClassSet(_ shorthand: Character) -> ASCIISet {
            asciiClassSets.first { $0.0 == shorthand }?.1 ?? ASCIISet()
        }

        func contains(_ scalar: Unicode.Scalar, ignoringCase: Bool) -> Bool {
            if anyButNewline { return scalar != "\n" }
            var found = containsExactly(scalar)
            if !found, ignoringCase {
                for variant in [scalar.properties.lowercaseMapping, scalar.properties.uppercaseMapping] {
                    if let other = variant.unicodeScalars.first, variant.unicodeScalars.count == 1, containsExactly(other) {
                        found = true
                        break
                    }
                }
            }
            return found != negated
        }

        private func containsExactly(_ scalar: Unicode.Scalar) -> Bool {
            if ranges.contains(where: { $0.contains(scalar.value) }) { return true }
            if categories.contains(where: { $0.members.contains(scalar.properties.generalCategory) != $0.negated }) { return true }
            return classes.contains { shorthand in
                switch shorthand {
                case "d": scalar.properties.numericType == .decimal
                case "D": scalar.properties.numericType != .decimal
                case "w": Self.isWord(scalar)
                case "W": !Self.isWord(scalar)
                case "s": scalar.properties.isWhitespace
                case "S": !scalar.properties.isWhitespace
                default: false
                }
            }
        }
    }

    // MARK: Parsing

    indirect enum Node {
        case empty
        case set(ScalarSet)
        case assert(Assertion)
        case sequence([Node])
        case alternatives([Node])
        case repeated(Node, min: Int, max: Int?)
    }

    struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0
        var depth = 0

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        private var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        mutating func consume(_ text: String) -> Bool {
            let wanted = Array(text.unicodeScalars)
            guard position + wanted.count <= scalars.count, Array(scalars[position..<position + wanted.count]) == wanted else { return false }
            position += wanted.count
            return true
        }

        mutating func parseAll() throws(Failure) -> Node {
            let node = try alternatives()
            if position < scalars.count { throw .invalid("unbalanced ')' at \(position + 1)") }
            return node
        }

        private mutating func alternatives() throws(Failure) -> Node {
            var branches = [try sequence()]
            while current == "|" {
                position += 1
                branches.append(try sequence())
            }
            return branches.count == 1 ? branches[0] : .alternatives(branches)
        }

        private mutating func sequence() throws(Failure) -> Node {
            var items: [Node] = []
            while let scalar = current, scalar != "|", scalar != ")" {
                var atom = try self.atom()
                while let quantifier = try self.quantifier() {
                    if case .assert = atom { throw .invalid("nothing to repeat before '\(scalars[position - 1])'") }
                    atom = .repeated(atom, min: quantifier.min, max: quantifier.max)
                }
                items.append(atom)
            }
            return items.count == 1 ? items[0] : .sequence(items)
        }

        private mutating func quantifier() throws(Failure) -> (min: Int, max: Int?)? {
            guard let scalar = current else { return nil }
            var result: (min: Int, max: Int?)
            switch scalar {
            case "*": result = (0, nil)
            case "+": result = (1, nil)
            case "?": result = (0, 1)
            case "{":
                let start = position
                position += 1
                guard let low = number() else {
                    position = start
                    return nil
                }
                var high: Int? = low
                if current == "," {
                    position += 1
                    high = number()
                }
                guard current == "}" else {
                    position = start
                    return nil
                }
                if let high, high < low { throw .invalid("repetition {\(low),\(high)} has its bounds the wrong way round") }
                if low > BoundedRegex.repetitionLimit || (high ?? 0) > BoundedRegex.repetitionLimit {
                    throw .invalid("repetition counts above \(BoundedRegex.repetitionLimit) are not supported")
                }
                result = (low, high)
            default:
                return nil
            }
            position += 1
            if current == "?" || current == "+" { position += 1 }
            return result
        }

        private mutating func number() -> Int? {
            var value: Int?
            while let scalar = current, ("0"..."9").contains(scalar) {
                value = min((value ?? 0) * 10 + Int(scalar.value - 48), 1_000_000)
                position += 1
            }
            return value
        }

        private mutating func atom() throws(Failure) -> Node {
            guard let scalar = current else { throw .invalid("unexpected end of the pattern") }
            position += 1
            switch scalar {
            case "(":
                depth += 1
                guard depth <= 200 else { throw .invalid("groups nest too deeply") }
                defer { depth -= 1 }
                if consume("?:") {
                } else if current == "?" {
                    throw .invalid("look-around and other (?…) groups are not supported (only (?:…) and a leading (?i))")
                }
                let inner = try alternatives()
                guard current == ")" else { throw .invalid("missing ')'") }
                position += 1
                return inner
            case ".":
                var set = ScalarSet()
                set.anyButNewline = true
                return .set(set)
            case "^": return .assert(.start)
            case "$": return .assert(.end)
            case "[": return .set(try bracket())
            case "\\": return try escape(inBracket: false)
            case "*", "+", "?": throw .invalid("nothing to repeat before '\(scalar)'")
            default: return .set(ScalarSet(ranges: [scalar.value...scalar.value]))
            }
        }

        private mutating func escape(inBracket: Bool) throws(Failure) -> Node {
            guard let scalar = current else { throw .invalid("the pattern ends with a lone '\\'") }
            position += 1
            switch scalar {
            case "d", "D", "w", "W", "s", "S":
                return .set(ScalarSet(classes: [Character(scalar)]))
            case "p", "P":
                guard current == "{", let close = scalars[position...].firstIndex(of: "}") else {
                    throw .invalid("\\\(scalar) needs a {category}")
                }
                let name = String(String.UnicodeScalarView(scalars[(position + 1)..<close]))
                position = close + 1
                guard let members = BoundedRegex.category(named: name) else {
                    throw .invalid("unknown Unicode category \\\(scalar){\(name)} (general categories such as L, Letter, Nd are read)")
                }
                var set = ScalarSet()
                set.categories = [(members, scalar == "P")]
                return .set(set)
            case "b" where !inBracket: return .assert(.wordBoundary)
            case "B" where !inBracket: return .assert(.notWordBoundary)
            case "n": return literal("\n")
            case "t": return literal("\t")
            case "r": return literal("\r")
            case "f": return literal("\u{0C}")
            case "v": return literal("\u{0B}")
            case "0": return literal("\u{0}")
            case "x":
                var value: UInt32 = 0
                for _ in 0..<2 {
                    guard let digit = current, digit.isASCII, let nibble = HexDigits.value(of: UInt8(truncatingIfNeeded: digit.value)) else {
                        throw .invalid("\\x needs two hex digits")
                    }
                    value = value << 4 | UInt32(nibble)
                    position += 1
                }
                return .set(ScalarSet(ranges: [value...value]))
            case "1"..."9":
                throw .invalid("back-references (\\\(scalar)) are not supported")
            default:
                if scalar.properties.isAlphabetic { throw .invalid("unknown escape \\\(scalar)") }
                return literal(scalar)
            }
        }

        private func literal(_ scalar: Unicode.Scalar) -> Node {
            .set(ScalarSet(ranges: [scalar.value...scalar.value]))
        }

        private mutating func bracket() throws(Failure) -> ScalarSet {
            var set = ScalarSet()
            if current == "^" {
                set.negated = true
                position += 1
            }
            var first = true
            while let scalar = current, scalar != "]" || first {
                first = false
                position += 1
                var low: Unicode.Scalar = scalar
                if scalar == "\\" {
                    guard case .set(let escaped) = try escape(inBracket: true) else { continue }
                    if !escaped.classes.isEmpty || !escaped.categories.isEmpty {
                        set.classes += escaped.classes
                        set.categories += escaped.categories
                        continue
                    }
                    guard let range = escaped.ranges.first, let start = Unicode.Scalar(range.lowerBound) else { continue }
                    low = start
                }
                if current == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                    position += 1
                    var high = scalars[position]
                    position += 1
                    if high == "\\" {
                        guard case .set(let escaped) = try escape(inBracket: true), let range = escaped.ranges.first,
                              let end = Unicode.Scalar(range.lowerBound) else { throw .invalid("bad range in [...]") }
                        high = end
                    }
                    guard low.value <= high.value else { throw .invalid("range \(low)-\(high) is out of order") }
                    set.ranges.append(low.value...high.value)
                } else {
                    set.ranges.append(low.value...low.value)
                }
            }
            guard current == "]" else { throw .invalid("missing ']'") }
            position += 1
            return set
        }
    }

    /// The general categories `\p{name}` names: a one- or two-letter code or its long name
    /// (`L`/`Letter`, `Lu`/`Uppercase_Letter`, `Nd`/`Decimal_Number`), optionally after `gc=`.
    static func category(named written: String) -> Set<Unicode.GeneralCategory>? {
        var name = Substring(written)
        for prefix in ["General_Category=", "gc="] where name.hasPrefix(prefix) { name = name.dropFirst(prefix.count) }
        let groups: [(short: String, long: String, members: [Unicode.GeneralCategory])] = [
            ("L", "Letter", [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter]),
            ("LC", "Cased_Letter", [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter]),
            ("Lu", "Uppercase_Letter", [.uppercaseLetter]), ("Ll", "Lowercase_Letter", [.lowercaseLetter]),
            ("Lt", "Titlecase_Letter", [.titlecaseLetter]), ("Lm", "Modifier_Letter", [.modifierLetter]),
            ("Lo", "Other_Letter", [.otherLetter]),
            ("M", "Mark", [.nonspacingMark, .spacingMark, .enclosingMark]), ("Mn", "Nonspacing_Mark", [.nonspacingMark]),
            ("Mc", "Spacing_Mark", [.spacingMark]), ("Me", "Enclosing_Mark", [.enclosingMark]),
            ("N", "Number", [.decimalNumber, .letterNumber, .otherNumber]), ("Nd", "Decimal_Number", [.decimalNumber]),
            ("Nl", "Letter_Number", [.letterNumber]), ("No", "Other_Number", [.otherNumber]),
            ("P", "Punctuation", [.connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                                  .initialPunctuation, .finalPunctuation, .otherPunctuation]),
            ("Pc", "Connector_Punctuation", [.connectorPunctuation]), ("Pd", "Dash_Punctuation", [.dashPunctuation]),
            ("Ps", "Open_Punctuation", [.openPunctuation]), ("Pe", "Close_Punctuation", [.closePunctuation]),
            ("Pi", "Initial_Punctuation", [.initialPunctuation]), ("Pf", "Final_Punctuation", [.finalPunctuation]),
            ("Po", "Other_Punctuation", [.otherPunctuation]),
            ("S", "Symbol", [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol]), ("Sm", "Math_Symbol", [.mathSymbol]),
            ("Sc", "Currency_Symbol", [.currencySymbol]), ("Sk", "Modifier_Symbol", [.modifierSymbol]),
            ("So", "Other_Symbol", [.otherSymbol]),
            ("Z", "Separator", [.spaceSeparator, .lineSeparator, .paragraphSeparator]), ("Zs", "Space_Separator", [.spaceSeparator]),
            ("Zl", "Line_Separator", [.lineSeparator]), ("Zp", "Paragraph_Separator", [.paragraphSeparator]),
            ("C", "Other", [.control, .format, .surrogate, .privateUse, .unassigned]), ("Cc", "Control", [.control]),
            ("Cf", "Format", [.format]), ("Cs", "Surrogate", [.surrogate]), ("Co", "Private_Use", [.privateUse]),
            ("Cn", "Unassigned", [.unassigned]),
        ]
        return groups.first { $0.short == name || $0.long == name }.map { Set($0.members) }
    }

    // MARK: Compiling

    struct Compiler {
        let ignoresCase: Bool
        var program: [Instruction] = []

        mutating func emit(_ node: Node) throws(Failure) {
            guard program.count < BoundedRegex.stateLimit else { throw .invalid("the pattern is too large") }
            switch node {
            case .empty:
                break
            case .set(let set):
                program.append(.scalar(set))
            case .assert(let assertion):
                program.append(.assert(assertion))
            case .sequence(let items):
                for item in items { try emit(item) }
            case .alternatives(let branches):
                var jumps: [Int] = []
                for (offset, branch) in branches.enumerated() {
                    if offset < branches.count - 1 {
                        let split = program.count
                        program.append(.split(split + 1, -1))
                        try emit(branch)
                        jumps.append(program.count)
                        program.append(.jump(-1))
                        program[split] = .split(split + 1, program.count)
                    } else {
                        try emit(branch)
                    }
                }
                for jump in jumps { program[jump] = .jump(program.count) }
            case let .repeated(inner, minimum, maximum):
                for _ in 0..<minimum { try emit(inner) }
                if let maximum {
                    var splits: [Int] = []
                    for _ in minimum..<maximum {
                        splits.append(program.count)
                        program.append(.split(program.count + 1, -1))
                        try emit(inner)
                    }
                    for split in splits { program[split] = .split(split + 1, program.count) }
                } else {
                    let split = program.count
                    program.append(.split(split + 1, -1))
                    try emit(inner)
                    program.append(.jump(split))
                    program[split] = .split(split + 1, program.count)
                }
            }
        }
    }

    /// States of one step, with O(1) insertion and clearing by generation.
    struct StateSet {
        private var marks: [Int]
        private var generation = 1
        private(set) var members: [Int] = []

        init(capacity: Int) {
            marks = Array(repeating: 0, count: capacity)
        }

        mutating func insert(_ index: Int) -> Bool {
            guard marks[index] != generation else { return false }
            marks[index] = generation
            members.append(index)
            return true
        }

        mutating func clear() {
            generation += 1
            members.removeAll(keepingCapacity: true)
        }
    }
}
