import Testing
import JSON
@testable import DemoServer

/// The lean twit server under `/twit-lite/`: the twit API's envelope and behaviour, with writers and the
/// user reduced to what the API declares, and likes of its own.
@Suite("Twit lite API")
struct TwitLiteAPITests {
    private let bearer = [("Authorization", "Bearer lite-token")]

    @Test func writersAreOnlyANameAndIdsAreAsUsual() throws {
        try withServer { server throws in
            let body = try fetch(server, "/twit-lite/twit").json()
            #expect(body.keys == ["status", "success", "message", "data"])
            #expect(body["status"] == 200 && body["success"] == true)
            let twits = try #require(body["data"]?.arrayValue)
            #expect(twits.count == 12)
            #expect(twits.map { $0["_id"]?.stringValue ?? "" } == (1...12).map { $0 < 10 ? "t0\($0)" : "t\($0)" })
            #expect(twits.allSatisfy { $0.keys == ["_id", "content", "likeCount", "isLike", "isRetwit", "writer"] })
            #expect(twits.allSatisfy { $0["writer"]?.keys == ["name"] })
            #expect(twits[0]["writer"] == ["name": "Minji"])
        }
    }

    @Test func userIsANameAndABio() throws {
        try withServer { server throws in
            let body = try fetch(server, "/twit-lite/user").json()
            #expect(body["message"] == "user profile")
            let user = try #require(body["data"])
            #expect(user.keys == ["name", "bio"])
            #expect(user["name"] == "Yujin")
        }
    }

    @Test func likeNeedsABearerToken() throws {
        try withServer { server throws in
            let refused = try fetch(server, "/twit-lite/like/t01", method: "POST")
            #expect(refused.status == 401)
            #expect(refused.header("WWW-Authenticate") == "Bearer")
            #expect(refused.text == #"{"status":401,"success":false,"message":"missing bearer token","data":null}"#)

            let liked = try fetch(server, "/twit-lite/like/t01", method: "POST", headers: bearer)
            #expect(liked.status == 200)
            #expect(try liked.json()["data"] == ["_id": "t01", "isLike": true, "likeCount": 4])
            let timeline = try #require(try fetch(server, "/twit-lite/twit").json()["data"]?.arrayValue)
            #expect(timeline[0]["isLike"] == true && timeline[0]["likeCount"] == 4)
            #expect(timeline[0]["writer"]?.keys == ["name"], "a liked twit keeps the lean writer")
        }
    }

    @Test func unknownTwitIs404AndGETOnLikeIs405() throws {
        try withServer { server throws in
            let unknown = try fetch(server, "/twit-lite/like/t99", method: "POST", headers: bearer)
            #expect(unknown.status == 404)
            #expect(unknown.text == #"{"status":404,"success":false,"message":"no twit with id 't99'","data":null}"#)
            let get = try fetch(server, "/twit-lite/like/t01")
            #expect(get.status == 405)
            #expect(get.header("Allow") == "POST")
        }
    }

    @Test func likesAreIndependentOfTheFullTwitAPI() throws {
        try withServer { server throws in
            _ = try fetch(server, "/twit-lite/like/t01", method: "POST", headers: bearer)
            let full = try #require(try fetch(server, "/twit-api/twit").decode(Envelope<[Twit]>.self).data?.first)
            #expect(full.isLike == false)
            #expect(full.likeCount == 3)
        }
    }
}
