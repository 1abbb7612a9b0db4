import Foundation
import Testing
import JSON
@testable import DemoServer

@Suite("Locator documents")
struct LocatorRouteTests {
    @Test func servicesListsTheStableVersions() throws {
        try withServer { server in
            let response = try fetch(server, "/services.json")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            let locator = try response.decode(LocatorDocument.self)
            let keys = locator.services.map { "\($0.name) v\($0.version) \($0.url)" }
            #expect(keys == [
                "weather v1 weather/v1", "weather v2 weather/v2", "stockQuote v1 stock/v1",
                "stockQuote v2 stock/v2", "twit v1 twit-api", "meetup v2 meetup",
            ])
            #expect(locator.services.allSatisfy { $0.deprecated == nil && !$0.description.isEmpty })
        }
    }

    @Test func servicesNextAddsWeatherV3AndDeprecatesV1() throws {
        try withServer { server in
            let locator = try fetch(server, "/services-next.json").decode(LocatorDocument.self)
            #expect(locator.services.count == 7)
            let weather = locator.services.filter { $0.name == "weather" }
            #expect(weather.map(\.version) == [1, 2, 3])
            #expect(weather[0].deprecated == true)
            #expect(weather[0].sunset == "2027-06-30")
            #expect(weather[2].url == "weather/v3")
            #expect(weather[1].deprecated == nil)
        }
    }

    @Test func locatorURLsResolveToLiveServices() throws {
        try withServer { server in
            let locator = try fetch(server, "/services-next.json").decode(LocatorDocument.self)
            for entry in locator.services where entry.name != "meetup" && entry.name != "twit" {
                #expect(try fetch(server, "/" + entry.url).status == 200, "\(entry.url)")
            }
            #expect(try fetch(server, "/twit-api/twit").status == 200)
            #expect(try fetch(server, "/meetup/2/groups?lat=51.5&lon=-0.12&key=k").status == 200)
        }
    }

    @Test func servicesRealIsTheDocumentTheShellExpects() throws {
        try withServer { server in
            let response = try fetch(server, "/services-real.json")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            let expected = """
                {"services":[
                 {"name":"forecast","version":"2024-01-01","url":"forecast","versioning":{"header":"X-Demo-Api-Version"},"schema":"schemas/forecast-2024-01-01.json"},
                 {"name":"forecast","version":"2025-06-01","url":"forecast","versioning":{"header":"X-Demo-Api-Version"},"schema":"schemas/forecast-2025-06-01.json"},
                 {"name":"inventory","version":"2024-05-01","url":"inventory","versioning":{"query":"api-version"}},
                 {"name":"inventory","version":"2025-01-15","url":"inventory","versioning":{"query":"api-version"}},
                 {"name":"catalog","version":1,"url":"catalog","versioning":{"accept":"application/vnd.demo.v{version}+json"}},
                 {"name":"catalog","version":2,"url":"catalog","versioning":{"accept":"application/vnd.demo.v{version}+json"}},
                 {"name":"price","version":1,"url":"price/v1","schema":"schemas/price.json"},
                 {"name":"twit","version":1,"url":"twit-lite"}
                ]}
                """
            #expect(try response.json().encoded() == JSONValue.parse(expected).encoded(), "the same members in the same order")
        }
    }

    @Test func servicesRealEntriesReachLiveServicesAndDocuments() throws {
        try withServer { server in
            let entries = try #require(try fetch(server, "/services-real.json").json()["services"]?.arrayValue)
            for entry in entries {
                let url = try #require(entry["url"]?.stringValue)
                var headers: [(String, String)] = []
                var target = "/" + url + (entry["name"] == "twit" ? "/twit" : "")
                let version = entry["version"]?.stringValue ?? entry["version"]?.intValue.map(String.init) ?? ""
                if let header = entry["versioning"]?["header"]?.stringValue { headers.append((header, version)) }
                if let query = entry["versioning"]?["query"]?.stringValue { target += "?\(query)=\(version)" }
                if let accept = entry["versioning"]?["accept"]?.stringValue {
                    headers.append(("Accept", accept.replacingOccurrences(of: "{version}", with: version)))
                }
                #expect(try fetch(server, target, headers: headers).status == 200, "\(target)")
                if let schema = entry["schema"]?.stringValue {
                    #expect(try fetch(server, "/" + schema).json()["$schema"] != nil, "\(schema)")
                }
            }
        }
    }

    @Test func servicesOpenAPINamesEveryPetStoreSpec() throws {
        try withServer { server in
            let response = try fetch(server, "/services-openapi.json")
            #expect(response.status == 200)
            let expected = #"{"services":[{"name":"petstore","version":1,"url":"petstore/v1","openapi":"specs/petstore-v1.json"},"#
                + #"{"name":"petstore","version":2,"url":"petstore/v2","openapi":"specs/petstore-v2.json"},"#
                + #"{"name":"petstore","version":3,"url":"petstore/v3","openapi":"specs/petstore-v3.json"}]}"#
            #expect(try response.json().encoded() == JSONValue.parse(expected).encoded(), "the same members in the same order")
            for entry in try response.json()["services"]?.arrayValue ?? [] {
                let spec = try fetch(server, "/" + (entry["openapi"]?.stringValue ?? ""))
                #expect(try spec.json()["servers"]?.arrayValue?.first?["url"]?.stringValue == "/" + (entry["url"]?.stringValue ?? ""))
                #expect(try fetch(server, "/" + (entry["url"]?.stringValue ?? "")).status == 200)
            }
        }
    }

    @Test func rootDescribesTheServer() throws {
        try withServer(faults: false) { server in
            let response = try fetch(server, "/")
            #expect(response.status == 200)
            #expect(response.text.contains(#""locators":["services.json","services-next.json","services-real.json","services-openapi.json"]"#))
            #expect(response.text.contains(#""faults":false"#))
        }
    }

    @Test func unknownPathIs404WithTheServerErrorShape() throws {
        try withServer { server in
            let response = try fetch(server, "/nope/x")
            #expect(response.status == 404)
            #expect(try response.decode(ServerErrorBody.self) == ServerErrorBody(error: "no route for GET /nope/x", status: 404))
            let post = try fetch(server, "/services.json", method: "POST")
            #expect(post.status == 404)
            #expect(try post.decode(ServerErrorBody.self).error == "no route for POST /services.json")
        }
    }

    @Test func staticFilesAnswerWithAndWithoutTheJSONExtension() throws {
        try withServer { server in
            let withExtension = try fetch(server, "/services.json")
            let withoutExtension = try fetch(server, "/services")
            #expect(withoutExtension.status == 200)
            #expect(withoutExtension.body == withExtension.body)
            let weatherFile = try fetch(server, "/weather/v1.json")
            #expect(weatherFile.status == 200)
            #expect(weatherFile.text.contains("\"richmond\""))
        }
    }
}
