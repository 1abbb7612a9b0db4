import JSON

/// `specs/petstore-v2.json`: OpenAPI 3.1.0 for `/petstore/v2`. Against v1 it renames the path
/// parameter `{petId}` to `{id}` (showPetById becomes getPet), adds `DELETE /pets/{id}`, answers
/// `POST /pets` with 200 instead of 201, drops `tag` from `Pet` and adds `species` and a `status` enum,
/// makes `species` a required query parameter of `listPets` and a required member of `NewPet`, removes
/// `GET /pets/{petId}/owner`, and deprecates `getStore`.
enum PetstoreSpecV2 {
    private typealias Fragment = OpenAPIFragments

    static var document: JSONValue {
        [
            "openapi": "3.1.0",
            "info": [
                "title": "Demo Pet Store",
                "summary": "Pets by species, with their sale status",
                "version": "2.0.0",
                "description": "The pet store of the apish demo server, version 2.",
                "license": ["name": "MIT", "identifier": "MIT"],
            ],
            "servers": [["url": "/petstore/v2", "description": "the demo server"]],
            "tags": [["name": "store"], ["name": "pets"]],
            "paths": [
                "/": ["get": getStore],
                "/pets": ["get": listPets, "post": createPet],
                "/pets/{id}": ["get": getPet, "delete": deletePet],
            ],
            "components": [
                "schemas": [
                    "Store": Fragment.store,
                    "Pet": [
                        "type": "object",
                        "required": ["id", "name", "status"],
                        "properties": [
                            "id": ["type": "integer", "format": "int64"],
                            "name": Fragment.name,
                            "species": species,
                            "status": status,
                        ],
                    ],
                    "NewPet": [
                        "type": "object",
                        "required": ["name", "species"],
                        "properties": ["name": Fragment.name, "species": species, "status": status],
                    ],
                    "Pets": Fragment.pets,
                    "Error": Fragment.error,
                ],
            ],
        ]
    }

    private static var species: JSONValue {
        ["type": "string", "enum": .array(Pet.species.map(JSONValue.string))]
    }

    private static var status: JSONValue {
        ["type": "string", "enum": .array(Pet.statuses.map(JSONValue.string)), "description": "Whether the pet can still be adopted"]
    }

    private static var getStore: JSONValue {
        [
            "operationId": "getStore",
            "summary": "Describe the store",
            "description": "Deprecated: count pets with listPets instead.",
            "deprecated": true,
            "tags": ["store"],
            "responses": ["200": Fragment.response("The store", "Store"), "default": Fragment.unexpectedError],
        ]
    }

    private static var listPets: JSONValue {
        [
            "operationId": "listPets",
            "summary": "List the pets of one species",
            "tags": ["pets"],
            "parameters": [
                [
                    "name": "species", "in": "query", "required": true, "description": "Which pets to list",
                    "schema": species,
                ],
                Fragment.limitParameter,
            ],
            "responses": [
                "200": Fragment.response("The pets, by ascending id", "Pets"),
                "400": Fragment.response("Missing or invalid species, or invalid limit", "Error"),
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
                "200": Fragment.response("The pet, with its new id", "Pet"),
                "400": Fragment.response("Invalid pet", "Error"),
                "default": Fragment.unexpectedError,
            ],
        ]
    }

    private static var getPet: JSONValue {
        [
            "operationId": "getPet",
            "summary": "Info for a specific pet",
            "tags": ["pets"],
            "parameters": [Fragment.idParameter("id", "The id of the pet to retrieve")],
            "responses": [
                "200": Fragment.response("The pet", "Pet"),
                "404": Fragment.response("No such pet", "Error"),
                "default": Fragment.unexpectedError,
            ],
        ]
    }

    private static var deletePet: JSONValue {
        [
            "operationId": "deletePet",
            "summary": "Delete a pet",
            "tags": ["pets"],
            "parameters": [Fragment.idParameter("id", "The id of the pet to delete")],
            "responses": [
                "204": ["description": "Deleted"],
                "404": Fragment.response("No such pet", "Error"),
                "default": Fragment.unexpectedError,
            ],
        ]
    }
}
