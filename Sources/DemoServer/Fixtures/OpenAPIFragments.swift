import JSON

/// Pieces both pet store specs are built from, so the two versions differ only where the API does.
enum OpenAPIFragments {
    /// `{"$ref":"#/components/schemas/NAME"}`.
    static func ref(_ name: String) -> JSONValue {
        ["$ref": .string("#/components/schemas/\(name)")]
    }

    /// A response whose `application/json` body is the component schema `schema`.
    static func response(_ description: String, _ schema: String) -> JSONValue {
        ["description": .string(description), "content": ["application/json": ["schema": ref(schema)]]]
    }

    /// The `default` response every operation declares: any other status carries an `Error`.
    static var unexpectedError: JSONValue {
        response("unexpected error", "Error")
    }

    /// A required integer path parameter.
    static func idParameter(_ name: String, _ description: String) -> JSONValue {
        [
            "name": .string(name), "in": "path", "required": true, "description": .string(description),
            "schema": ["type": "integer", "format": "int64"],
        ]
    }

    /// `limit`: optional, 1 to 100, default 100.
    static var limitParameter: JSONValue {
        [
            "name": "limit", "in": "query", "required": false,
            "description": "How many pets to return at most (1 to 100)",
            "schema": ["type": "integer", "format": "int32", "minimum": 1, "maximum": .int(PetstoreAPI.maximumLimit), "default": .int(PetstoreAPI.maximumLimit)],
        ]
    }

    /// A JSON request body of the component schema `schema`.
    static func requestBody(_ description: String, _ schema: String) -> JSONValue {
        [
            "description": .string(description), "required": true,
            "content": ["application/json": ["schema": ref(schema)]],
        ]
    }

    /// `GET /`'s answer.
    static var store: JSONValue {
        [
            "type": "object",
            "required": ["name", "version", "petCount"],
            "properties": [
                "name": ["type": "string"],
                "version": ["type": "string", "description": "The API version"],
                "petCount": ["type": "integer", "minimum": 0],
            ],
        ]
    }

    /// An array of at most 100 `Pet`s.
    static var pets: JSONValue {
        ["type": "array", "maxItems": .int(PetstoreAPI.maximumLimit), "items": ref("Pet")]
    }

    /// A pet's name, in `Pet` and `NewPet`.
    static var name: JSONValue {
        ["type": "string", "minLength": 1, "maxLength": .int(PetstoreVersion.maximumTextLength)]
    }

    static var error: JSONValue {
        [
            "type": "object",
            "required": ["code", "message"],
            "properties": [
                "code": ["type": "integer", "format": "int32", "description": "The HTTP status"],
                "message": ["type": "string"],
            ],
        ]
    }
}
