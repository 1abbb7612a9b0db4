import DemoAPIs
import Facade
import HTTPClient
import Secrets
import Testing
import TestSupport
@testable import ScriptLanguage
@testable import Shell
@testable import Commands

/// A statement carries the reading of its arguments (the form they fit and each word's role), and the
/// command's declared secrets come from that reading, not from the words read again.
@Suite struct ArgumentReadingTests {
    let session = Session(facade: ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue), bundles: DemoAPIs.bundles)

    private func statement(_ line: String, markingSecrets: Bool = true) throws -> Statement {
        let statements = try session.registry.statements(in: line, session: session, markingSecrets: markingSecrets)
        return try #require(statements.first)
    }

    @Test func aStatementCarriesTheFormItsArgumentsFit() throws {
        // GIVEN `auth bearer TOKEN SERVICE`  WHEN it is read into a statement
        let reading = try #require(try statement("auth bearer Tok3n petstore").reading)
        // THEN the reading is by the bearer form, it fits, and its secret is the token
        #expect(reading.form.words.contains("bearer"))
        #expect(reading.fits)
        #expect(reading.arguments.value("TOKEN") == "Tok3n")
        #expect(reading.declaredSecrets == [.whole(1)])
        // AND a line still being typed is read as well as it can be, and does not fit
        let typing = try #require(try statement("auth bearer").reading)
        #expect(!typing.fits)
        #expect(typing.form.words.contains("bearer"))
    }

    @Test(arguments: [31, 32, 33, 34] as [UInt64])
    func aReadingFitsExactlyWhenTheSignatureParsesTheWords(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var fitting = 0
        for _ in 0..<300 {
            // GIVEN a statement of any command, its arguments of every kind
            let line = try StatementTests.syntax(&random, generic: random.chance(50)).written()
            guard let statement = try session.registry.statements(in: line, session: session).first,
                  let command = statement.command, let reading = statement.reading else { continue }
            let words = statement.words.dropFirst().map { $0.literal ?? $0.text }
            // WHEN the signature parses the same words  THEN the reading fits exactly when it parses them,
            // and then as the same form, word for word
            let parsed = try? command.signature.parse(words)
            #expect(reading.fits == (parsed != nil), "\(line)")
            if let parsed, reading.fits {
                fitting += 1
                #expect(parsed.roles == reading.arguments.roles, "\(line)")
                #expect(parsed.subcommand == reading.arguments.subcommand, "\(line)")
            }
        }
        #expect(fitting > 30)
    }

    @Test func aSubcommandWithoutItsItemsDoesNotFitThoughALaterFormReadsIt() throws {
        // GIVEN `server set` without the NAME=VALUE it needs
        let reading = try #require(try statement("server set").reading)
        // THEN the reading does not fit, as parsing refuses it
        #expect(!reading.fits)
        #expect(throws: CommandSignature.Mismatch.self) { try ServerCommand().signature.parse(["set"]) }
    }

    private func marked(_ statement: Statement, in line: String) -> [Range<Int>] {
        var line = line
        return line.withUTF8 { session.registry.secretSpans(of: statement, in: $0, session: session) }
    }

    @Test func theDeclaredSecretsComeFromTheReadingTheStatementCarries() throws {
        // GIVEN the statement of `auth bearer ada:pw`, read by the bearer form (the whole word is the token)
        let line = "auth bearer ada:pw"
        let read = try statement(line, markingSecrets: false)
        #expect(marked(read, in: line) == [12..<18])
        // WHEN it carries a reading of the same words by the basic form instead (USER:PASSWORD)
        let basic = try #require(AuthCommand().signature.forms.first { $0.words.contains("basic") })
        let words = ["bearer", "ada:pw"]
        let other = ArgumentReading(form: basic, arguments: basic.read(words).arguments, fits: true)
        let carried = Statement(syntax: read.syntax, location: nil, command: read.command, reading: other,
                                keywordSpans: read.keywordSpans, secretSpans: [])
        // THEN the secret marked is the one that reading declares: only the password, the words not read again
        #expect(marked(carried, in: line) == [16..<18])
    }
}
