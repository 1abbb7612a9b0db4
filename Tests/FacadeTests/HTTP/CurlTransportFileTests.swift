import DemoAPIs
@testable import Facade
import TestSupport
import Foundation
import Testing
import JSON
import HTTPClient
import HTTPTypes

/// Services whose locator URLs resolved to `file://` URLs (a locator file with relative URLs).
@Suite struct CurlTransportFileTests {
    /// A folder holding `services.json` with service `x` v1 at `data/x.json`, and a facade that located it.
    private func located(writing data: String? = #"{"a":1}"#) throws -> (ScratchDirectory, ServiceFacade) {
        let folder = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: folder.path + "/data", withIntermediateDirectories: true)
        if let data { try folder.write("data/x.json", data) }
        let locator = try folder.write("services.json", #"{"services":[{"name":"x","version":1,"url":"data/x.json"}]}"#)
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(locator)
        return (folder, facade)
    }

    @Test func refreshReadsAServiceFileAsA200JSONResponse() throws {
        // GIVEN a locator file whose service URL is relative, so a file URL beside it
        let (folder, facade) = try located()
        #expect(try facade.workspace.activeEntry(of: "x").url == "file://" + folder.path + "/data/x.json")

        // WHEN the service is refreshed
        let exchange = try facade.requests.refresh("x")

        // THEN it succeeded with status 200 and the file's JSON
        #expect(exchange.outcome == .success(status: 200))
        #expect(exchange.body == (try JSONValue.parse(Data(#"{"a":1}"#.utf8))))
        #expect(exchange.response?.headers["Content-Type"] == "application/json")
    }

    @Test func aMissingServiceFileIsANetworkFailureSayingSo() throws {
        // GIVEN a locator whose service file does not exist / WHEN refreshed
        let (folder, facade) = try located(writing: nil)
        let exchange = try facade.requests.refresh("x")

        // THEN a network failure naming the file and that it is missing
        #expect(exchange.outcome == .networkFailure("file \(folder.path)/data/x.json: no such file"))
    }

    @Test func aDirectoryIsNotReadAsAnEmptyBody() throws {
        let folder = try ScratchDirectory()
        let transport = CurlTransport()
        #expect(throws: TransportError.localFile(path: folder.path, reason: "is a directory")) {
            try transport.send(HTTPRequest(url: "file://" + folder.path), cancellation: nil)
        }
    }

    @Test func filesCanOnlyBeRead() throws {
        // GIVEN an existing file / WHEN POSTed to / THEN refused before anything is written
        let folder = try ScratchDirectory()
        let path = try folder.write("x.json", "{}")
        let transport = CurlTransport()
        let error = try #require(throws: TransportError.self) {
            try transport.send(HTTPRequest(method: .post, url: "file://" + path, body: .json(Data(#"{"b":2}"#.utf8))), cancellation: nil)
        }
        #expect(error == .localFile(path: path, reason: "only GET and HEAD can read a file, not POST"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{}")

        // AND a GET of the same file reads it
        let response = try transport.send(HTTPRequest(url: "file://" + path), cancellation: nil)
        #expect(response.status == 200)
        #expect(response.text == "{}")
    }
}
