import DemoServer
import Foundation
import Testing

/// `multipart/form-data` from raw requests and from `call`, against the demo server's echo route, and its
/// `curl` export run by real curl: the server sees the same parts.
@Suite struct MultipartEndToEndTests {
    /// The echo route's view of a request: its content type and body.
    private func echoed(_ stdout: String) throws -> (contentType: String, body: String) {
        let line = try #require(stdout.split(separator: "\n").first { $0.hasPrefix("{\"method\"") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let headers = object["headers"] as? [String: String] ?? [:]
        return (headers["content-type"] ?? "", object["body"] as? String ?? "")
    }

    /// The parts of a multipart body with its boundary taken out, to compare two encodings of the same parts.
    private func parts(_ body: String, contentType: String) -> [String] {
        guard let boundary = contentType.components(separatedBy: "boundary=").last else { return [] }
        return body.components(separatedBy: "--" + boundary).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty && $0 != "--" }
    }

    @Test func fileItemsFormAndAMultipartContentTypeMakeMultipartBodies() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "hello note\n".write(toFile: folder + "/note.txt", atomically: true, encoding: .utf8)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF]).write(to: URL(fileURLWithPath: folder + "/pic.png"))
        let echo = server.baseURL + "/echo"
        // WHEN a file item, --form, and a multipart Content-Type item are sent
        let file = try Apish.run(["-c", "post \(echo) f@note.txt name=Ada"], directory: folder)
        let typed = try Apish.run(["-c", "post \(echo) 'f@note.txt;type=text/markdown'"], directory: folder)
        let form = try Apish.run(["-c", "post \(echo) --form name=Ada"], directory: folder)
        let header = try Apish.run(["-c", "post \(echo) Content-Type:multipart/form-data name=Ada"], directory: folder)
        // THEN each body is multipart with the parts named, the file's name and type given
        let sent = try echoed(file.stdout)
        #expect(sent.contentType.hasPrefix("multipart/form-data; boundary="), "\(file.stdout)\(file.stderr)")
        #expect(sent.body.contains(#"Content-Disposition: form-data; name="f"; filename="note.txt""#), "\(sent.body)")
        #expect(sent.body.contains("Content-Type: text/plain; charset=utf-8\r\n\r\nhello note\n"), "\(sent.body)")
        #expect(sent.body.contains("name=\"name\"\r\n\r\nAda\r\n"), "\(sent.body)")
        #expect(try echoed(typed.stdout).body.contains("Content-Type: text/markdown"), "\(typed.stdout)")
        for result in [form, header] {
            let seen = try echoed(result.stdout)
            #expect(seen.contentType.hasPrefix("multipart/form-data; boundary="), "\(result.stdout)\(result.stderr)")
            #expect(seen.body.contains("name=\"name\"\r\n\r\nAda\r\n"), "\(seen.body)")
        }
        // AND a binary file goes as a file part, not as text
        let binary = try Apish.run(["-c", "post \(echo) image@pic.png"], directory: folder)
        #expect(binary.status == 0, "\(binary.stderr)")
        #expect(try echoed(binary.stdout).body.contains("Content-Type: image/png"), "\(binary.stdout)")
    }

    @Test func theCurlExportUsesFormArgumentsAndSendsTheSameParts() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "hello note\n".write(toFile: folder + "/note.txt", atomically: true, encoding: .utf8)
        let echo = server.baseURL + "/echo"
        // GIVEN a multipart request with a value curl -F would read as a file (`@x`, `<y`)
        let result = try Apish.run(["-c", #"post \#(echo) f@note.txt name=Ada odd='\@x;y<z'"#, "-c", "curl"], directory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let command = try #require(result.stdout.split(separator: "\n").last { $0.hasPrefix("curl ") }.map(String.init))
        #expect(command.contains(" -F ") && command.contains("--form-string"), "\(command)")
        // WHEN real curl runs the export / THEN the server gets the same parts
        let ran = try Apish.execute(["-c", command], environment: ProcessInfo.processInfo.environment, stdin: nil,
                                    directory: URL(fileURLWithPath: folder), timeout: 30, executable: "/bin/sh")
        let byApish = try echoed(result.stdout), byCurl = try echoed(ran.stdout)
        #expect(parts(byApish.body, contentType: byApish.contentType) == parts(byCurl.body, contentType: byCurl.contentType),
                "\(byApish.body)\n---\n\(byCurl.body)")
        #expect(parts(byCurl.body, contentType: byCurl.contentType).contains { $0.hasSuffix("@x;y<z") }, "\(byCurl.body)")
    }

    @Test func callBuildsAMultipartBodyWithItsChecks() throws {
        // GIVEN an operation that takes a file and a purpose as multipart/form-data, served by the echo route
        let server = try startDemoServer()
        defer { server.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data([0x00, 0x01, 0xFE, 0xFF]).write(to: URL(fileURLWithPath: folder + "/data.bin"))
        try #"""
        {"openapi": "3.0.3", "info": {"title": "files", "version": "1"}, "servers": [{"url": "\#(server.baseURL)"}],
         "paths": {"/echo": {"post": {"operationId": "createFile",
           "requestBody": {"required": true, "content": {"multipart/form-data": {"schema": {"type": "object",
             "required": ["file", "purpose"],
             "properties": {"file": {"type": "string", "format": "binary"}, "purpose": {"type": "string", "enum": ["batch", "fine-tune"]}}}}}},
           "responses": {"200": {"description": "ok"}}}}}}
        """#.write(toFile: folder + "/files.json", atomically: true, encoding: .utf8)
        let locator = ["--locator", folder + "/files.json"]
        // WHEN it is called with a file and a purpose / THEN the file goes as a file part
        let sent = try Apish.run(locator + ["-c", "call createFile file=@data.bin purpose=batch"], directory: folder)
        #expect(sent.status == 0, "\(sent.stderr)")
        let seen = try echoed(sent.stdout)
        #expect(seen.contentType.hasPrefix("multipart/form-data; boundary="), "\(sent.stdout)")
        #expect(seen.body.contains(#"name="file"; filename="data.bin""#), "\(seen.body)")
        #expect(seen.body.contains("name=\"purpose\"\r\n\r\nbatch\r\n"), "\(seen.body)")
        // WHEN its checks fail / THEN nothing is sent and the field is named
        let bogus = try Apish.run(locator + ["-c", "call createFile file=@data.bin purpose=bogus"], directory: folder)
        #expect(bogus.status == 1)
        #expect(bogus.stderr.contains("purpose"), "\(bogus.stderr)")
        let missing = try Apish.run(locator + ["-c", "call createFile purpose=batch"], directory: folder)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("'file'"), "\(missing.stderr)")
    }
}
