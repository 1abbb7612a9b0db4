import TestSupport
import Loopback
@testable import Facade
import Foundation
import Testing
import HTTPClient
import HTTPTypes

@Suite struct LocatorLoaderTests {
    private let loader = LocatorLoader(transport: CurlTransport())

    /// Loads `location`, requiring a *load* error, and returns its reason.
    private func loadReason(_ location: String, loader: LocatorLoader? = nil) throws -> String {
        let error = try #require(throws: LocatorError.self) { try (loader ?? self.loader).load(location) }
        guard case let .load(source, reason) = error else {
            Issue.record("expected a load error, got \(error)")
            return ""
        }
        #expect(source == location)
        #expect(error.description == "cannot load locator \(location): \(reason)")
        return reason
    }

    @Test func refusedPortIsALoadErrorSayingRefused() throws {
        // GIVEN a loopback port nobody listens on
        let port = try #require(ClosedPort.make())

        // WHEN the locator is loaded from it / THEN it cannot load: refused, and where
        let reason = try loadReason("http://127.0.0.1:\(port)/services.json")
        #expect(reason.contains("refused"))
        #expect(reason.contains("127.0.0.1"))
    }

    @Test func httpNotFoundIsALoadErrorWithTheStatus() throws {
        // GIVEN a server without `/nope.json` / WHEN loaded / THEN it cannot load: HTTP 404
        let server = try LiveDemoServer()
        #expect(try loadReason(server.url("/nope.json")).contains("HTTP 404"))
    }

    @Test func serverErrorIsALoadError() throws {
        let server = try LiveDemoServer()
        #expect(try loadReason(server.url("/faults/status/503")).contains("HTTP 503"))
    }

    @Test func timeoutIsALoadErrorWithTheLimit() throws {
        // GIVEN a transport that gives up after 300 ms and a server that answers after 3 s
        let server = try LiveDemoServer()
        let impatient = LocatorLoader(transport: CurlTransport(configuration: TransportConfiguration(totalTimeout: 300)))

        // WHEN loaded / THEN it cannot load: timed out after 300 ms
        let reason = try loadReason(server.url("/faults/delay/3000"), loader: impatient)
        #expect(reason.contains("timed out"))
        #expect(reason.contains("300 ms"))
    }

    @Test func servedButNotALocatorIsAParseErrorNotALoadError() throws {
        // GIVEN a 200 answer carrying an HTML page / WHEN loaded / THEN it loaded but cannot parse
        let server = try LiveDemoServer()
        let error = try #require(throws: LocatorError.self) { try loader.load(server.url("/faults/html")) }
        guard case .parse(let source, _) = error else {
            Issue.record("expected a parse error, got \(error)")
            return
        }
        #expect(source == server.url("/faults/html"))
    }

    @Test func missingFile() throws {
        let folder = try ScratchDirectory()
        #expect(try loadReason(folder.path + "/absent.json").contains("no such file"))
    }

    @Test func aDirectory() throws {
        let folder = try ScratchDirectory()
        #expect(try loadReason(folder.path).contains("is a directory"))
    }

    @Test func missingFileURL() throws {
        let folder = try ScratchDirectory()
        #expect(try loadReason("file://" + folder.path + "/absent.json").contains("no such file"))
    }

    @Test func fileURLLoadsAndResolvesEntriesBesideIt() throws {
        // GIVEN a locator file with one relative and one absolute entry
        let folder = try ScratchDirectory()
        let path = try folder.write("services.json", LocatorText.document([
            LocatorText.entry("local", "1", "data/local.json"),
            LocatorText.entry("remote", "1", "http://127.0.0.1:9/remote"),
        ]))

        // WHEN loaded through a file:// URL
        let locator = try loader.load("file://" + path)

        // THEN the relative entry points beside the file and the absolute one is kept
        #expect(locator.entries.map(\.url) == ["file://" + folder.path + "/data/local.json", "http://127.0.0.1:9/remote"])
    }

    @Test func plainAbsolutePathLoads() throws {
        let folder = try ScratchDirectory()
        let path = try folder.write("loc.json", LocatorText.document([LocatorText.entry("a", "1", "a")]))
        let locator = try loader.load(path)
        #expect(locator.entries.map(\.key.description) == ["a v1"])
        #expect(locator.source == path)
    }

    @Test func relativePathLoadsFromTheWorkingDirectory() throws {
        // GIVEN a locator file named by a path relative to the working directory
        let folder = try ScratchDirectory()
        try folder.write("rel.json", LocatorText.document([LocatorText.entry("rel", "2", "x")]))
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        let relative = String(repeating: "../", count: depth) + folder.path.drop(while: { $0 == "/" }) + "/rel.json"

        // WHEN loaded by that relative path / THEN it is read
        let locator = try loader.load(relative)
        #expect(locator.entries.map(\.key.description) == ["rel v2"])
    }

    @Test func missingRelativePathIsALoadError() throws {
        #expect(try loadReason("no-such-folder-\(UUID().uuidString)/services.json").contains("no such file"))
    }

    @Test func fileThatIsNotJSONIsAParseErrorNamingTheFile() throws {
        // GIVEN a file holding text that is neither JSON nor YAML / THEN the error is a parse error naming the file
        let folder = try ScratchDirectory()
        let path = try folder.write("bad.json", "services: [weather\nurl: x")
        let error = try #require(throws: LocatorError.self) { try loader.load(path) }
        guard case .parse(let source, let reason) = error else {
            Issue.record("expected a parse error, got \(error)")
            return
        }
        #expect(source == path)
        #expect(reason.hasPrefix("line 2, column "), "\(reason)")
    }
}
