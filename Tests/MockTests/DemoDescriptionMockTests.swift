import Foundation
import HTTPClient
import HTTPTypes
import JSON
@testable import Mock
import Testing
import TestSupport

/// The demo's typed services (weather v1–v3, stockQuote v1–v2) are described in its locators, so the mock
/// serves them: each record the demo serves is an example, and the mock answers it as the demo does.
@Suite(.serialized) struct DemoDescriptionMockTests {
    let demo: LiveDemoServer
    let server: MockServer
    let transport = CurlTransport()

    init() throws {
        demo = try LiveDemoServer()
        server = try MockServer.load(demo.url("/services-next.json"), transport: transport).server
        try server.start()
    }

    private func json(_ url: String, headers: HTTPHeaders = [:]) throws -> (status: Int, body: JSONValue) {
        let response = try transport.send(HTTPRequest(method: .get, url: url, headers: headers))
        return (response.status, try JSONValue.parse(response.body))
    }

    private func version(_ label: String) throws -> MockVersion {
        try #require(server.versions.first { $0.label == label }, "\(server.versions.map(\.label))")
    }

    @Test func everyTypedVersionIsDescribed() {
        #expect(server.versions.map(\.label).filter { $0.hasPrefix("weather") || $0.hasPrefix("stockQuote") }
                == ["weather v1", "weather v2", "weather v3", "stockQuote v1", "stockQuote v2"])
        #expect(server.warnings.isEmpty, "\(server.warnings)")
    }

    @Test func theMockAnswersEveryCityAsTheDemoDoes() throws {
        for major in 1...3 {
            let mocked = try version("weather v\(major)")
            for city in ["Richmond", "Boston", "Seattle", "Austin", "Denver"] {
                let served = try json(demo.url("/weather/v\(major)?city=\(city)"))
                let answered = try json(server.url(of: mocked) + "?city=\(city)", headers: ["Prefer": "example=\(city.lowercased())"])
                #expect(answered.status == 200)
                #expect(answered.body == served.body, "weather v\(major) \(city)")
            }
            // No query and no Prefer: the demo's default city, the first example.
            #expect(try json(server.url(of: mocked)).body == json(demo.url("/weather/v\(major)")).body)
        }
    }

    @Test func stockQuotesHaveTheDemoShapeAndTheBasePrice() throws {
        for major in 1...2 {
            let served = try json(demo.url("/stock/v\(major)?symbol=MSFT")).body
            let answered = try json(try server.url(of: version("stockQuote v\(major)")) + "?symbol=MSFT", headers: ["Prefer": "example=MSFT"])
            #expect(answered.status == 200)
            #expect(answered.body.objectValue?.map(\.0) == served.objectValue?.map(\.0))
            #expect(answered.body.objectValue?.map(\.1.typeName) == served.objectValue?.map(\.1.typeName))
            #expect(answered.body["currentPrice"]?.displayText == "418.07")
        }
    }
}
