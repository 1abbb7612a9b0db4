import Foundation
import Testing
import Loopback

/// The URL apish shows is the URL it sends: for a corpus of hostile path, query and header values, the
/// URL of `call` in `--json`, the request line `verbose` shows and the URL of the `curl` export are, byte
/// for byte, the request target a loopback server received, and so is what the export sends when run.
@Suite struct URLSentAsShownEndToEndTests {
    private static let corpus = ["..", "%2E%2E", ".", "%2F", "#", "?", "a b", "é", "日本", ";", "[]", "{}", "a/b", "..;", "&=+", "%"]

    private static let spec = #"""
        {"openapi":"3.0.3","info":{"title":"Items","version":"1.0"},"servers":[{"url":"/"}],
         "paths":{"/items/{id}":{"get":{"operationId":"getItem","parameters":[
           {"name":"id","in":"path","required":true,"schema":{"type":"string"}},
           {"name":"q","in":"query","schema":{"type":"string"}},
           {"name":"X-Probe","in":"header","schema":{"type":"string"}}],
          "responses":{"200":{"description":"ok"}}}}}}
        """#

    private static func call(_ value: String) -> [String] {
        ["-c", "call getItem id='\(value)' q=='\(value)' X-Probe:'\(value)'", "-c", "curl"]
    }

    /// The URL of an exported command: the word after `--path-as-is`, single-quoted or bare.
    private static func exportedURL(_ command: String) -> String? {
        guard let flag = command.range(of: " --path-as-is ") else { return nil }
        let rest = command[flag.upperBound...]
        if rest.first == "'" {
            return rest.dropFirst().firstIndex(of: "'").map { String(rest[rest.index(after: rest.startIndex)..<$0]) }
        }
        return String(rest.prefix { $0 != " " })
    }

    /// The values of every `X-Probe` header line in `text`, in order.
    private static func probes(_ text: String, prefix: String = "") -> [String] {
        text.components(separatedBy: "\r\n").flatMap { $0.components(separatedBy: "\n") }
            .filter { $0.hasPrefix(prefix + "X-Probe: ") }.map { String($0.dropFirst(prefix.count + "X-Probe: ".count)) }
    }

    @Test func theURLShownIsTheURLSentForHostileValues() throws {
        // GIVEN a document served over loopback http with an operation taking a path, query and header value
        let server = try RecordingServer(body: Self.spec)
        defer { server.stop() }
        let locator = ["--locator", server.url("/openapi.json")]

        // WHEN every value of the corpus is sent as all three, with --json, then with verbose on
        let json = try Apish.run(["--json"] + locator + Self.corpus.flatMap(Self.call))
        let verbose = try Apish.run(locator + ["-c", "verbose on"] + Self.corpus.flatMap(Self.call))
        #expect(json.status == 0, "\(json.stderr)")
        #expect(verbose.status == 0, "\(verbose.stderr)")
        let received = server.requestTargets.filter { $0 != "/openapi.json" }
        try #require(received.count == 2 * Self.corpus.count, "\(server.requestTargets)")

        // THEN the URL in --json, the exported URL and verbose's request line are what the server received
        let calls = json.jsonLines.filter { ($0["command"] as? String)?.hasPrefix("call ") == true }
        let exports = json.jsonLines.compactMap { ($0["data"] as? [String: Any])?["curl"] as? String }
            .compactMap { $0.split(separator: "\n").last.map(String.init) }
        let requestLines = verbose.stderr.split(separator: "\n").filter { $0.hasPrefix("> GET ") }
            .map { $0.dropFirst("> GET ".count).replacingOccurrences(of: " HTTP/1.1", with: "") }
        try #require(calls.count == Self.corpus.count && exports.count == Self.corpus.count && requestLines.count == Self.corpus.count,
                     "\(json.stdout)\n\(verbose.stderr)")
        for (index, value) in Self.corpus.enumerated() {
            let sent = received[index]
            #expect(calls[index]["url"] as? String == server.baseURL + sent, "--json for \(value)")
            #expect(Self.exportedURL(exports[index]) == server.baseURL + sent, "curl export for \(value): \(exports[index])")
            #expect(requestLines[index] == received[Self.corpus.count + index], "verbose for \(value)")
            #expect(sent.hasPrefix("/items/") && !sent.dropFirst("/items/".count).prefix { $0 != "?" }.contains("/"),
                    "\(value) left its segment: \(sent)")
        }
        // and the header values verbose shows are the ones that arrived
        let arrived = Self.probes(String(decoding: server.receivedBytes, as: UTF8.self))
        #expect(arrived == Self.corpus + Self.corpus)
        #expect(Self.probes(verbose.stderr, prefix: "> ") == Self.corpus)

        // WHEN each exported command is run by real curl / THEN it asks for the very same target
        for export in exports {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", export + " -s -o /dev/null"]
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(export)")
        }
        #expect(Array(server.requestTargets.filter { $0 != "/openapi.json" }.dropFirst(received.count)) == Array(received.prefix(Self.corpus.count)))
    }
}
