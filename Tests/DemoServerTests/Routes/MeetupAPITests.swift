import Foundation
import Testing
@testable import DemoServer

@Suite("Meetup API")
struct MeetupAPITests {
    private let london = "lat=51.509980&lon=-0.133700"

    @Test func missingKeyIs401() throws {
        try withServer { server in
            for target in ["/meetup/2/groups?\(london)", "/meetup/2/groups?\(london)&key="] {
                let response = try fetch(server, target)
                #expect(response.status == 401)
                let problem = try response.decode(MeetupProblem.self)
                #expect(problem.problem == "missing API key")
                #expect(problem.code == "not_authorized")
            }
        }
    }

    @Test(arguments: ["lon=-0.13", "lat=51.5", "lat=abc&lon=0", "lat=91&lon=0", "lat=0&lon=181", "lat=0&lon=0&radius=-1",
                      "lat=0&lon=0&page=0", "lat=0&lon=0&offset=-1", "lat=0&lon=0&page=x"])
    func invalidQueryIs400(query: String) throws {
        try withServer { server in
            let response = try fetch(server, "/meetup/2/groups?\(query)&key=k")
            #expect(response.status == 400)
            #expect(try response.decode(MeetupProblem.self).code == "bad_request")
        }
    }

    @Test func firstPageIsNearestFirstWithFullGroups() throws {
        try withServer { server in
            let page = try fetch(server, "/meetup/2/groups?\(london)&page=20&key=secret").decode(GroupsPage.self)
            #expect(page.results.count == 20)
            #expect(page.meta.count == 20)
            #expect(page.meta.title == "Meetup Groups v2")
            #expect(page.meta.method == "Groups")
            #expect(page.meta.lat == 51.50998)
            #expect(page.meta.lon == -0.1337)
            let distances = page.results.map { distance(51.50998, -0.1337, $0.lat, $0.lon) }
            #expect(distances == distances.sorted())
            #expect(page.results.allSatisfy { $0.country == "GB" && $0.timezone == "Europe/London" })
            #expect(page.results.allSatisfy { $0.link == "http://www.meetup.com/\($0.urlname)/" && !$0.topics.isEmpty })
        }
    }

    @Test func pagingThroughNextCoversEveryGroupOnce() throws {
        try withServer { server in
            var target = "/meetup/2/groups?\(london)&radius=30&page=15&key=secret"
            var seen: [Int] = []
            var total = -1
            var pages = 0
            var lastDistance = 0.0
            while !target.isEmpty && pages < 100 {
                let page = try fetch(server, target).decode(GroupsPage.self)
                if total < 0 { total = page.meta.total_count }
                #expect(page.meta.total_count == total)
                #expect(page.meta.count == page.results.count)
                #expect(!page.meta.next.contains("key"))
                #expect(!page.meta.url.contains("key"))
                for group in page.results {
                    let next = distance(51.50998, -0.1337, group.lat, group.lon)
                    #expect(next >= lastDistance - 1e-9)
                    lastDistance = next
                }
                seen += page.results.map(\.id)
                pages += 1
                guard !page.meta.next.isEmpty else { break }
                #expect(page.meta.next.hasPrefix("http://127.0.0.1/meetup/2/groups?"), "built from the Host header")
                let url = try #require(URL(string: page.meta.next))
                target = url.path + "?" + (url.query ?? "") + "&key=secret"
            }
            #expect(total > 30)
            #expect(seen.count == total)
            #expect(Set(seen).count == seen.count)
            #expect(pages == (total + 14) / 15)
        }
    }

    @Test func nextFallsBackToTheBaseURLWithoutAHostHeader() throws {
        try withServer { server in
            let client = try TestHTTPClient(port: server.port)
            try client.send("GET /meetup/2/groups?lat=37.5665&lon=126.978&page=5&key=k HTTP/1.0\r\n\r\n")
            let page = try client.readResponse().decode(GroupsPage.self)
            #expect(page.meta.next == "\(server.baseURL)/meetup/2/groups?lat=37.5665&lon=126.978&radius=25&page=5&offset=1")
            #expect(page.meta.url.hasSuffix("offset=0"))
        }
    }

    @Test func radiusFiltersGroups() throws {
        try withServer { server in
            let small = try fetch(server, "/meetup/2/groups?lat=42.3601&lon=-71.0589&radius=3&page=200&key=k").decode(GroupsPage.self)
            let large = try fetch(server, "/meetup/2/groups?lat=42.3601&lon=-71.0589&radius=60&page=200&key=k").decode(GroupsPage.self)
            #expect(small.meta.total_count < large.meta.total_count)
            #expect(small.results.allSatisfy { distance(42.3601, -71.0589, $0.lat, $0.lon) <= 3 })
            #expect(large.results.contains { distance(42.3601, -71.0589, $0.lat, $0.lon) > 25 })
            #expect(large.results.allSatisfy { $0.country == "US" })
        }
    }

    @Test(arguments: [(35.6892, 51.389, "IR"), (37.5665, 126.978, "KR"), (51.5074, -0.1278, "GB"), (42.3601, -71.0589, "US")])
    func everyCityHasGroups(lat: Double, lon: Double, country: String) throws {
        try withServer { server in
            let page = try fetch(server, "/meetup/2/groups?lat=\(lat)&lon=\(lon)&key=k").decode(GroupsPage.self)
            #expect(page.meta.total_count >= 40)
            #expect(page.results.allSatisfy { $0.country == country })
        }
    }

    @Test func nowhereHasNoGroupsAndNoNext() throws {
        try withServer { server in
            let page = try fetch(server, "/meetup/2/groups?lat=0&lon=0&key=k").decode(GroupsPage.self)
            #expect(page.results.isEmpty)
            #expect(page.meta.total_count == 0)
            #expect(page.meta.next == "")
        }
    }

    @Test func pageIsCappedAt200() throws {
        try withServer { server in
            let page = try fetch(server, "/meetup/2/groups?lat=51.5&lon=-0.12&radius=100&page=5000&key=k").decode(GroupsPage.self)
            #expect(page.results.count == min(200, page.meta.total_count))
            #expect(page.meta.url.contains("page=200"))
        }
    }

    private func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        GeoDistance.kilometres(fromLat: lat1, lon: lon1, toLat: lat2, lon: lon2)
    }
}
