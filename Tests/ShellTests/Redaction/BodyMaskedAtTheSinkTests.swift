import DemoAPIs
import Facade
import Foundation
import HTTPClient
import JSON
@testable import Shell
import Testing

/// A body is masked once, by the output that writes it: presenters and the report renderer hand it on
/// holding its secrets, and `RedactingOutput` masks it as it renders it (pretty JSON string by string and
/// name by name, JSON lines member by member, text as text).
@Suite struct BodyMaskedAtTheSinkTests {
    private func makeShell(color: Bool = false) throws -> DemoShell {
        var options = ShellOptions()
        options.color = color
        options.stdoutIsTerminal = true
        options.width = { 0 }
        return try DemoShell(options: options)
    }

    @Test(arguments: [false, true])
    func aSecretInANameOrAValueOfAShownBodyIsMasked(color: Bool) throws {
        // GIVEN a bearer token of the session, and an answer that reflects it as a member name and in values
        let shell = try makeShell(color: color)
        #expect(shell.engine.execute("auth bearer TKsink0042"))
        #expect(shell.engine.execute(
            "post \(shell.server.baseURL)/echo TKsink0042=named note='says TKsink0042 here' password=PWsink0099 Content-Type:application/json"))
        // THEN the pretty body on the terminal holds neither the token nor the credential-named value
        let shown = shell.output.output
        #expect(shown.contains("\"json\""), "\(shown)")
        #expect(!shown.contains("TKsink0042"), "\(shown)")
        #expect(!shown.contains("PWsink0099"), "\(shown)")
        #expect(shown.contains("says ••• here"), "\(shown)")
    }

    @Test func theRendererHandsTheBodyOnUnmasked() throws {
        // GIVEN a report with a JSON body that holds a secret of the session
        let shell = try makeShell()
        #expect(shell.engine.execute("auth bearer TKsink0043"))
        var report = CommandReport(lines: ["status"])
        report.shownBody = .document(try JSONDocument.parse(Data(#"{"token": "TKsink0043"}"#.utf8)))
        // WHEN the report renderer writes it
        var text = ""
        var handed: [ShownBody] = []
        ReportRenderer(session: shell.session).write(report, to: { text += $0 }, body: { handed.append($0) })
        // THEN the lines are written and the body is handed on as it is, for the output to mask
        #expect(text == "status\n")
        guard case .document(let document)? = handed.first else {
            Issue.record("the body was not handed on: \(handed)")
            return
        }
        #expect(String(decoding: document.data, as: UTF8.self).contains("TKsink0043"))
        // AND the output masks it as it writes it
        let sink = BufferedOutput()
        RedactingOutput(sink, session: shell.session, isStandardOutput: true).writeShown(handed[0])
        #expect(sink.output == "{\n  \"token\": \"•••\"\n}\n", "\(sink.output)")
    }

    @Test func aTextBodyAndJSONLinesAreMaskedByTheOutput() throws {
        let shell = try makeShell()
        #expect(shell.engine.execute("auth bearer TKsink0044"))
        let sink = BufferedOutput()
        let output = RedactingOutput(sink, session: shell.session, isStandardOutput: true)
        output.writeShown(.text("plain TKsink0044 and Authorization: Bearer other", cut: "\n… (3 more bytes)"))
        output.writeShown(.jsonLines([.object(JSONObject([("api_key", .string("K123")), ("n", .string("TKsink0044"))]))]))
        #expect(sink.output == "plain ••• and Authorization: Bearer •••\n… (3 more bytes)\n{\"api_key\":\"•••\",\"n\":\"•••\"}\n",
                "\(sink.output)")
    }
}
