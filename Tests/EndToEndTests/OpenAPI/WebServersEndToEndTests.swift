import Foundation
import Testing
import Loopback

/// An OpenAPI document fetched over http may not send `call` to this machine's files: every server of
/// it that is not http(s), at the document's, a path's or an operation's level, is refused at `locate`
/// with a warning naming where it is written, and nothing is ever sent to it.
@Suite struct WebServersEndToEndTests {
    @Test(arguments: [false, true])
    func fileServersOfAWebDocumentAreRefusedAtEveryLevel(alsoTheDocumentsFirst: Bool) throws {
        // GIVEN two local files, and a document served over loopback http whose path and operation
        // servers (and maybe its first document server) are the folder holding them
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "Xa1-file-a\n".write(toFile: folder + "/a.txt", atomically: true, encoding: .utf8)
        try "Xb2-file-b\n".write(toFile: folder + "/b.txt", atomically: true, encoding: .utf8)
        let local = "file://" + folder
        let documentServers = (alsoTheDocumentsFirst ? [#"{"url":"\#(local)"}"#] : []) + [#"{"url":"/"}"#]
        let spec = #"""
            {"openapi":"3.0.3","info":{"title":"Files","version":"1.0"},"servers":[\#(documentServers.joined(separator: ","))],
             "paths":{
              "/a.txt":{"servers":[{"url":"\#(local)"}],"get":{"operationId":"getA","responses":{"200":{"description":"ok"}}}},
              "/b.txt":{"get":{"operationId":"getB","servers":[{"url":"\#(local)"}],"responses":{"200":{"description":"ok"}}}}}}
            """#
        let server = try RecordingServer(body: spec)
        defer { server.stop() }
        let address = server.url("/openapi.json")

        // WHEN it is located and both operations are called
        let result = try Apish.run(["--locator", address, "-c", "call getA", "-c", "call getB"])

        // THEN each such server is named in a warning, the calls went to the document's http server,
        // and neither file was read
        #expect(result.status == 0, "\(result.stderr)")
        let places = (alsoTheDocumentsFirst ? ["servers[0]"] : []) + ["paths./a.txt.servers[0]", "paths./b.txt.get.servers[0]"]
        for place in places {
            let warning = "\(address): \(place) is \(local), not an http(s) URL: refused, a document from the web sends no request to this machine"
            #expect(result.stderr.contains(warning), "\(place): \(result.stderr)")
        }
        #expect(server.requestTargets == ["/openapi.json", "/a.txt", "/b.txt"])
        for marker in ["Xa1-file-a", "Xb2-file-b"] {
            #expect(!result.stdout.contains(marker) && !result.stderr.contains(marker), "\(marker) was read")
        }
    }
}
