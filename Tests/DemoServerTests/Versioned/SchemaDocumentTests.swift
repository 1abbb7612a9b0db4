import Testing
import JSON
@testable import DemoServer

/// The JSON Schemas served beside the locators, and the bodies they describe.
@Suite("Schema documents")
struct SchemaDocumentTests {
    private static let forecastVersions = ["2024-01-01", "2025-06-01"]
    private static let schemaPaths = ["schemas/forecast-2024-01-01.json", "schemas/forecast-2025-06-01.json", "schemas/price.json"]

    @Test(arguments: schemaPaths)
    func servedAsJSONSchema202012(path: String) throws {
        try withServer { server throws in
            let response = try fetch(server, "/" + path)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            let schema = try response.json()
            #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
            #expect(schema["type"] == "object")
            #expect(schema["required"]?.arrayValue?.isEmpty == false)
            #expect(Self.untitledProperties(in: schema).isEmpty, "every property has a title")
        }
    }

    @Test(arguments: forecastVersions)
    func forecastBodiesMatchTheirSchema(version: String) throws {
        try withServer { server throws in
            let schema = try fetch(server, "/schemas/forecast-\(version).json").json()
            for city in ["Richmond", "Boston", "Seattle", "Austin", "Denver"] {
                let body = try fetch(server, "/forecast?city=\(city)", headers: [("X-Demo-Api-Version", version)]).json()
                #expect(SchemaCheck(document: schema).violations(of: body, against: schema) == [], "\(city)")
            }
        }
    }

    @Test func aForecastOfTheOtherVersionDoesNotMatch() throws {
        try withServer { server throws in
            let schema = try fetch(server, "/schemas/forecast-2025-06-01.json").json()
            let old = try fetch(server, "/forecast", headers: [("X-Demo-Api-Version", "2024-01-01")]).json()
            #expect(SchemaCheck(document: schema).violations(of: old, against: schema) == [
                "location: required, missing", "temperature: required, missing", "updated: required, missing",
            ])
        }
    }

    @Test func forecast20250601UsesRefAndAllOf() throws {
        try withServer { server throws in
            let schema = try fetch(server, "/schemas/forecast-2025-06-01.json").json()
            #expect(schema["properties"]?.keys == ["location", "temperature", "summary", "updated"])
            #expect(schema["properties"]?["temperature"]?["$ref"] == "#/$defs/Temperature")
            #expect(schema.resolving(pointer: "#/$defs/Temperature")?["required"] == ["high", "low", "unit"])
            let location = try #require(schema["properties"]?["location"]?["allOf"]?.arrayValue)
            #expect(location.first?["$ref"] == "#/$defs/Place")
            #expect(schema.resolving(pointer: "#/$defs/Place")?["properties"]?["city"]?["title"] == "City")
            #expect(schema["properties"]?["updated"]?["format"] == "date-time")
        }
    }

    @Test func priceBreaksItsOwnSchemaAtPrice() throws {
        try withServer { server throws in
            let response = try fetch(server, "/price/v1")
            #expect(response.status == 200)
            #expect(try response.json() == ["item": "tea", "price": "9.50"])
            let schema = try fetch(server, "/schemas/price.json").json()
            #expect(schema["properties"]?["price"]?["required"] == ["amount", "currency"])
            #expect(SchemaCheck(document: schema).violations(of: try response.json(), against: schema) == [
                #"price: expected object, found string "9.50""#,
            ])
        }
    }

    /// Paths of properties (also inside `$defs`, `allOf` and nested objects) that have no `title`.
    private static func untitledProperties(in schema: JSONValue, path: String = "") -> [String] {
        var found: [String] = []
        for (name, property) in schema["properties"]?.objectValue ?? [:] {
            if property["title"] == nil { found.append(path + name) }
            found += untitledProperties(in: property, path: path + name + ".")
        }
        for (name, definition) in schema["$defs"]?.objectValue ?? [:] {
            found += untitledProperties(in: definition, path: path + "$defs." + name + ".")
        }
        for part in schema["allOf"]?.arrayValue ?? [] {
            found += untitledProperties(in: part, path: path)
        }
        return found
    }
}
