import JSON

/// `specs/petstore-v3.json`: OpenAPI 3.1.0 for `/petstore/v3`, the successor of v1 (v2's species and
/// deletes are not carried over). Against v1 it renames `showPetById` to `getPetById`, renames `listPets`'
/// `limit` to `pageSize`, drops `petCount` from the store and makes its `version` an integer, narrows
/// a new pet's free-form `tag` to `dog` or `cat`, and requires a new pet's sale `status` (`available` or
/// `reserved`; v2 also took `sold`).
enum PetstoreSpecV3 {
    private typealias Fragment = OpenAPIFragments

    /// The statuses a new pet may be created with.
    static let newStatuses = ["available", "reserved"]
    /// The statuses a pet may show: a pet sold through v2 keeps its status.
    static let statuses = ["available", "reserved", "sold"]

    static var document: JSONValue {
        [
            "openapi": "3.1.0",
            "info": [
                "title": "Demo Pet Store",
                "summary": "Pets with their sale status",
                "version": "3.0.0",
                "description": "The pet store of the apish demo server, version 3.",
                "license": ["name": "MIT", "identifier": "MIT"],
            ],
            "servers": [["url": "/petstore/v3", "description": "the demo server"]],
            "tags": [["name": "store"], ["name": "pets"]],
            "paths": [
                "/": ["get": getStore],
                "/pets": ["get": listPets, "post": createPet],
                "/pets/{petId}": ["get": getPetById],
                "/pets/{petId}/owner": ["get": showOwner],
            ],
            "components": [
                "schemas": [
                    "Store": [
                        "type": "object",
                        "required": ["name", "version"],
                        "properties": [
                            "name": ["type": "string"],
                            "version": ["type": "integer", "description": "The API's major version"],
                        ],
                    ],
                    "Pet": [
                        "type": "object",
                        "required": ["id", "name", "status"],
                        "properties": [
                            "id": ["type": "integer", "format": "int64"],
                            "name": Fragment.name,
                            "tag": tag,
                            "status": ["type": "string", "enum": .array(statuses.map(JSONValue.string))],
                        ],
                    ],
                    "NewPet": [
                        "type": "object",
                        "required": ["name", "status"],
                        "properties": [
                            "name": Fragment.name,
                            "tag": tag,
                            "status": [
                                "type": "string", "enum": .array(newStatuses.map(JSONValue.string)),
                                "description": "Whether the pet can be adopted at once",
                            ],
                        ],
                    ],
                    "Pets": Fragment.pets,
                    "Owner": [
                        "type": "object",
                        "required": ["name", "email"],
                        "properties": [
                            "name": ["type": "string"],
                            "email": ["type": ["string", "null"], "format": "email"],
                        ],
                    ],
                    "Error": Fragment.error,
                ],
            ],
        ]
    }

    private static var tag: JSONValue {
        ["type": "string", "enum": .array(Pet.species.map(JSONValue.string)), "description": "dog or cat"]
    }

    private static var getStore: JSONValue {
        [
            "operationId": "getStore",
            "summary": "Describe the store",
            "tags": ["store"],
            "responses": ["200": Fragment.response("The store", "Store"), "default": Fragment.unexpectedError],
        ]
    }

    private static var listPets: JSONValue {
        [
            "operationId": "listPets",
            "summary": "List all pets",
            "tags": ["pets"],
            "parameters": [
                [
                    "name": "pageSize", "in": "query", "required": false,
                    "description": "How many pets to return at most (1 to 100)",
                    "schema": ["type": "integer", "format": "int32", "minimum": 1, "maximum": .int(PetstoreAPI.maximumLimit), "default": .int(PetstoreAPI.maximumLimit)],
                ],
            ],
            "responses": [
                "200": Fragment.response("The pets, by ascending id", "Pets"),
                "400": Fragment.response("Invalid pageSize", "Error"),
                "default": Fragment.unexpectedError,
            ],
        ]
    }

    private static var createPet: JSONValue {
        [
            "operationId": "createPet",
            "summary": "Create a pet",
            "tags": ["pets"],
            "requestBody": Fragment.requestBody("The pet to add", "NewPet"),
            "responses": [
                "201": Fragment.response("The pet, with its new id", "Pet"),
                "400": Fragment.response("Invalid pet", "Error"),
                "default": Fragment.unexpectedError,
            ],
        ]
    }

    private static var getPetById: JSONValue {
        [
            "operationId": "getPetById",
            "summary": "Info for a specific pet",
            "tags": ["pets"],
            "parameters": [Fragment.idParameter("petId", "The id of the pet to retrieve")],
            "responses": [
                "200": Fragment.response("The pet", "Pet"),
                "404": Fragment.response("No such pet", "Error"),
                "default": Fragment.unexpectedError,
            ],
        ]
    }

    private static var showOwner: JSONValue {
        [
            "operationId": "showOwner",
            "summary": "The owner of a pet",
            "tags": ["pets"],
            "parameters": [Fragment.idParameter("petId", "The id of the pet whose owner to retrieve")],
            "responses": [
                "200": Fragment.response("The owner", "Owner"),
                "404": Fragment.response("No such pet, or no owner on record", "Error"),
                "default": Fragment.unexpectedError,
            ],
        ]
    }
}
