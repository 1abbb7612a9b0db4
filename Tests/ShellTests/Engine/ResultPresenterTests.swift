@testable import DemoAPIs
import Facade
import Foundation
import HTTPClient
import HTTPTypes
import Testing
@testable import Shell
@testable import Rendering
@testable import Commands

/// A command's result is one value; its text and its `--json` line are both made from it by presenters, and
/// a streaming command writes to its own output sink.
@Suite struct ResultPresenterTests {
    let session = Session(facade: ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue), bundles: DemoAPIs.bundles)

    private func text(_ result: RunResult) -> String {
        ReportRenderer(session: session).text(ResultPresenter(session: session).report(result))
    }

    @Test func aTableShowsAsTextAndAsObjectsFromOneValue() {
        // GIVEN a table under a heading line
        let table = Table(columns: [TableColumn("TAG"), TableColumn("OPERATIONS")], rows: [["pets", "3"]])
        let result = RunResult(.table(table, heading: ["petstore v1: 1 tag"]))
        // WHEN it is presented as text and as JSON
        // THEN the text has the heading and the table; the JSON has the rows as objects (the heading is text only)
        #expect(text(result) == "petstore v1: 1 tag\nTAG   OPERATIONS\npets  3\n")
        #expect(ResultJSONPresenter(session: session).line(result, command: "ops --tags").text(maskedBy: session.redactor)
            == #"{"command":"ops --tags","ok":true,"data":[{"tag":"pets","operations":"3"}]}"#)
    }

    @Test func aFailedRawRequestShowsItsBodyButNoStatusLine() {
        // GIVEN a raw request answered 404 with a text body
        var response = HTTPResponse(status: 404, url: "http://127.0.0.1:1/missing")
        response.body = Data("no such pet".utf8)
        let exchange = Exchange(
            service: nil, method: .get, displayURL: "http://127.0.0.1:1/missing",
            request: HTTPRequest(method: .get, url: "http://127.0.0.1:1/missing"), response: response,
            outcome: .requestError(status: 404, message: nil), model: nil, document: nil, warnings: [], versionSent: nil)
        let result = RunResult(exchange: exchange, view: .rawBody)
        // WHEN presented THEN the text is the body alone (the engine says the error), and the JSON line
        // carries the status and the error but no lines
        #expect(!result.ok)
        #expect(text(result) == "no such pet\n")
        let line = ResultJSONPresenter(session: session).line(result, command: "get /missing").text(maskedBy: session.redactor)
        #expect(line.contains(#""status":404,"result":"requestError""#))
        #expect(line.contains(#""error":"GET http://127.0.0.1:1/missing: "#))
        #expect(!line.contains(#""data""#))
    }

    @Test func watchStreamsToTheCommandsOwnOutput() throws {
        // GIVEN a watch whose output goes to a file
        let shell = try DemoShell()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        // WHEN it runs
        #expect(shell.run("watch weather every=0.1 count=2 city==Boston > \(path)"), "\(shell.output.errors)")
        // THEN the stream and the summary are in the file, and nothing reached standard output
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.hasPrefix("watching weather v"))
        #expect(written.contains("Boston"))
        #expect(written.hasSuffix(", 0 with changes\n"))
        #expect(shell.output.output.isEmpty)
    }
}
