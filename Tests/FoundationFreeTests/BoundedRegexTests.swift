@testable import FoundationFree
import TestSupport
import Testing

/// `expect PATH matches REGEX` matches in linear time: the same answers as a backtracking engine on
/// ordinary patterns, an answer at once on the patterns that make one run for ever.
@Suite struct BoundedRegexTests {
    static let cases: [(pattern: String, text: String)] = [
        ("^Apple", "Apple Inc."), ("^Apple", "Pineapple"), ("Inc\\.$", "Apple Inc."), ("Inc\\.$", "Apple Inc.\n"),
        ("a.c", "abc"), ("a.c", "a\nc"), ("colou?r", "color"), ("colou?r", "colour"), ("colou?r", "colouur"),
        ("^[A-Z]{3}$", "AAPL"), ("^[A-Z]{3}$", "IBM"), ("^[A-Z]{2,4}$", "A"), ("^[A-Z]{2,}$", "ABCDEFG"),
        ("^\\d+(\\.\\d{1,2})?$", "530.12"), ("^\\d+(\\.\\d{1,2})?$", "530.123"), ("^-?\\d+$", "-3"),
        ("^(cat|dog)s?$", "dogs"), ("^(cat|dog)s?$", "cow"), ("[^a-z]", "abc"), ("[^a-z]", "abC"),
        ("\\bcat\\b", "a cat sat"), ("\\bcat\\b", "concatenate"), ("\\Bcat", "concat"), ("\\s\\S\\w\\W", " x_!"),
        ("^(?:ab)+$", "ababab"), ("^(?:ab)+$", "ababa"), ("x*", ""), ("^$", ""), ("^a|b$", "cb"),
        ("[\\d-]+", "12-3"), ("[a\\]]", "]"), ("^.*$", "anything"), ("\\x41", "A"), ("é+", "café"),
        ("^(a+)+$", "aaaa"), ("^(a|aa)+$", "aaaa"), ("a{0}b", "b"), ("^a{2,3}?$", "aaa"),
    ]

    @Test(arguments: cases)
    func answersAsABacktrackingEngineDoes(pattern: String, text: String) throws {
        let expected = try Regex(pattern).firstMatch(in: text) != nil
        #expect(try BoundedRegex(pattern).matches(text) == expected, "\(pattern) on \(text)")
    }

    /// An ASCII text is matched byte by byte against each set's ASCII members: the same answers as scalar
    /// by scalar, for every set kind (ranges, negation, shorthands, `.`, case folding, word boundaries).
    @Test func anASCIITextGetsTheAnswersScalarByScalarGives() throws {
        let patterns = ["^[a-z]+-[0-9]+$", "[^a-z]", "\\d\\s\\w", "\\D\\S\\W", "a.c", "(?i)^[a-f]+$", "(?i)Zz",
                        "\\bcat\\b", "\\Bcat", "^$", "[\\x20-\\x2F]", "(?i)[^q]x", "^.*$"]
        let texts = ["abc-123", "ABC-123", "a\nc", "abc", " 1x", "x9 ", "FACE", "fAcE", "zZ", "a cat", "concat", "",
                     "!/", "Qx", "qx", "line\n", "\t_"]
        for pattern in patterns {
            let regex = try BoundedRegex(pattern)
            for text in texts {
                #expect(try regex.matches(text) == regex.matchesScalarByScalar(text), "\(pattern) on \(text.debugDescription)")
            }
        }
    }

    /// A program of more than 64 instructions is matched by state arrays, the ones within 64 by bit masks:
    /// both give a backtracking engine's answers.
    @Test func longAndShortProgramsGiveTheSameAnswers() throws {
        let cases = [("^(ab){40}$", String(repeating: "ab", count: 40)), ("^(ab){40}$", String(repeating: "ab", count: 39)),
                     ("\\b(ab){30}\\b", " " + String(repeating: "ab", count: 30) + " "), ("(ab){3}c", "xabababcx"),
                     ("^[a-z]+-[0-9]+$", "abc-123"), ("^[a-z]+-[0-9]+$", "abc-12x"), ("\\bcat\\b", "cat")]
        for (pattern, text) in cases {
            let expected = try Regex(pattern).firstMatch(in: text) != nil
            #expect(try BoundedRegex(pattern).matches(text) == expected, "\(pattern) on \(text)")
        }
    }

