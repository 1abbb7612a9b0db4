import Foundation
import Testing
import JSON
@testable import DemoServer

@Suite("Fixture folder (root mode)")
struct FixtureFolderTests {
    @Test func writeCreatesEveryFileAsPrettyJSON() throws {
        let folder = try makeTemporaryDirectory()
        defer { folder.cleanup() }
        try DemoFixtures.write(to: folder.path)
        for path in DemoFixtures.paths {
            let data = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + path))
            #expect(data.count > 10, "\(path)")
            #expect(String(decoding: data, as: UTF8.self).contains("\n  "), "\(path) is indented")
            _ = try JSONValue.parse(data)
        }
        #expect(DemoFixtures.paths.contains("meetup/groups.json"))
        #expect(DemoFixtures.paths.contains("twit-api/twits.json"))
    }

    @Test func editsArePublishedOnTheNextRequest() throws {
        let folder = try makeTemporaryDirectory()
        defer { folder.cleanup() }
        try DemoFixtures.write(to: folder.path)
        try withServer(root: folder.path) { server in
            let client = try TestHTTPClient(port: server.port)
            #expect(try client.request("GET", "/services.json").decode(LocatorDocument.self).services.count == 6)
            let edited = #"{"services":[{"name":"weather","version":7,"url":"weather/v7","description":"edited"}]}"#
            try edited.write(toFile: folder.path + "/services.json", atomically: true, encoding: .utf8)
            let after = try client.request("GET", "/services.json")
            #expect(after.text == edited)
            #expect(try after.decode(LocatorDocument.self).services.first?.version == 7)
        }
    }

    @Test func recordsAreServedVerbatimWithoutPriceMovement() throws {
        let folder = try makeTemporaryDirectory()
        defer { folder.cleanup() }
        try DemoFixtures.write(to: folder.path)
        try withServer(root: folder.path) { server in
            let v1 = try fetch(server, "/stock/v1?symbol=AAPL").decode(StockV1.self)
            #expect(v1.currentPrice == "530.12")
            let v2 = try fetch(server, "/stock/v2?symbol=aapl")
            #expect(v2.text == #"{"symbol":"AAPL","name":"Apple Inc.","openingPrice":546.02,"currentPrice":530.12,"percentageChange":-2.91}"#)
            #expect(try fetch(server, "/weather/v3?city=seattle").decode(WeatherV3.self).humidity == 88)
        }
    }

    @Test func addedVersionsAndStaticFilesAreServed() throws {
        let folder = try makeTemporaryDirectory()
        defer { folder.cleanup() }
        try DemoFixtures.write(to: folder.path)
        try #"{"oslo":{"city":"Oslo","temp":"-3"}}"#.write(toFile: folder.path + "/weather/v4.json", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder.path + "/custom", withIntermediateDirectories: true)
        try #"{"hello":"world"}"#.write(toFile: folder.path + "/custom/thing.json", atomically: true, encoding: .utf8)
        try "plain".write(toFile: folder.path + "/custom/note.txt", atomically: true, encoding: .utf8)
        try withServer(root: folder.path) { server in
            #expect(try fetch(server, "/weather/v4?city=OSLO").text == #"{"city":"Oslo","temp":"-3"}"#)
            #expect(try fetch(server, "/custom/thing").text == #"{"hello":"world"}"#)
            let note = try fetch(server, "/custom/note.txt")
            #expect(note.text == "plain")
            #expect(note.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(try fetch(server, "/custom").status == 404, "a folder is not a file")
        }
    }

    @Test func likesOverlayTheFileTwits() throws {
        let folder = try makeTemporaryDirectory()
        defer { folder.cleanup() }
        try DemoFixtures.write(to: folder.path)
        try withServer(root: folder.path) { server in
            let liked = try fetch(server, "/twit-api/like/t03", method: "POST", headers: [("Authorization", "Bearer t")])
                .decode(Envelope<LikeResult>.self)
            #expect(liked.data?.isLike == true)
            #expect(liked.data?.likeCount == 8)
            let file = try String(contentsOfFile: folder.path + "/twit-api/twits.json", encoding: .utf8)
            #expect(file.contains(#""likeCount": 7"#), "the file itself is never written")
            let twits = try #require(try fetch(server, "/twit-api/twit").decode(Envelope<[Twit]>.self).data)
            #expect(twits[2].isLike == true && twits[2].likeCount == 8)
        }
    }

    @Test func brokenOrMissingFilesAreReportedNotFatal() throws {
        let folder = try makeTemporaryDirectory()
        defer { folder.cleanup() }
        try DemoFixtures.write(to: folder.path)
        try "{not json".write(toFile: folder.path + "/twit-api/user.json", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: folder.path + "/meetup/groups.json")
        try withServer(root: folder.path) { server in
            let broken = try fetch(server, "/twit-api/user")
            #expect(broken.status == 500)
            #expect(try broken.decode(ServerErrorBody.self).error.hasPrefix("fixture twit-api/user.json: not valid JSON"))
            let missing = try fetch(server, "/meetup/2/groups?lat=1&lon=1&key=k")
            #expect(missing.status == 404)
            #expect(try fetch(server, "/weather/v1").status == 200)
        }
    }

    @Test(arguments: ["/../secret.json", "/weather/../../secret.json", "/%2e%2e/secret.json", "/weather/%2E%2E%2F..%2Fsecret.json"])
    func pathTraversalIsRejected(target: String) throws {
        let parent = try makeTemporaryDirectory()
        defer { parent.cleanup() }
        let root = parent.path + "/root"
        try DemoFixtures.write(to: root)
        try #"{"secret":true}"#.write(toFile: parent.path + "/secret.json", atomically: true, encoding: .utf8)
        try withServer(root: root) { server in
            let response = try fetch(server, target)
            #expect(response.status == 400)
            #expect(!response.text.contains("secret\":true"))
        }
    }

    @Test func storeRefusesUnsafePaths() {
        #expect(FixtureStore.isSafe("weather/v1.json"))
        for path in ["", "/etc/passwd", "a/../b", "..", "./x", "a//b", "a\\b", "a\0b"] {
            #expect(!FixtureStore.isSafe(path), "\(path)")
        }
    }

    @Test func builtInFilesMatchWhatWriteProduces() throws {
        let folder = try makeTemporaryDirectory()
        defer { folder.cleanup() }
        try DemoFixtures.write(to: folder.path)
        let builtIn = try withServer { try fetch($0, "/meetup/groups.json").body }
        let fromFolder = try withServer(root: folder.path) { try fetch($0, "/meetup/groups.json").body }
        #expect(builtIn == fromFolder)
    }
}
