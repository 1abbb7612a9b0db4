import DemoAPIs
import Facade
import HTTPClient
import JSON
import Secrets
import Testing
import TestSupport
@testable import ScriptLanguage
@testable import Shell
@testable import Commands

/// The line the engine shows is masked from the statement it already holds (its spans in the line it was
/// read from), not from its typed text read again; both give the same masked text.
@Suite struct StatementMaskingTests {
    private static func session(holding secrets: [String]) -> Session {
        let session = Session(facade: ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue), bundles: DemoAPIs.bundles)
        session.addSentSecrets(secrets)
        return session
    }

    /// Each statement of `line` (read as the engine reads it, without secrets) masked from its spans, and its
    /// typed text masked by reading it again.
    private static func bothMaskings(of line: String, session: Session) throws -> [(statement: Statement, fromSpans: String, readAgain: String)] {
        try session.registry.statements(in: line, session: session, markingSecrets: false).map { statement in
            let typed = ShellEngine.typedLine(statement.words) + statement.syntax.operatorText
            return (statement, session.redactLine(statement, in: line), session.redactLine(typed))
        }
    }

    @Test(arguments: [21, 22, 23, 24, 25, 26] as [UInt64])
    func maskingFromTheStatementIsMaskingTheTypedText(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        // GIVEN a session that holds some of the generator's secrets, and the word `auth` as one
        let session = Self.session(holding: ["S3cr1t", "S3cr42t", "auth"])
        var withOperators = 0
        for _ in 0..<300 {
            // AND a line of one to three statements, with blanks before and between them, so a statement's
            // bytes in the line are not where they are in its typed text
            let count = 1 + random.below(3)
            var parts: [String] = []
            for _ in 0..<count {
                var syntax = StatementTests.syntax(&random, generic: random.chance(50))
                syntax.comment = nil
                parts.append(try syntax.written())
            }
            let line = String(repeating: " ", count: random.below(3)) + parts.joined(separator: random.pick([";", "; ", " ;  ", "\t; "]))
            // WHEN each statement is masked from its spans  THEN it is the typed text masked
            // (a pipe takes the rest of the line, so some joined lines are one statement; none is refused)
            for (statement, masked, expected) in try Self.bothMaskings(of: line, session: session) {
                #expect(masked == expected, "\(line)")
                if statement.syntax.hasOperators { withOperators += 1 }
            }
        }
        // AND statements with `<`, `<<`, `>`, `>>` or `|` were among them
        #expect(withOperators > 100)
    }

    @Test func aSecretTypedInALaterStatementOfTheLineIsMasked() throws {
        let session = Self.session(holding: [])
        // GIVEN a plain get, then a statement that declares its secret, on one line with blanks
        let masked = try Self.bothMaskings(of: "get /x ;   auth bearer  Tok3nXyz p", session: session)
        // THEN the get is shown as typed and the token is masked in the second
        #expect(masked.map(\.fromSpans) == ["get /x", "auth bearer \(Redactor.mask) p"])
        #expect(masked.map(\.readAgain) == masked.map(\.fromSpans))
    }

    @Test func aSecretTheSessionHoldsIsMaskedInAPlainGet() throws {
        // GIVEN the session holds a token  WHEN a plain get carries it in its path and its query
        let session = Self.session(holding: ["Tok3nXyz"])
        let masked = try Self.bothMaskings(of: "  get /pets/Tok3nXyz q==Tok3nXyz", session: session)
        // THEN both are masked, and nothing else
        #expect(masked.map(\.fromSpans) == ["get /pets/\(Redactor.mask) q==\(Redactor.mask)"])
        #expect(masked.map(\.readAgain) == masked.map(\.fromSpans))
    }

    @Test func aPipeAndAHeredocAreMaskedAsTheirTypedText() throws {
        let session = Self.session(holding: ["Tok3nXyz"])
        // GIVEN a statement with a heredoc, and one with a pipe whose shell command holds a credential item
        let masked = try Self.bothMaskings(of: "post /y Tok3nXyz <<EOF;get /x password=Pw1 | grep token=Tok9", session: session)
        // THEN each is masked as its typed text is
        #expect(masked.map(\.fromSpans) == [
            "post /y \(Redactor.mask) << EOF", "get /x password=\(Redactor.mask) | grep token=\(Redactor.mask)",
        ])
        #expect(masked.map(\.readAgain) == masked.map(\.fromSpans))
    }

    @Test(arguments: ["<", "<<", ">", ">>"])
    func aSecretBeforeAndAfterAnOperatorIsMasked(symbol: String) throws {
        // GIVEN the session holds a token, and a line with blanks and tabs around the operator, a credential
        // item and the token before it, and another item and the token after its file (a word the line
        // gives the command though it is typed after the operator)
        let session = Self.session(holding: ["Tok3nXyz"])
        let line = "  post /y password=Pw1 Tok3nXyz \t\(symbol)   out.json\t key==K3y9 Tok3nXyz  "
        // WHEN the statement is masked from its spans
        let masked = try Self.bothMaskings(of: line, session: session)
        // THEN both sides are masked, the words one space apart and the operator last, as its typed text is
        let mask = Redactor.mask
        #expect(masked.map(\.fromSpans) == ["post /y password=\(mask) \(mask) key==\(mask) \(mask) \(symbol) out.json"])
        #expect(masked.map(\.readAgain) == masked.map(\.fromSpans))
    }

    @Test func aSecretBeforeAPipeAndInItsShellCommandIsMasked() throws {
        // GIVEN a secret the session holds and a credential item before `|`, and both in the shell command
        // after it, with blanks (an ideographic space among them) around the command
        let session = Self.session(holding: ["Tok3nXyz"])
        let line = "get /x token==T0k Tok3nXyz \t|  \u{3000}grep token=Tok9 Tok3nXyz \u{3000} "
        // WHEN the statement is masked from its spans  THEN the shell command is shown trimmed, masked
        let masked = try Self.bothMaskings(of: line, session: session)
        let mask = Redactor.mask
        #expect(masked.map(\.fromSpans) == ["get /x token==\(mask) \(mask) | grep token=\(mask) \(mask)"])
        #expect(masked.map(\.readAgain) == masked.map(\.fromSpans))
    }

    @Test func aSecretInTheFileOfAnOperatorIsMasked() throws {
        // GIVEN files and a closing word that hold a secret the session holds or are named like credentials
        let session = Self.session(holding: ["Tok3nXyz"])
        let masked = try Self.bothMaskings(
            of: "post /y < Tok3nXyz.json >> 'key=S3cr' ; post /z <<Tok3nXyz > out.json ; get /x > password=Pw2", session: session)
        // THEN each is masked, the operators in the order typed
        let mask = Redactor.mask
        #expect(masked.map(\.fromSpans) == [
            "post /y < \(mask).json >> 'key=\(mask)'", "post /z << \(mask) > out.json", "get /x > password=\(mask)",
        ])
        #expect(masked.map(\.readAgain) == masked.map(\.fromSpans))
    }

    @Test func aStatementWithAnOperatorIsMaskedFromTheReadingItCarries() throws {
        // GIVEN the statement of `auth bearer ada:pw > out.json`, read by the bearer form (the word is the token)
        let session = Self.session(holding: [])
        let line = "auth bearer ada:pw > out.json"
        let read = try #require(try session.registry.statements(in: line, session: session, markingSecrets: false).first)
        #expect(session.redactLine(read, in: line) == "auth bearer \(Redactor.mask) > out.json")
        // WHEN it carries a reading of its words by the basic form instead (USER:PASSWORD)
        let basic = try #require(AuthCommand().signature.forms.first { $0.words.contains("basic") })
        let other = ArgumentReading(form: basic, arguments: basic.read(["bearer", "ada:pw"]).arguments, fits: true)
        let carried = Statement(syntax: read.syntax, location: nil, command: read.command, reading: other,
                                keywordSpans: read.keywordSpans, secretSpans: [])
        // THEN the line shown masks what that reading declares: its typed text was not read again
        #expect(session.redactLine(carried, in: line) == "auth bearer ada:\(Redactor.mask) > out.json")
    }

    @Test func theLineAScriptShowsIsMaskedFromItsStatement() throws {
        // GIVEN a script run with --json against the demo server, whose second statement sets a token
        let server = try LiveDemoServer()
        var options = ShellOptions()
        options.json = true
        options.width = { 0 }
        let output = BufferedOutput()
        let session = Session(facade: ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue),
                              bundles: DemoAPIs.bundles, options: options)
        let engine = ShellEngine(session: session, output: output)
        // WHEN one line sets it and sends it in a plain get
        _ = engine.execute("set token Tok3nXyz ;  get \(server.baseURL)/nothing/Tok3nXyz", at: SourceLocation(file: "t.apish", line: 1))
        // THEN the command shown for the get has it masked, and no output holds it
        let everything = output.output + output.errors
        #expect(!everything.contains("Tok3nXyz"), "\(everything)")
        #expect(everything.contains("get \(server.baseURL)/nothing/\(Redactor.mask)"), "\(everything)")
    }
}