    /// The ASCII members of each set, made from its ranges and shorthands when a pattern is read, are the
    /// ones `contains` takes, character by character, for every kind of set, negated or not, in either case.
    @Test func eachSetsASCIIMembersAreTheOnesItTakes() throws {
        let patterns = ["[0-9a-fA-F]", "[^a-z]", "\\d", "\\D", "\\w", "\\W", "\\s", "\\S", ".", "[\\x20-\\x2F]", "[\\d-]",
                        "[a\\]]", "\\p{Lu}", "\\P{L}", "[^\\s\\d]", "é", "[À-ÿa]", "[K-k]", "x", "[\\x00-\\x7F]"]
        for pattern in patterns {
            var parser = BoundedRegex.Parser(Array(pattern.unicodeScalars))
            var node = try parser.parseAll()
            if case .sequence(let items) = node, items.count == 1 { node = items[0] }
            guard case .set(let set) = node else {
                Issue.record("\(pattern) is not one set")
                continue
            }
            for ignoringCase in [false, true] {
                #expect(set.asciiSet(ignoringCase: ignoringCase) == set.asciiSetByteByByte(ignoringCase: ignoringCase),
                        "\(pattern) ignoringCase: \(ignoringCase)")
            }
        }
    }

    /// Generated patterns (sets, shorthands, anchors, word boundaries, groups, alternatives, every quantifier,
    /// with and without `(?i)`) on generated ASCII texts: the one-word program (ASCII texts, at most 64
    /// instructions), the state arrays (longer programs) and the scalar-by-scalar matcher give one answer.
    @Test func generatedPatternsGetOneAnswerEveryWay() throws {
        var random = SeededRandom(seed: 0x5EED)
        let atoms = ["a", "b", "A", "-", "1", " ", "_", ".", "[a-c]", "[^a]", "[A-Z0-9]", "\\d", "\\w", "\\s", "\\W", "\\b", "\\B", "^", "$"]
        let quantifiers = ["", "", "", "*", "+", "?", "{2}", "{1,3}", "{0,2}?", "{2,}"]
        func pattern(depth: Int) -> String {
            var text = ""
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                var atom = atoms.randomElement(using: &random) ?? "a"
                if depth < 2, Int.random(in: 0..<5, using: &random) == 0 {
                    atom = "(" + pattern(depth: depth + 1) + "|" + pattern(depth: depth + 1) + ")"
                }
                let quantifier = quantifiers.randomElement(using: &random) ?? ""
                // An anchor or a boundary cannot be repeated.
                text += atom + (["^", "$", "\\b", "\\B"].contains(atom) ? "" : quantifier)
            }
            return text
        }
        let alphabet = Array("aAbB-1 _\nz")
        var compared = 0, long = 0
        for _ in 0..<400 {
            let source = (Int.random(in: 0..<4, using: &random) == 0 ? "(?i)" : "") + pattern(depth: 0)
            guard let regex = try? BoundedRegex(source) else { continue }
            if regex.programCount > 64 { long += 1 }
            for _ in 0..<12 {
                let text = String((0..<Int.random(in: 0...9, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "a" })
                #expect(try regex.matches(text) == regex.matchesScalarByScalar(text), "\(source) on \(text.debugDescription)")
                compared += 1
            }
        }
        #expect(compared > 3_000)
        #expect(long > 0, "some generated programs are longer than 64 instructions")
    }

    @Test func caseInsensitiveWithALeadingFlag() throws {
        #expect(try BoundedRegex("(?i)^apple$").matches("APPLE"))
        #expect(try !BoundedRegex("^apple$").matches("APPLE"))
    }

    @Test func catastrophicPatternsAnswerAtOnce() throws {
        // GIVEN patterns that take a backtracking engine 2^n steps on a near miss
        let text = String(repeating: "a", count: 5_000) + "!"
        for pattern in ["^(a+)+$", "^(a|a)*$", "^(a*)*$", "^(a|aa)+$", "(x+x+)+y"] {
            #expect(try !BoundedRegex(pattern).matches(text), "\(pattern)")
        }
    }

    @Test func aMatchStopsAtItsBudgetAndAtCtrlC() throws {
        let regex = try BoundedRegex("(a|b|c|d)*e")
        let text = String(repeating: "abcd", count: 10_000)
        #expect(throws: BoundedRegex.Failure.tooCostly) { try regex.matches(text, budget: 100_000) }
        let token = CancellationToken()
        token.cancel()
        #expect(throws: BoundedRegex.Failure.cancelled) { try regex.matches(text, cancellation: token) }
    }

    @Test(arguments: ["(a", "a)", "[a", "*a", "a{3,1}", "(?=a)", "(a)\\1", "\\q", "a{5000}"])
    func patternsItCannotMatchAreRefusedWhenRead(pattern: String) {
        #expect(throws: BoundedRegex.Failure.self) { try BoundedRegex(pattern) }
    }
}
