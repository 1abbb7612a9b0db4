import Testing
import JSON
@testable import DemoServer

/// `GET /forecast`, versioned by the `X-Demo-Api-Version` header: checked on the server side.
@Suite("Forecast (header versioning)")
struct ForecastAPITests {
    private func version(_ value: String) -> [(String, String)] {
        [("X-Demo-Api-Version", value)]
    }

    @Test func version20240101IsFlat() throws {
        try withServer { server throws in
            let response = try fetch(server, "/forecast", headers: version("2024-01-01"))
            #expect(response.status == 200)
            #expect(response.text == #"{"city":"Richmond","high":71,"low":55,"summary":"Sunny"}"#)
            #expect(response.header("X-Demo-Api-Version") == "2024-01-01")
            #expect(response.header("Vary") == "X-Demo-Api-Version")
        }
    }

    @Test func version20250601NestsLocationAndTemperature() throws {
        try withServer { server throws in
            let response = try fetch(server, "/forecast", headers: version("2025-06-01"))
            #expect(response.status == 200)
            #expect(response.text == #"{"location":{"city":"Richmond","state":"VA"},"temperature":{"high":71,"low":55,"unit":"F"},"summary":"Sunny","updated":"2025-06-01T12:00:00Z"}"#)
            #expect(response.header("X-Demo-Api-Version") == "2025-06-01")
        }
    }

    @Test func cityIsChosenByQueryInEitherVersion() throws {
        try withServer { server throws in
            let flat = try fetch(server, "/forecast?city=SEATTLE", headers: version("2024-01-01")).json()
            #expect(flat["city"] == "Seattle")
            let nested = try fetch(server, "/forecast?city=seattle", headers: version("2025-06-01")).json()
            #expect(nested["location"] == ["city": "Seattle", "state": "WA"])
            #expect(nested["temperature"]?["high"] == flat["high"], "the same forecast in either shape")
            #expect(nested["summary"] == flat["summary"])
            let unknown = try fetch(server, "/forecast?city=Oslo", headers: version("2024-01-01"))
            #expect(unknown.status == 404)
            #expect(try unknown.decode(ServerErrorBody.self).error == "unknown city 'Oslo'")
        }
    }

    @Test(arguments: [[], [("X-Demo-Api-Version", "")], [("X-Demo-Api-Version", "   ")]])
    func missingVersionIs400NamingTheSupportedOnes(headers: [(String, String)]) throws {
        try withServer { server throws in
            let response = try fetch(server, "/forecast", headers: headers)
            #expect(response.status == 400)
            #expect(response.header("X-Demo-Api-Version") == nil)
            #expect(try response.decode(ServerErrorBody.self) == ServerErrorBody(
                error: "missing X-Demo-Api-Version header; supported: 2024-01-01, 2025-06-01", status: 400))
        }
    }

    @Test(arguments: ["2023-12-31", "2025-06-01x", "latest", "2024-1-1"])
    func unknownVersionIs400(value: String) throws {
        try withServer { server throws in
            let response = try fetch(server, "/forecast", headers: version(value))
            #expect(response.status == 400)
            #expect(try response.decode(ServerErrorBody.self).error
                == "unsupported API version '\(value)'; supported: 2024-01-01, 2025-06-01")
        }
    }

    @Test func aHugeUnknownVersionIsCutInTheMessage() throws {
        try withServer { server throws in
            let value = String(repeating: "9", count: 5000)
            let error = try fetch(server, "/forecast", headers: version(value)).decode(ServerErrorBody.self).error
            #expect(error.count < 200)
            #expect(error.hasPrefix("unsupported API version '99999"))
        }
    }

    @Test func onlyGETAndHEAD() throws {
        try withServer { server throws in
            let post = try fetch(server, "/forecast", method: "POST", headers: version("2024-01-01"))
            #expect(post.status == 405)
            #expect(post.header("Allow") == "GET, HEAD")
            let head = try fetch(server, "/forecast", method: "HEAD", headers: version("2024-01-01"))
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
        }
    }
}
