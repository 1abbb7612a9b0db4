import DemoAPIs
import Facade
import HTTPClient
import Shell
import TestSupport
import ScriptLanguage

/// Lines read into statements (`CommandRegistry.statements(in:)`, the engine's reading, and the tolerant one
/// masking and completion use). Must hold: no crash or hang; each word's span holds exactly the word as
/// typed; the tolerant reading of a line the strict one accepts is the same; and a statement printed
/// (`Statement.text`) and read again is the same statement — its words, input, output and comment, and
/// its text printed once more — or is refused when a word holds a line break.
struct StatementTarget: FuzzTarget {
    let name = "statements"
    private let session = Session(
        facade: ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue), bundles: DemoAPIs.bundles)
    private let pieces = [
        " ", "\t", "'", "\"", "\\", "$", "${a:-x}", "$a", "$env.HOME", ";", "#", " #c", "|", " | jq .", ">", ">>", "<",
        "<<", "<<EOF", " > out.json", " < body.json", "auth ", "bearer ", "basic ", "key ", "get ", "post ", "call ",
        "set ", "expect ", "header ", "x ", "key==s3", "password=p4", "Authorization:'Bearer t0k'", "X-API-Key:k3y",
        "'a b;c'", "\"d $a\"", "--service", "--", "é", "😀", "\n", "\r", "\0", "=", ":=",
    ].map { Array($0.utf8) }

    mutating func generate(using random: inout SeededRandom) -> [UInt8] {
        var line: [UInt8] = []
        for _ in 0..<random.length(upTo: 40) {
            if random.chance(80) {
                line += random.pick(pieces)
            } else {
                line.append(UInt8(ascii: "a") + UInt8(random.below(26)))
            }
        }
        if random.chance(10) { line.mutate(using: &random, dictionary: pieces) }
        return line
    }

    mutating func run(_ input: [UInt8]) throws(FuzzFailure) {
        let line = String(decoding: input, as: UTF8.self)
        let bytes = Array(line.utf8)
        let registry = session.registry
        let tolerant = registry.statementsTolerantly(in: line, session: session)
        for statement in tolerant {
            for (word, span) in zip(statement.words, statement.syntax.wordSpans) where span.upperBound > bytes.count
                || String(decoding: bytes[span], as: UTF8.self) != word.text {
                throw FuzzFailure("a word's span does not hold the word: \(word.text) at \(span)")
            }
        }
        guard let statements = try? registry.statements(in: line, session: session) else { return }
        if statements.map(\.syntax) != tolerant.map(\.syntax) {
            throw FuzzFailure("the tolerant reading differs from the strict one")
        }
        for statement in statements {
            guard let text = try? statement.text() else { continue }
            let again: [Statement]
            do {
                again = try registry.statements(in: text, session: session)
            } catch {
                throw FuzzFailure("a printed statement does not read back: \(text): \(error)")
            }
            guard again.count == 1, let reread = again.first else {
                throw FuzzFailure("a printed statement reads back as \(again.count) statements: \(text)")
            }
            let before = statement.syntax, after = reread.syntax
            guard after.words.map(\.parts) == before.words.map(\.parts), after.input.map(Self.shape) == before.input.map(Self.shape),
                  after.output.map(Self.shape) == before.output.map(Self.shape), after.comment == before.comment
            else { throw FuzzFailure("a printed statement reads back as another: \(text)") }
            guard (try? reread.text()) == text else { throw FuzzFailure("a statement prints differently once read back: \(text)") }
        }
    }

    /// Input and output by what they mean, not how their words were typed.
    private static func shape(_ input: ParsedCommand.Input) -> String {
        switch input {
        case .file(let word): "< \(word.parts)"
        case .heredoc(let delimiter): "<< \(delimiter)"
        }
    }

    private static func shape(_ output: ParsedCommand.Output) -> String {
        switch output {
        case .pipe(let command): "| \(command)"
        case .file(let word, let append): (append ? ">> " : "> ") + "\(word.parts)"
        }
    }
}
