import Foundation
import Testing
@testable import DemoServer
@testable import HTTPServer

/// Numbers from fixture files and query strings are user input: extreme ones must be answered (clamped,
/// served as written, or refused with 400), never trap the server.
@Suite("Extreme numbers")
struct NumericInputTests {
    private let bearer = [("Authorization", "Bearer t")]

    /// A fixture folder holding just `files` (relative path → contents).
    private func folder(_ files: [String: String]) throws -> (path: String, cleanup: () -> Void) {
        let folder = try makeTemporaryDirectory()
        for (path, text) in files {
            let url = URL(fileURLWithPath: folder.path).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func likeCountsAtTheEdgesOfIntAreClamped() throws {
        let twits = """
            [{"_id":"max","likeCount":9223372036854775807,"isLike":false},
             {"_id":"min","likeCount":-9223372036854775808,"isLike":true},
             {"_id":"zero","likeCount":0,"isLike":true}]
            """
        let root = try folder(["twit-api/twits.json": twits])
        defer { root.cleanup() }
        try withServer(root: root.path) { server in
            let max = try fetch(server, "/twit-api/like/max", method: "POST", headers: bearer).decode(Envelope<LikeResult>.self)
            #expect(max.status == 200)
            #expect(max.data?.isLike == true)
            #expect(max.data?.likeCount == Int.max)
            let min = try fetch(server, "/twit-api/like/min", method: "POST", headers: bearer).decode(Envelope<LikeResult>.self)
            #expect(min.data?.isLike == false)
            #expect(min.data?.likeCount == 0)
            let zero = try fetch(server, "/twit-api/like/zero", method: "POST", headers: bearer).decode(Envelope<LikeResult>.self)
            #expect(zero.data?.likeCount == 0)
            #expect(try fetch(server, "/twit-api/twit").status == 200, "the timeline overlays the same toggles")
        }
    }

    @Test func likeCountsThatAreNotIntegersAreServedAsWritten() throws {
        let twits = """
            [{"_id":"big","likeCount":1e30,"isLike":false},
             {"_id":"beyond","likeCount":92233720368547758070,"isLike":false},
             {"_id":"text","likeCount":"many","isLike":false},
             {"_id":"none","isLike":false}]
            """
        let root = try folder(["twit-api/twits.json": twits])
        defer { root.cleanup() }
        try withServer(root: root.path) { server in
            for (id, count) in [("big", "1e30"), ("beyond", "92233720368547758070"), ("text", #""many""#), ("none", "1")] {
                let response = try fetch(server, "/twit-api/like/\(id)", method: "POST", headers: bearer)
                #expect(response.status == 200)
                #expect(response.text.contains(#""isLike":true,"likeCount":\#(count)}"#), "\(response.text)")
            }
            #expect(try fetch(server, "/twit-api/twit").status == 200)
        }
    }

    @Test(arguments: [
        "offset=9223372036854775807", "offset=9223372036854775807&page=200", "page=9223372036854775807",
        "page=9223372036854775807&offset=9223372036854775807", "radius=1e308", "radius=5e-324",
    ])
    func extremeMeetupPagingIsAnswered(query: String) throws {
        try withServer { server in
            let response = try fetch(server, "/meetup/2/groups?lat=51.5&lon=-0.13&\(query)&key=k")
            #expect(response.status == 200)
            let page = try response.decode(GroupsPage.self)
            #expect(page.meta.count == page.results.count)
            #expect(page.results.count <= 200)
        }
    }

    @Test(arguments: [
        "lat=1e400&lon=0", "lat=-1e400&lon=0", "lat=nan&lon=0", "lat=0&lon=inf", "lat=0&lon=0&radius=inf",
        "lat=0&lon=0&radius=nan", "lat=0&lon=0&page=99999999999999999999", "lat=0&lon=0&offset=99999999999999999999",
        "lat=0&lon=0&page=-9223372036854775808", "lat=0&lon=0&offset=-9223372036854775808",
    ])
    func outOfRangeMeetupNumbersAre400(query: String) throws {
        try withServer { server in
            let response = try fetch(server, "/meetup/2/groups?\(query)&key=k")
            #expect(response.status == 400)
            #expect(try response.decode(MeetupProblem.self).code == "bad_request")
        }
    }

    @Test func extremeFixtureNumbersAreServedAsWritten() throws {
        let groups = """
            [{"id":1,"name":"Far","lat":1e999,"lon":-1e999},
             {"id":2,"name":"Near","lat":51.5,"lon":-0.13,"members":92233720368547758070}]
            """
        let stock = #"{"AAPL":{"symbol":"AAPL","openingPrice":1e400,"currentPrice":-9223372036854775809,"percentageChange":1e-400}}"#
        let weather = #"{"richmond":{"city":"Richmond","currentTemperature":1e999}}"#
        let root = try folder(["meetup/groups.json": groups, "stock/v2.json": stock, "weather/v2.json": weather])
        defer { root.cleanup() }
        try withServer(root: root.path) { server in
            let meetup = try fetch(server, "/meetup/2/groups?lat=51.5&lon=-0.13&radius=1e308&key=k")
            #expect(meetup.status == 200)
            #expect(meetup.text.contains(#""total_count":1"#), "a group at an impossible place is never near")
            #expect(meetup.text.contains("92233720368547758070"))
            #expect(try fetch(server, "/stock/v2?symbol=AAPL").text == stock.dropFirst(8).dropLast())
            #expect(try fetch(server, "/weather/v2").text.contains("1e999"))
        }
    }

    @Test(arguments: [
        "/faults/status/9223372036854775807", "/faults/status/99999999999999999999", "/faults/status/-200",
        "/faults/delay/9223372036854775807", "/faults/delay/99999999999999999999", "/faults/delay/-1",
        "/faults/huge/9223372036854775807", "/faults/huge/8796093022208", "/faults/huge/-1", "/faults/huge/0",
        "/faults/trickle?bytes=9223372036854775807", "/faults/trickle?bytes=-1",
        "/faults/trickle?interval=9223372036854775807", "/faults/trickle?interval=-9223372036854775808",
        "/faults/trickle?chunk=9223372036854775807", "/faults/trickle?chunk=0",
    ])
    func extremeFaultParametersAre400(target: String) throws {
        try withServer { server in
            let response = try fetch(server, target)
            #expect(response.status == 400)
            #expect(try response.decode(ServerErrorBody.self).status == 400)
        }
    }

    @Test func timeoutsOfAnySizeAreUsable() {
        for seconds in [Double.nan, -1, 0, .infinity, .greatestFiniteMagnitude] {
            let limits = ConnectionLimits(idleTimeout: seconds, requestTimeout: seconds)
            #expect(limits.idleTimeout >= 0.01 && limits.requestTimeout >= 0.01, "\(seconds)")
        }
    }
}
