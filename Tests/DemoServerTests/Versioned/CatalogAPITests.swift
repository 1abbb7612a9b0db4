import Testing
import JSON
@testable import DemoServer

/// `GET /catalog`, versioned by media type in `Accept`: checked on the server side.
@Suite("Catalog (media-type versioning)")
struct CatalogAPITests {
    private let v1 = "application/vnd.demo.v1+json"
    private let v2 = "application/vnd.demo.v2+json"
    private let supported = "supported: application/vnd.demo.v1+json, application/vnd.demo.v2+json"

    @Test func v1HasNumericIdsAndPlainPrices() throws {
        try withServer { server throws in
            let response = try fetch(server, "/catalog", headers: [("Accept", v1)])
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == v1)
            #expect(response.header("Vary") == "Accept")
            let products = try #require(try response.json()["products"]?.arrayValue)
            #expect(products[0] == ["id": 101, "name": "Espresso cup", "price": 12.5, "category": "kitchen"])
        }
    }

    @Test func v2HasStringIdsPricesWithCurrencyAndACount() throws {
        try withServer { server throws in
            let response = try fetch(server, "/catalog", headers: [("Accept", v2)])
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == v2)
            let body = try response.json()
            #expect(body.keys == ["products", "count"])
            let first = try #require(body["products"]?.arrayValue?.first)
            #expect(first["id"] == "p101")
            #expect(first["price"] == ["amount": 12.5, "currency": "USD"])
            #expect(first["categories"] == ["kitchen"])
            #expect(body["count"] == 4)
        }
    }

    @Test func weightsPickTheVersion() throws {
        try withServer { server throws in
            let preferV1 = try fetch(server, "/catalog", headers: [("Accept", "\(v2);q=0.4, APPLICATION/VND.DEMO.V1+JSON;q=0.9")])
            #expect(preferV1.header("Content-Type") == v1)
            let refusedV1 = try fetch(server, "/catalog", headers: [("Accept", "\(v1); q=0, \(v2); charset=utf-8")])
            #expect(refusedV1.header("Content-Type") == v2)
        }
    }

    @Test(arguments: ["application/json", "*/*", "application/vnd.demo.v3+json", "\(String(repeating: "x", count: 10))+json;q=1", "application/vnd.demo.v1+json;q=0"])
    func otherMediaTypesAre406(accept: String) throws {
        try withServer { server throws in
            let response = try fetch(server, "/catalog", headers: [("Accept", accept)])
            #expect(response.status == 406)
            #expect(try response.decode(ServerErrorBody.self).error == "unsupported media type in Accept '\(accept)'; \(supported)")
        }
    }

    @Test func missingAcceptIs406() throws {
        try withServer { server throws in
            let response = try fetch(server, "/catalog")
            #expect(response.status == 406)
            #expect(response.header("Content-Type") == "application/json")
            #expect(try response.decode(ServerErrorBody.self) == ServerErrorBody(error: "missing Accept header; \(supported)", status: 406))
        }
    }

    @Test func acceptHeaderParsing() {
        let header = AcceptHeader("text/html, Application/JSON ; q=0.5 ;level=1, image/*;q=2, a/b;q=x, ,c/d;q=0")
        #expect(header.ranges == [
            .init(mediaType: "text/html", quality: 1),
            .init(mediaType: "application/json", quality: 0.5),
            .init(mediaType: "c/d", quality: 0),
        ])
        #expect(header.preferred(among: ["c/d", "application/json", "text/html"]) == "text/html")
        #expect(header.preferred(among: ["c/d"]) == nil)
        #expect(AcceptHeader("a/b;q=0.5, c/d;q=0.5").preferred(among: ["c/d", "a/b"]) == "c/d", "ties go to the first offer")
    }
}
