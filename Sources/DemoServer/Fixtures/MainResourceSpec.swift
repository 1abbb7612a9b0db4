import JSON

/// The OpenAPI 3.0 description of a demo service that is one main resource (`GET /weather/vN?city=…`,
/// `GET /stock/vN?symbol=…`): one operation on the server URL itself, one optional query parameter, the
/// record's schema, and as examples every record the demo serves, keyed as the fixture file keys them.
/// The first record is the one the demo answers without a query, and so the one the mock answers.
struct MainResourceSpec {
    let title: String
    let version: String
    let description: String
    /// `/weather/v1`: where the demo serves it.
    let server: String
    let operationId: String
    let summary: String
    /// The query parameter that picks a record, and what the demo answers without it.
    let parameter: (name: String, description: String, fallback: String)
    let schemaName: String
    let schema: JSONValue
    /// The fixture document: record by key (`richmond`, `AAPL`).
    let records: JSONValue

    var document: JSONValue {
        [
            "openapi": "3.0.3",
            "info": ["title": .string(title), "version": .string(version), "description": .string(description), "license": ["name": "MIT"]],
            "servers": [["url": .string(server), "description": "the demo server"]],
            "paths": ["/": ["get": operation]],
            "components": ["schemas": .object([(schemaName, schema), ("Error", Self.error)])],
        ]
    }

    private var operation: JSONValue {
        let examples = (records.objectValue ?? JSONObject()).map { key, record in
            (key, JSONValue.object([("summary", record["city"] ?? record["name"] ?? .string(key)), ("value", record)]))
        }
        return [
            "operationId": .string(operationId),
            "summary": .string(summary),
            "parameters": [[
                "name": .string(parameter.name), "in": "query", "required": false, "description": .string(parameter.description),
                "schema": ["type": "string", "default": .string(parameter.fallback)],
            ]],
            "responses": [
                "200": [
                    "description": .string(summary),
                    "content": ["application/json": [
                        "schema": OpenAPIFragments.ref(schemaName), "examples": .object(JSONObject(examples)),
                    ]],
                ],
                "404": OpenAPIFragments.response("no such \(parameter.name)", "Error"),
            ],
        ]
    }

    /// The demo server's error body: `{"error": "unknown city 'Paris'", "status": 404}`.
    private static var error: JSONValue {
        [
            "type": "object",
            "required": ["error", "status"],
            "properties": ["error": ["type": "string"], "status": ["type": "integer"]],
            "example": ["error": "unknown city 'Paris'", "status": 404],
        ]
    }
}
