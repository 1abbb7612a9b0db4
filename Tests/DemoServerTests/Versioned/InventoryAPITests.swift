import Testing
import JSON
@testable import DemoServer

/// `GET /inventory`, versioned by the `api-version` query parameter: checked on the server side.
@Suite("Inventory (query versioning)")
struct InventoryAPITests {
    @Test func version20240501ListsNameAndQuantity() throws {
        try withServer { server throws in
            let response = try fetch(server, "/inventory?api-version=2024-05-01")
            #expect(response.status == 200)
            let items = try #require(try response.json()["items"]?.arrayValue)
            #expect(items.count == 4)
            #expect(items[0] == ["sku": "A1", "name": "Anvil", "qty": 3])
            #expect(items.allSatisfy { $0.keys == ["sku", "name", "qty"] })
            #expect(try response.json().keys == ["items"])
            #expect(response.header("api-supported-versions") == "2024-05-01, 2025-01-15")
        }
    }

    @Test func version20250115SplitsStockAndAddsTotal() throws {
        try withServer { server throws in
            let body = try fetch(server, "/inventory?api-version=2025-01-15").json()
            #expect(body.keys == ["items", "total"])
            let items = try #require(body["items"]?.arrayValue)
            #expect(items[0] == ["sku": "A1", "title": "Anvil", "stock": ["available": 3, "reserved": 1]])
            #expect(items.allSatisfy { $0.keys == ["sku", "title", "stock"] })
            #expect(body["total"]?.intValue == items.count)
        }
    }

    @Test(arguments: ["/inventory", "/inventory?api-version=", "/inventory?api_version=2024-05-01", "/inventory?API-VERSION=2024-05-01"])
    func missingVersionIs400(target: String) throws {
        try withServer { server throws in
            let response = try fetch(server, target)
            #expect(response.status == 400)
            #expect(try response.decode(ServerErrorBody.self) == ServerErrorBody(
                error: "missing api-version query parameter; supported: 2024-05-01, 2025-01-15", status: 400))
        }
    }

    @Test func unknownVersionIs400() throws {
        try withServer { server throws in
            let response = try fetch(server, "/inventory?api-version=2024-05-02")
            #expect(response.status == 400)
            #expect(try response.decode(ServerErrorBody.self).error
                == "unsupported API version '2024-05-02'; supported: 2024-05-01, 2025-01-15")
            #expect(response.header("api-supported-versions") == "2024-05-01, 2025-01-15")
        }
    }
}
