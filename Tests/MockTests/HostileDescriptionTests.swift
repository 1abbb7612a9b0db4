import Foundation
import HTTPClient
import JSON
@testable import Mock
import Schemas
import Testing
import TestSupport

/// The mock against descriptions written to break it (Tests/Fixtures/hostile-mock): it stays up, every
/// answer is well-formed HTTP/1.1 read by a strict parser, nothing a description says reaches a head
/// raw, and what it leaves out is said once at start.
@Suite(.serialized) struct HostileDescriptionTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/hostile-mock").standardized.path

    let server: MockServer
    let warnings: [String]
    let port: UInt16

    init() throws {
        let loaded = try MockServer.load(Self.fixtures + "/hostile-locator.json", transport: CurlTransport())
        server = loaded.server
        warnings = loaded.warnings
        try server.start()
        port = try #require(UInt16(server.baseURL.split(separator: ":").last ?? ""))
    }

    /// Two requests on one connection (the second closing it), read strictly: a stray Content-Length or an
    /// injected line would desync or fail the second.
    private func twice(_ path: String, method: String = "GET", headers: String = "", body: String? = nil, sameBody: Bool = true) throws -> StrictHTTPReader.Answer {
        let length = body.map { "Content-Length: \($0.utf8.count)\r\nContent-Type: text/plain\r\n" } ?? ""
        let request = "\(method) /hostile/v1\(path) HTTP/1.1\r\nHost: mock\r\n\(headers)\(length)"
        let bytes = try StrictHTTPReader.exchange(port: port, request + "\r\n" + (body ?? "") + request + "Connection: close\r\n\r\n" + (body ?? ""))
        let answers = try StrictHTTPReader.answers(in: bytes, isHead: method == "HEAD")
        try #require(answers.count == 2, "two answers, got \(answers.count)")
        #expect(answers[0].status == answers[1].status && (answers[0].body == answers[1].body || !sameBody))
        for answer in answers {
            #expect(answer.values("Set-Cookie").isEmpty)
            #expect(!String(decoding: answer.body, as: UTF8.self).contains("smuggled"))
        }
        return answers[0]
    }

    private func schema(of path: String) throws -> JSONSchema {
        let operation = try #require(server.versions.first?.spec.operations.first { $0.path == path })
        return try #require(operation.responses.first { $0.status == "200" }?.schema)
    }

    @Test func aNegativeQuantifierIsReadAsTheValidatorReadsItAndAHugeOneIsWarnedOf() throws {
        // GIVEN `^a{-1}$`, which the mock once trapped on (SIGILL)
        let negative = try twice("/neg")
        #expect(negative.status == 200)
        let value = try JSONValue.parse(Data(negative.body))
        // THEN the answer is text its own schema accepts, as the validator's regex engine reads the pattern
        #expect(try schema(of: "/neg").validate(value).isEmpty)
        // AND a count the engine refuses is answered with a plain word, said at start
        #expect(try twice("/huge").status == 200)
        #expect(try twice("/huge-range").status == 200)
        #expect(warnings.contains { $0.contains(#""^a{99999999999}$" is not read"#) })
        #expect(warnings.contains { $0.contains(#""^a{2,99999999999}$" is not read"#) })
    }

    @Test(arguments: ["/self-any", "/self-one", "/self-array", "/self-object"])
    func aRecursiveSchemaAnswersSmall(_ path: String) throws {
        let answer = try twice(path)
        #expect(answer.status == 200)
        let value = try JSONValue.parse(Data(answer.body))
        let failures = try schema(of: path).validate(value)
        // THEN the value fits its schema, or the mock says where it cut the recursion short
        #expect(failures.isEmpty || answer.header("X-Mock-Warning")?.contains("nests itself deeper than") == true)
        #expect(answer.body.count < 1 << 20)
    }

    @Test(arguments: ["/exact-int", "/top-int", "/wide-int", "/tiny-step"])
    func numbersAreExactAtAnyBound(_ path: String) throws {
        for prefer in ["", "Prefer: dynamic=true\r\n"] {
            let answer = try twice(path, headers: prefer, sameBody: prefer.isEmpty)
            let value = try JSONValue.parse(Data(answer.body))
            #expect(try schema(of: path).validate(value).isEmpty, "\(value.encoded()) for \(path) \(prefer)")
        }
    }

    @Test func anExampleThatFailsItsSchemaIsServedWithAWarning() throws {
        let answer = try twice("/bad-example")
        #expect(try JSONValue.parse(Data(answer.body)) == ["id": 1])
        #expect(answer.header("X-Mock-Warning")?.contains("exclude_metadata") == true)
        #expect(warnings.contains { $0.contains("GET /bad-example: response 200: the application/json example fails its own schema") })
    }

    @Test func aRecursiveRequestBodyHasAnExample() throws {
        let version = try #require(server.versions.first)
        let operation = try #require(version.spec.operations.first { $0.path == "/self-body" })
        let described = try #require(MockServer.load(Self.fixtures + "/hostile-locator.json", transport: CurlTransport()).server.versions.first)
        var generator = ValueGenerator(document: described.document, seed: "help", forRequest: true)
        let body = generator.value(for: try #require(operation.requestBody?.schema))
        #expect(body["pattern"] == "a{-1}")
        #expect(body["one"]?.intValue != nil)
    }

    @Test func descriptionTextNeverReachesTheHeadRaw() throws {
        let example = try twice("/inject-example")
        #expect(example.header("X-Fine") == "fine")
        #expect(example.header("X-Evil") == nil && example.header("X-Nul") == nil && example.header("X-Esc") == nil)
        let named = try twice("/inject-name")
        #expect(!named.headers.contains { $0.name.hasPrefix("X-Evil") || $0.name.hasPrefix("X-Nul") || $0.name.hasPrefix("Bad") })
        let media = try twice("/inject-media")
        #expect(media.header("Content-Type") == nil)
        let secured = try twice("/secured")
        #expect(secured.status == 401)
        #expect(secured.header("WWW-Authenticate") == nil)
        #expect(media.header("Sunset") == nil)
        for expected in [#"header "X-Evil"#, #"header "X-Nul\u0000""#, #"header "X-Esc""#, #"header "Bad Name""#,
                         #"media type "application/json\r\nSet-Cookie"#, #"media type "text/plain\u0000""#,
                         #"scheme "Evil\r\nSet-Cookie: pwned=1" is not an HTTP token"#, #"sunset "2027-06-30\r\n"#] {
            #expect(warnings.contains { $0.contains(expected) }, "a warning containing \(expected)")
        }
    }

    @Test func theMockOwnsFramingHeaders() throws {
        let answer = try twice("/markdown", method: "POST", body: "# hi")
        #expect(answer.status == 200)
        #expect(answer.header("Connection") == nil)
        for name in ["Content-Length", "Transfer-Encoding", "Connection"] {
            #expect(warnings.contains { $0.contains("header \"\(name)\" is not sent: the server writes \(name) itself") })
        }
    }

    @Test func statusesAreFinalOnesOnly() throws {
        #expect(try twice("/odd-status").status == 200)
        for code in ["-5", "0", "99999999999", "100", "101", "abc"] {
            let refused = try twice("/odd-status", headers: "Prefer: code=\(code)\r\n")
            #expect(refused.status == 400)
            #expect(try JSONValue.parse(Data(refused.body))["detail"]?.stringValue?.contains("is not a final status") == true)
        }
        #expect(try twice("/odd-status", headers: "Prefer: code=503\r\n").status == 503)
        #expect(try twice("/only-odd").status == 404)
        for key in ["-1", "0", "101", "1XX", "99999999999"] {
            #expect(warnings.contains { $0.contains("GET /odd-status: response '\(key)' is skipped") })
        }
    }

    @Test func aChunkedBodyFromCurlIsRead() throws {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = ["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "-H", "Content-Type: text/plain", "-T", "-",
                          "-X", "POST", server.baseURL + "/hostile/v1/markdown"]
        let input = Pipe(), output = Pipe()
        curl.standardInput = input
        curl.standardOutput = output
        try curl.run()
        input.fileHandleForWriting.write(Data("# a chunked body\n".utf8))
        try input.fileHandleForWriting.close()
        let status = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        curl.waitUntilExit()
        #expect(status == "200")
    }

    @Test func theMockIsStillUpAfterEverything() throws {
        for path in ["/neg", "/huge", "/self-any", "/self-one", "/self-array", "/inject-example", "/inject-name", "/odd-status"] {
            _ = try twice(path, headers: "Prefer: dynamic=true\r\n", sameBody: false)
        }
        let index = try StrictHTTPReader.answers(in: StrictHTTPReader.exchange(port: port, "GET / HTTP/1.1\r\nConnection: close\r\n\r\n"))
        #expect(index.first?.status == 200)
    }
}
