import DemoAPIs
import Facade
import HTTPClient
import Secrets
import Testing
import TestSupport
@testable import ScriptLanguage
@testable import Shell
@testable import Commands

/// A line read once into statements: printing a statement and reading it again gives the same statement,
/// and the redactor masks exactly the bytes the statements mark secret.
@Suite struct StatementTests {
    let session = Session(facade: ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue), bundles: DemoAPIs.bundles)

    /// Secrets the generator puts in lines, each a marker no other text holds.
    static func secret(_ random: inout SeededRandom) -> String {
        "S3cr" + String(random.below(1000)) + "t"
    }

    /// An argument of any kind the language has: plain, quoted (with blanks, `;`, `#`, `|`), variables,
    /// options, items (credential-named or not), header items with an auth scheme.
    static func argument(_ random: inout SeededRandom, generic: Bool) -> Word {
        if generic, random.chance(40) { return RoundTripTests.word(&random) }
        let secret = secret(&random)
        let text = random.pick([
            "p", "weather", "--service", "--json", "limit=5", "city==Seoul", "key==\(secret)", "password=\(secret)",
            "token:=\(secret)", "Authorization:Bearer \(secret)", "X-API-Key:\(secret)", "a b;c", "x # y", "a|b>c",
            "https://h.test/x?q=1", "user:\(secret)", "name=\(secret)", "Bearer", "--", "-",
        ])
        return Word(literal: text)
    }

    /// A statement over every construct: a known command (with a subcommand), or an unknown word; its
    /// arguments; `< FILE`, `<<WORD`, `| CMD`, `> FILE`, `>> FILE` where the command takes operators; a comment.
    static func syntax(_ random: inout SeededRandom, generic: Bool) -> ParsedCommand {
        let heads: [[String]] = [
            ["auth", "bearer"], ["auth", "basic"], ["auth", "key"], ["auth", "clear"], ["get"], ["post"], ["call"],
            ["set", "token"], ["header", "Authorization"], ["expect", "status"], ["use"], ["x"], ["AUTH", "Bearer"],
        ]
        let head = random.pick(heads)
        var command = ParsedCommand(words: head.map { Word(literal: $0) })
        command.words += (0..<random.below(5)).map { _ in argument(&random, generic: generic) }
        let takesOperators = !["set", "expect"].contains(head[0])
        if takesOperators {
            switch random.below(4) {
            case 0: command.input = .file(generic ? RoundTripTests.word(&random) : Word(literal: "body.json"))
            case 1: command.input = .heredoc(delimiter: random.pick(["EOF", "END", "a b"]))
            default: break
            }
            switch random.below(4) {
            case 0: command.output = .pipe(random.pick(["jq .", "grep token=\(secret(&random))", "grep 'a b' | head -1"]))
            case 1: command.output = .file(generic ? RoundTripTests.word(&random) : Word(literal: "out.json"), append: random.chance(50))
            default: break
            }
        }
        // A comment after a pipe is the pipe's: the shell command takes the rest of the line.
        if case .pipe? = command.output {} else if random.chance(30) {
            command.comment = random.pick(["", " note", "#again", " a 'b' \"c\" ; d"])
        }
        return command
    }

    private func statement(_ line: String) throws -> Statement? {
        let statements = try session.registry.statements(in: line, session: session)
        #expect(statements.count == 1, "\(line)")
        return statements.first
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func aPrintedStatementReadsBackAsItself(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        for _ in 0..<300 {
            let original = Self.syntax(&random, generic: true)
            let line = try original.written()
            // GIVEN a statement read from its printed line
            guard let first = try statement(line) else { continue }
            #expect(first.words.map(\.parts) == original.words.map(\.parts), "\(line)")
            #expect(first.syntax.input.map(RoundTripTests.shape) == original.input.map(RoundTripTests.shape), "\(line)")
            #expect(first.syntax.output.map(RoundTripTests.shape) == original.output.map(RoundTripTests.shape), "\(line)")
            #expect(first.syntax.comment == original.comment, "\(line)")
            // WHEN it is printed and read again  THEN it is the same statement, spans and secrets included
            let again = try first.text()
            #expect(again == line)
            guard let second = try statement(again) else { continue }
            #expect(second.syntax == first.syntax, "\(line)")
            #expect(second.command?.name == first.command?.name, "\(line)")
            #expect(second.arguments?.words == first.arguments?.words, "\(line)")
            #expect(second.arguments?.subcommand == first.arguments?.subcommand, "\(line)")
            #expect(second.keywordSpans == first.keywordSpans, "\(line)")
            #expect(second.secretSpans == first.secretSpans, "\(line)")
        }
    }

    @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
    func theRedactorMasksExactlyWhatTheStatementMarksSecret(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        for _ in 0..<300 {
            let line = try Self.syntax(&random, generic: false).written()
            guard let statement = try statement(line) else { continue }
            // GIVEN the bytes the statement marks secret masked, and nothing else
            var expected = Array(line.utf8)
            for span in statement.secretSpans.reversed() {
                expected.replaceSubrange(span, with: Array(Redactor.mask.utf8))
            }
            // WHEN the shell masks the line  THEN it is exactly that
            let masked = CommandLineRedactor(registry: session.registry).redact(line, session: session, redactor: Redactor())
            #expect(masked == String(decoding: expected, as: UTF8.self), "\(line)")
        }
    }

    @Test func aTokenThatIsTheWordAuthIsMaskedNotTheSubcommand() {
        // GIVEN the session holds the bearer token `auth`  WHEN `auth bearer auth p` is masked
        let masked = Redactor(secrets: ["auth"]).redactCommandLine("auth bearer auth p")
        // THEN the token goes and the command's words stay
        #expect(masked == "auth bearer \(Redactor.mask) p")
        // AND a secret that runs across a command word is still masked whole
        let across = Redactor(secrets: ["auth", "x; auth"]).redactCommandLine("get x; auth bearer auth p")
        #expect(!across.contains("x; auth"))
    }

    @Test func theWordsAfterAPipeAreAShellCommandsAndItsCredentialItemsAreMasked() throws {
        let statement = try #require(try statement("get /x | grep token=abc123"))
        #expect(statement.words.map(\.text) == ["get", "/x"])
        #expect(Redactor().redactCommandLine("get /x | grep token=abc123") == "get /x | grep token=\(Redactor.mask)")
    }
}
