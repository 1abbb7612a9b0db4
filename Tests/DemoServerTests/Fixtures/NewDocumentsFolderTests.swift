import Foundation
import Testing
import JSON
@testable import DemoServer

/// `serve --init` writes the locators, schemas, specs and data of the versioned services too, and
/// `--root` serves edited copies of them.
@Suite("Versioned documents in a fixture folder")
struct NewDocumentsFolderTests {
    private static let documents = [
        "services-real.json", "services-openapi.json",
        "schemas/forecast-2024-01-01.json", "schemas/forecast-2025-06-01.json", "schemas/price.json",
        "specs/petstore-v1.json", "specs/petstore-v2.json",
        "forecast/2024-01-01.json", "forecast/2025-06-01.json", "inventory/2024-05-01.json", "inventory/2025-01-15.json",
        "catalog/v1.json", "catalog/v2.json", "price/v1.json", "twit-lite/twits.json", "twit-lite/user.json", "petstore/pets.json",
    ]

    @Test func initWritesEveryNewDocumentAsServed() throws {
        let folder = try makeTemporaryDirectory()
        defer { folder.cleanup() }
        try DemoFixtures.write(to: folder.path)
        for path in Self.documents {
            #expect(DemoFixtures.paths.contains(path), "\(path)")
            let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + path)))
            let builtIn = try withServer { try fetch($0, "/" + path) }
            #expect(builtIn.status == 200, "\(path)")
            #expect(written == builtIn.body, "\(path) is served as written")
            #expect(try JSONValue.parse(Data(written)) == builtIn.json())
        }
    }

    /// A written locator opened as a file finds its schemas and specs beside it (service URLs still
    /// need a server: see `DemoFixtures`).
    @Test func schemaAndSpecReferencesOfWrittenLocatorsAreWrittenFiles() throws {
        let folder = try makeTemporaryDirectory()
        defer { folder.cleanup() }
        try DemoFixtures.write(to: folder.path)
        var references: [String] = []
        for locator in ["services-real.json", "services-openapi.json"] {
            let document = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + locator)))
            for entry in document["services"]?.arrayValue ?? [] {
                references += [entry["schema"], entry["openapi"]].compactMap { $0?.stringValue }
            }
        }
        #expect(references.count == 6)
        for reference in references {
            let document = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + reference)))
            #expect(document["$schema"] != nil || document["openapi"] != nil, "\(reference)")
        }
    }

    @Test func rootServesTheSameVersionedAPIsAsTheBuiltInSet() throws {
        let folder = try makeTemporaryDirectory()
        defer { folder.cleanup() }
        try DemoFixtures.write(to: folder.path)
        let requests: [(String, [(String, String)])] = [
            ("/forecast", [("X-Demo-Api-Version", "2025-06-01")]), ("/inventory?api-version=2024-05-01", []),
            ("/catalog", [("Accept", "application/vnd.demo.v2+json")]), ("/price/v1", []), ("/twit-lite/twit", []),
            ("/petstore/v1/pets", []), ("/petstore/v2/pets?species=cat", []), ("/services-openapi.json", []),
        ]
        for (target, headers) in requests {
            let builtIn = try withServer { try fetch($0, target, headers: headers) }
            let fromFolder = try withServer(root: folder.path) { try fetch($0, target, headers: headers) }
            #expect(fromFolder.status == 200, "\(target)")
            #expect(try fromFolder.json() == builtIn.json(), "\(target)")
        }
    }

    @Test func editedCopiesAreServed() throws {
        let folder = try makeTemporaryDirectory()
        defer { folder.cleanup() }
        try DemoFixtures.write(to: folder.path)
        try #"{"richmond":{"city":"Richmond","high":99,"low":1,"summary":"Edited"}}"#
            .write(toFile: folder.path + "/forecast/2024-01-01.json", atomically: true, encoding: .utf8)
        let spec = folder.path + "/specs/petstore-v2.json"
        let edited = try String(contentsOfFile: spec, encoding: .utf8).replacingOccurrences(of: "\"2.0.0\"", with: "\"2.1.0\"")
        try edited.write(toFile: spec, atomically: true, encoding: .utf8)
        try #"{"services":[{"name":"price","version":2,"url":"price/v1"}]}"#
            .write(toFile: folder.path + "/services-real.json", atomically: true, encoding: .utf8)
        try withServer(root: folder.path) { server throws in
            let forecast = try fetch(server, "/forecast", headers: [("X-Demo-Api-Version", "2024-01-01")])
            #expect(forecast.text == #"{"city":"Richmond","high":99,"low":1,"summary":"Edited"}"#)
            #expect(try fetch(server, "/specs/petstore-v2.json").json()["info"]?["version"] == "2.1.0")
            #expect(try fetch(server, "/services-real.json").json()["services"]?.arrayValue?.count == 1)
        }
    }

    @Test func aMissingVersionFileIsReportedNotFatal() throws {
        let folder = try makeTemporaryDirectory()
        defer { folder.cleanup() }
        try DemoFixtures.write(to: folder.path)
        try FileManager.default.removeItem(atPath: folder.path + "/catalog/v2.json")
        try withServer(root: folder.path) { server throws in
            let missing = try fetch(server, "/catalog", headers: [("Accept", "application/vnd.demo.v2+json")])
            #expect(missing.status == 404)
            #expect(try missing.decode(ServerErrorBody.self).error == "no fixture catalog/v2.json")
            #expect(try fetch(server, "/catalog", headers: [("Accept", "application/vnd.demo.v1+json")]).status == 200)
        }
    }
}
