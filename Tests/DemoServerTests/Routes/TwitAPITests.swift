import Testing
@testable import DemoServer

@Suite("Twit API")
struct TwitAPITests {
    private let bearer = [("Authorization", "Bearer demo-token")]

    @Test func timelineHasTwelveTwitsInTheEnvelope() throws {
        try withServer { server in
            let envelope = try fetch(server, "/twit-api/twit").decode(Envelope<[Twit]>.self)
            #expect(envelope.status == 200)
            #expect(envelope.success)
            #expect(!envelope.message.isEmpty)
            let twits = try #require(envelope.data)
            #expect(twits.count == 12)
            #expect(twits[0]._id == "t01")
            #expect(Set(twits.map(\._id)).count == 12)
            #expect(twits.contains { $0.isRetwit })
            #expect(twits.contains { !$0.isRetwit })
            #expect(twits.allSatisfy { $0.writer.profileImage == "https://img.example/\($0.writer._id).png" })
        }
    }

    @Test func userIsYujin() throws {
        try withServer { server in
            let user = try #require(try fetch(server, "/twit-api/user").decode(Envelope<TwitUser>.self).data)
            #expect(user._id == "u01")
            #expect(user.name == "Yujin")
            #expect(user.email == "yujin@example.com")
            #expect(user.twitCount == 12)
        }
    }

    @Test func likeTogglesAndTwiceReturnsToTheStart() throws {
        try withServer { server in
            let before = try #require(try fetch(server, "/twit-api/twit").decode(Envelope<[Twit]>.self).data?.first)
            let first = try fetch(server, "/twit-api/like/t01", method: "POST", headers: bearer).decode(Envelope<LikeResult>.self)
            #expect(first.status == 200)
            #expect(first.data?.isLike == !before.isLike)
            #expect(first.data?.likeCount == before.likeCount + (before.isLike ? -1 : 1))

            let during = try #require(try fetch(server, "/twit-api/twit").decode(Envelope<[Twit]>.self).data?.first)
            #expect(during.isLike == !before.isLike)
            #expect(during.likeCount == first.data?.likeCount)

            let second = try fetch(server, "/twit-api/like/t01", method: "POST", headers: bearer).decode(Envelope<LikeResult>.self)
            #expect(second.data?.isLike == before.isLike)
            #expect(second.data?.likeCount == before.likeCount)
            let after = try #require(try fetch(server, "/twit-api/twit").decode(Envelope<[Twit]>.self).data?.first)
            #expect(after.isLike == before.isLike && after.likeCount == before.likeCount)
        }
    }

    @Test func likeStateIsPerServer() throws {
        try withServer { first in
            _ = try fetch(first, "/twit-api/like/t02", method: "POST", headers: bearer)
            try withServer { second in
                let twits = try #require(try fetch(second, "/twit-api/twit").decode(Envelope<[Twit]>.self).data)
                #expect(twits[1].isLike == true, "t02 is liked in the fixtures and untouched on this server")
            }
        }
    }

    @Test func likeWithoutBearerTokenIs401() throws {
        try withServer { server in
            for headers in [[], [("Authorization", "Bearer ")], [("Authorization", "Basic abc")]] {
                let response = try fetch(server, "/twit-api/like/t01", method: "POST", headers: headers)
                #expect(response.status == 401)
                #expect(response.text == #"{"status":401,"success":false,"message":"missing bearer token","data":null}"#)
            }
        }
    }

    @Test func likeOfUnknownTwitIs404() throws {
        try withServer { server in
            let response = try fetch(server, "/twit-api/like/zz", method: "POST", headers: bearer)
            #expect(response.status == 404)
            #expect(response.text == #"{"status":404,"success":false,"message":"no twit with id 'zz'","data":null}"#)
        }
    }

    @Test func concurrentLikesAreCountedExactly() async throws {
        let server = DemoServer(configuration: DemoServerConfiguration())
        try server.start()
        defer { server.stop() }
        let port = server.port
        // An even number of toggles from many connections must land back where it started.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    let client = try TestHTTPClient(port: port)
                    for _ in 0..<4 {
                        _ = try client.request("POST", "/twit-api/like/t05", headers: [("Authorization", "Bearer x")])
                    }
                }
            }
            try await group.waitForAll()
        }
        let twit = try #require(try fetch(server, "/twit-api/twit").decode(Envelope<[Twit]>.self).data?[4])
        #expect(twit.isLike == false)
        #expect(twit.likeCount == 5)
    }

    @Test func getOnLikeIs405InTheEnvelope() throws {
        try withServer { server in
            let response = try fetch(server, "/twit-api/like/t01")
            #expect(response.status == 405)
            #expect(try response.decode(Envelope<String>.self).success == false)
        }
    }
}
