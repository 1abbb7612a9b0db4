import JSON

/// `specs/vault.json`: OpenAPI 3.0.3 for `/vault`, a small secrets store declaring every shape of
/// security: a bearer default, basic, an API key in a header, the query and a cookie, OAuth 2 client
/// credentials, a public operation (`security: []`), one needing two schemes at once and one taking
/// either of two. The locator can be the document itself: `--locator …/specs/vault.json`.
enum VaultSpec {
    /// What the vault's routes accept.
    static let token = "vault-token"
    static let apiKey = "vault-key"
    static let basicUser = "admin"
    static let basicPassword = "vault-pass"

    static var document: JSONValue {
        [
            "openapi": "3.0.3",
            "info": [
                "title": "Demo Vault",
                "version": "1.0.0",
                "description": "Secrets behind every kind of credential an OpenAPI document can ask for.",
            ],
            "servers": [["url": "/vault"]],
            "tags": [["name": "secrets"], ["name": "admin"]],
            "security": [["bearerAuth": []]],
            "paths": [
                "/health": ["get": operation("getHealth", "Whether the vault is up (public)", tags: ["admin"], security: [])],
                "/secrets": [
                    "get": operation("listSecrets", "List the secrets (the default: a bearer token)", tags: ["secrets"]),
                    "post": createSecret,
                ],
                "/secrets/{name}": ["get": getSecret],
                "/reports": ["get": getReport],
                "/session": ["get": operation("getSession", "The session behind a cookie", tags: ["admin"],
                                              security: [["sessionCookie": []]])],
                "/admin": ["get": operation("getAdmin", "The admin console (basic)", tags: ["admin"],
                                            security: [["basicAuth": []]])],
                "/audit": ["get": operation("getAudit", "The audit log: an OAuth token or the header key", tags: ["admin"],
                                            security: [["oauth": ["secrets:read"]], ["apiKeyHeader": []]])],
            ],
            "components": [
                "securitySchemes": [
                    "bearerAuth": ["type": "http", "scheme": "bearer", "bearerFormat": "opaque"],
                    "basicAuth": ["type": "http", "scheme": "basic"],
                    "apiKeyHeader": ["type": "apiKey", "in": "header", "name": "X-Api-Key"],
                    "apiKeyQuery": ["type": "apiKey", "in": "query", "name": "api_key"],
                    "sessionCookie": ["type": "apiKey", "in": "cookie", "name": "vault_session"],
                    "oauth": [
                        "type": "oauth2",
                        "flows": ["clientCredentials": [
                            "tokenUrl": "/vault/oauth/token",
                            "scopes": ["secrets:read": "Read secrets", "secrets:write": "Write secrets"],
                        ]],
                    ],
                ],
                "schemas": [
                    "Access": [
                        "type": "object",
                        "required": ["operation", "received"],
                        "properties": [
                            "operation": ["type": "string"],
                            "received": ["type": "array", "items": ["type": "string"],
                                         "description": "Which credential carriers the request had"],
                            "name": ["type": "string"],
                        ],
                    ],
                    "NewSecret": [
                        "type": "object",
                        "required": ["name", "value"],
                        "additionalProperties": false,
                        "properties": [
                            "name": ["type": "string", "description": "Unique within the vault"],
                            "value": ["type": "string"],
                            "ttl": ["type": "integer", "description": "Seconds until the secret expires"],
                            "retention": ["type": "string", "enum": ["retain", "discard"],
                                          "description": "What happens to the value once it expires"],
                            "shared": ["type": "boolean"],
                            "tags": ["type": "array", "items": ["type": "string"]],
                        ],
                    ],
                    "Error": [
                        "type": "object", "required": ["code", "message"],
                        "properties": ["code": ["type": "integer"], "message": ["type": "string"]],
                    ],
                ],
            ],
        ]
    }

    private static func operation(_ id: String, _ summary: String, tags: [String], security: [JSONValue]? = nil,
                                  parameters: [JSONValue] = []) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("operationId", .string(id)), ("summary", .string(summary)), ("tags", .array(tags.map(JSONValue.string))),
        ]
        if let security { fields.append(("security", .array(security))) }
        if !parameters.isEmpty { fields.append(("parameters", .array(parameters))) }
        fields.append(("responses", [
            "200": ["description": "granted", "content": ["application/json": ["schema": ["$ref": "#/components/schemas/Access"]]]],
            "default": ["description": "refused", "content": ["application/json": ["schema": ["$ref": "#/components/schemas/Error"]]]],
        ]))
        return .object(fields)
    }

    private static var getSecret: JSONValue {
        operation("getSecret", "One secret (an API key in a header)", tags: ["secrets"], security: [["apiKeyHeader": []]], parameters: [
            ["name": "name", "in": "path", "required": true, "schema": ["type": "string"]],
            ["name": "version", "in": "query", "description": "Which version of the secret; the latest without it",
             "schema": ["type": "integer"]],
        ])
    }

    private static var getReport: JSONValue {
        operation("getReport", "A usage report (an API key in the query)", tags: ["admin"], security: [["apiKeyQuery": []]], parameters: [
            ["name": "format", "in": "query", "description": "How the report is laid out",
             "schema": ["type": "string", "enum": ["json", "csv"]]],
        ])
    }

    private static var createSecret: JSONValue {
        [
            "operationId": "createSecret",
            "summary": "Store a secret (a bearer token and the header key, both)",
            "tags": ["secrets"],
            "security": [["bearerAuth": [], "apiKeyHeader": []]],
            "requestBody": [
                "required": true,
                "content": ["application/json": ["schema": ["$ref": "#/components/schemas/NewSecret"]]],
            ],
            "responses": [
                "201": ["description": "stored", "content": ["application/json": ["schema": ["$ref": "#/components/schemas/Access"]]]],
                "default": ["description": "refused", "content": ["application/json": ["schema": ["$ref": "#/components/schemas/Error"]]]],
            ],
        ]
    }
}
