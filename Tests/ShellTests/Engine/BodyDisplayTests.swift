import Foundation
@testable import Shell
import Testing

/// How bodies that are not one JSON document show on a terminal, and where a body's bytes go otherwise.
@Suite struct BodyDisplayTests {
    @Test func jsonLinesShowOneValueALineAndPathsSeeAnArray() throws {
        // GIVEN the demo's NDJSON route / WHEN fetched, then looked into
        let shell = try DemoShell()
        let url = shell.server.baseURL
        let ok = shell.run("""
            get \(url)/media/ndjson
            expect [2].event == adopted
            let who = [2].by
            """)

        // THEN one compact value a line after the status line, no JSON warning, and paths find element 2
        #expect(ok, "\(shell.output.errors)")
        #expect(shell.output.output == """
            HTTP/1.1 200 OK
            {"id":1,"event":"created","pet":"Rex"}
            {"id":2,"event":"fed","pet":"Rex"}
            {"id":3,"event":"adopted","pet":"Rex","by":"Ada"}
            who = Ada

            """)
        #expect(shell.output.errors.isEmpty)
    }

    @Test(arguments: ["xml", "html"])
    func markupShowsAsTextWithoutAJSONWarning(kind: String) throws {
        let shell = try DemoShell()
        #expect(shell.run("get \(shell.server.baseURL)/media/\(kind)"))
        #expect(shell.output.output.hasPrefix("HTTP/1.1 200 OK\n<"))
        #expect(shell.output.output.contains("Rex"))
        #expect(shell.output.errors.isEmpty)
    }

    @Test func showRawOfABinaryBodySaysHowLargeItIsOnATerminal() throws {
        let shell = try DemoShell()
        #expect(shell.run("get \(shell.server.baseURL)/media/png\nshow --raw"))
        #expect(shell.output.output.hasSuffix("HTTP/1.1 200 OK\n(3172 bytes of binary data; show --raw > FILE saves them)\n"),
                "\(shell.output.output)")
        #expect(shell.output.bytes.isEmpty)
    }

    @Test func whenStdoutIsNotATerminalARawRequestWritesItsBodyAlone() throws {
        // GIVEN stdout that is not a terminal
        let shell = try DemoShell()
        shell.session.options.stdoutIsTerminal = false

        // WHEN a PNG is fetched and shown raw
        #expect(shell.run("get \(shell.server.baseURL)/media/png\nshow --raw"))

        // THEN stdout has its exact bytes twice and nothing else; the status lines went to stderr
        #expect(shell.output.bytes.count == 2 * 3172)
        #expect(shell.output.bytes.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(shell.output.errors.hasPrefix("HTTP/1.1 200 OK\nGET \(shell.server.baseURL)/media/png\nHTTP/1.1 200 OK\n"))
    }
}
