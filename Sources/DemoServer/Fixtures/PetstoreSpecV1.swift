import JSON

/// `specs/petstore-v1.json`: OpenAPI 3.0.3 for `/petstore/v1`, the shape of the OpenAPI Initiative's
/// petstore example plus a store summary and an owner route.
enum PetstoreSpecV1 {
    private typealias Fragment = OpenAPIFragments

    static var document: JSONValue {
        [
            "openapi": "3.0.3",
            "info": [
                "title": "Demo Pet Store",
                "version": "1.0.0",
                "description": "The pet store of the apish demo server, version 1.",
                "license": ["name": "MIT"],
            ],
            "servers": [["url": "/petstore/v1", "description": "the demo server"]],
            "tags": [["name": "store"], ["name": "pets"]],
            "paths": [
                "/": ["get": getStore],
                "/pets": ["get": listPets, "post": createPet],
                "/pets/{petId}": ["get": showPetById],
                "/pets/{petId}/owner": ["get": showOwner],
            ],
            "components": [
                "schemas": [
                    "Store": Fragment.store,
                    "Pet": [
                        "type": "object",
                        "required": ["id", "name"],
                        "properties": [
                            "id": ["type": "integer", "format": "int64"],
                            "name": Fragment.name,
                            "tag": ["type": "string"],
                        ],
                    ],
                    "NewPet": [
                        "type": "object",
                        "required": ["name"],
                        "properties": [
                            "name": Fragment.name,
                            "tag": ["type": "string", "maxLength": .int(PetstoreVersion.maximumTextLength), "description": "A free-form label; dog or cat also sets the species"],
                        ],
                    ],
                    "Pets": Fragment.pets,
                    "Owner": [
                        "type": "object",
                        "required": ["name", "email"],
                        "properties": [
                            "name": ["type": "string"],
                            "email": ["type": "string", "format": "email", "nullable": true],
                        ],
                    ],
                    "Error": Fragment.error,
                ],
            ],
        ]
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
            "parameters": [Fragment.limitParameter],
            "responses": [
                "200": Fragment.response("The pets, by ascending id", "Pets"),
                "400": Fragment.response("Invalid limit", "Error"),
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

    private static var showPetById: JSONValue {
        [
            "operationId": "showPetById",
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
