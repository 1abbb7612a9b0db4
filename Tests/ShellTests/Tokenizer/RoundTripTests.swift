@testable import Shell
import Testing
import TestSupport
@testable import ScriptLanguage

/// A parsed command written back (`ParsedCommand.written`) and parsed again is the same command: the same
/// words (their literal and variable parts), input and output. Checked on generated commands whose
/// words hold every kind of text the language treats specially.
@Suite struct RoundTripTests {
    /// Text that is syntax somewhere: blanks, quotes, escapes, `$`, comments, separators, operators, braces,
    /// non-ASCII and controls other than line breaks.
    static let alphabet: [String] = ["a", "Z", "7", " ", "\t", "'", "\"", "\\", "$", "#", ";", "|", ">", "<", "{", "}", "=", ":", "@",
                                     "-", ".", "/", "é", "\u{301}", "😀", "\u{1B}", "\0", "*", "~", "%"]

    static func literal(_ random: inout SeededRandom) -> String {
        String((0..<random.below(6)).map { _ in random.pick(alphabet) }.joined())
    }

    static func name(_ random: inout SeededRandom) -> String {
        let first = random.pick(["x", "env", "token", "A_1"])
        return random.chance(30) ? first + "." + random.pick(["HOME", "k2"]) : first
    }

    static func word(_ random: inout SeededRandom) -> Word {
        var parts: [Word.Part] = []
        for _ in 0..<random.below(4) {
            switch random.below(3) {
            case 0:
                let text = literal(&random)
                guard !text.isEmpty else { continue }
                if case .literal(let previous)? = parts.last { parts[parts.count - 1] = .literal(previous + text) } else { parts.append(.literal(text)) }
            case 1:
                parts.append(.variable(name(&random)))
            default:
                var fallback = literal(&random)
                fallback.unicodeScalars.removeAll { $0 == "}" }
                parts.append(.variableWithDefault(name(&random), fallback: fallback))
            }
        }
        return Word(parts: parts, text: "")
    }

    static func command(_ random: inout SeededRandom) -> ParsedCommand {
        var command = ParsedCommand(words: [Word(literal: random.pick(["call", "get", "post", "x"]))])
        command.words += (0..<random.below(5)).map { _ in word(&random) }
        switch random.below(4) {
        case 0: command.input = .file(word(&random))
        case 1: command.input = .heredoc(delimiter: random.pick(["EOF", "END", "a b"]))
        default: break
        }
        switch random.below(4) {
        case 0: command.output = .pipe(random.pick(["jq .", "wc -c", "grep 'a b' | head -1"]))
        case 1: command.output = .file(word(&random), append: random.chance(50))
        default: break
        }
        return command
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func aWrittenCommandParsesBackAsItself(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        for _ in 0..<400 {
            let original = Self.command(&random)
            let line = try original.written()
            let parsed: [ParsedCommand]
            do {
                parsed = try Tokenizer.parse(line) { _ in true }
            } catch {
                Issue.record("\(error) in \(line) from \(original.words.map(\.parts))")
                continue
            }
            #expect(parsed.count == 1, "\(line)")
            guard let again = parsed.first else { continue }
            #expect(again.words.map(\.parts) == original.words.map(\.parts), "\(line)")
            #expect(again.input.map(Self.shape) == original.input.map(Self.shape), "\(line)")
            #expect(again.output.map(Self.shape) == original.output.map(Self.shape), "\(line)")
            // AND writing it again gives the same line
            #expect(try again.written() == line)
        }
    }

    @Test func whatNoLineCanHoldIsRefused() {
        #expect(throws: TokenizerError.self) { try Word(parts: [.literal("a\nb")], text: "").written() }
        #expect(throws: TokenizerError.self) { try Word(parts: [.variableWithDefault("x", fallback: "}")], text: "").written() }
        #expect(throws: TokenizerError.self) { try Word(parts: [.variableWithDefault("x", fallback: "}\u{301}")], text: "").written() }
    }

    /// Input and output by what they mean, not how their words were typed.
    static func shape(_ input: ParsedCommand.Input) -> String {
        switch input {
        case .file(let word): "< \(word.parts)"
        case .heredoc(let delimiter): "<< \(delimiter)"
        }
    }

    static func shape(_ output: ParsedCommand.Output) -> String {
        switch output {
        case .pipe(let command): "| \(command)"
        case .file(let word, let append): (append ? ">> " : "> ") + "\(word.parts)"
        }
    }
}
