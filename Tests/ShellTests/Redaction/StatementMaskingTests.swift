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
        var fromSpans = 0
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
                if !statement.syntax.hasOperators {
                    #expect(CommandLineRedactor.typedStarts(of: statement.syntax, in: line) != nil, "\(line)")
                    fromSpans += 1
                }
            }
        }
        // AND the statements without operators (about two in three lines hold one) took the path that does
        // not read the text again
        #expect(fromSpans > 150)
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
