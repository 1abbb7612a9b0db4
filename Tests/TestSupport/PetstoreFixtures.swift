/// The shapes of the OpenAPI Initiative's two petstore examples, written from scratch for these tests:
/// `petstore.json` (the minimal one) and `petstore-expanded.json`.
package enum PetstoreFixtures {
    package static let petstore = #"""
    {
      "openapi": "3.0.0",
      "info": {"version": "1.0.0", "title": "Swagger Petstore", "license": {"name": "MIT"}},
      "servers": [{"url": "http://petstore.swagger.io/v1"}],
      "paths": {
        "/pets": {
          "get": {
            "summary": "List all pets",
            "operationId": "listPets",
            "tags": ["pets"],
            "parameters": [
              {"name": "limit", "in": "query", "description": "How many items to return at one time (max 100)",
               "required": false, "schema": {"type": "integer", "maximum": 100, "format": "int32"}}
            ],
            "responses": {
              "200": {
                "description": "A paged array of pets",
                "headers": {"x-next": {"description": "A link to the next page of responses", "schema": {"type": "string"}}},
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pets"}}}
              },
              "default": {
                "description": "unexpected error",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              }
            }
          },
          "post": {
            "summary": "Create a pet",
            "operationId": "createPets",
            "tags": ["pets"],
            "requestBody": {
              "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}},
              "required": true
            },
            "responses": {
              "201": {"description": "Null response"},
              "default": {
                "description": "unexpected error",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              }
            }
          }
        },
        "/pets/{petId}": {
          "get": {
            "summary": "Info for a specific pet",
            "operationId": "showPetById",
            "tags": ["pets"],
            "parameters": [
              {"name": "petId", "in": "path", "required": true, "description": "The id of the pet to retrieve",
               "schema": {"type": "string"}}
            ],
            "responses": {
              "200": {
                "description": "Expected response to a valid request",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}
              },
              "default": {
                "description": "unexpected error",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              }
            }
          }
        }
      },
      "components": {
        "schemas": {
          "Pet": {
            "type": "object",
            "required": ["id", "name"],
            "properties": {
              "id": {"type": "integer", "format": "int64"},
              "name": {"type": "string"},
              "tag": {"type": "string"}
            }
          },
          "Pets": {"type": "array", "maxItems": 100, "items": {"$ref": "#/components/schemas/Pet"}},
          "Error": {
            "type": "object",
            "required": ["code", "message"],
            "properties": {
              "code": {"type": "integer", "format": "int32"},
              "message": {"type": "string"}
            }
          }
        }
      }
    }
    """#

    package static let petstoreExpanded = #"""
    {
      "openapi": "3.0.0",
      "info": {
        "version": "1.0.0",
        "title": "Swagger Petstore",
        "description": "A sample API that uses a petstore as an example to demonstrate features in the OpenAPI 3.0 specification",
        "termsOfService": "http://swagger.io/terms/",
        "contact": {"name": "Swagger API Team", "email": "apiteam@swagger.io", "url": "http://swagger.io"},
        "license": {"name": "Apache 2.0", "url": "https://www.apache.org/licenses/LICENSE-2.0.html"}
      },
      "servers": [{"url": "https://petstore.swagger.io/v2"}],
      "paths": {
        "/pets": {
          "get": {
            "description": "Returns all pets from the system that the user has access to",
            "operationId": "findPets",
            "parameters": [
              {"name": "tags", "in": "query", "description": "tags to filter by", "required": false, "style": "form",
               "schema": {"type": "array", "items": {"type": "string"}}},
              {"name": "limit", "in": "query", "description": "maximum number of results to return", "required": false,
               "schema": {"type": "integer", "format": "int32"}}
            ],
            "responses": {
              "200": {
                "description": "pet response",
                "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}
              },
              "default": {
                "description": "unexpected error",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              }
            }
          },
          "post": {
            "description": "Creates a new pet in the store. Duplicates are allowed",
            "operationId": "addPet",
            "requestBody": {
              "description": "Pet to add to the store",
              "required": true,
              "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NewPet"}}}
            },
            "responses": {
              "200": {
                "description": "pet response",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}
              },
              "default": {
                "description": "unexpected error",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              }
            }
          }
        },
        "/pets/{id}": {
          "get": {
            "description": "Returns a user based on a single ID, if the user does not have access to the pet",
            "operationId": "find pet by id",
            "parameters": [
              {"name": "id", "in": "path", "description": "ID of pet to fetch", "required": true,
               "schema": {"type": "integer", "format": "int64"}}
            ],
            "responses": {
              "200": {
                "description": "pet response",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}
              },
              "default": {
                "description": "unexpected error",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              }
            }
          },
          "delete": {
            "description": "deletes a single pet based on the ID supplied",
            "operationId": "deletePet",
            "parameters": [
              {"name": "id", "in": "path", "description": "ID of pet to delete", "required": true,
               "schema": {"type": "integer", "format": "int64"}}
            ],
            "responses": {
              "204": {"description": "pet deleted"},
              "default": {
                "description": "unexpected error",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              }
            }
          }
        }
      },
      "components": {
        "schemas": {
          "Pet": {
            "allOf": [
              {"$ref": "#/components/schemas/NewPet"},
              {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer", "format": "int64"}}}
            ]
          },
          "NewPet": {
            "type": "object",
            "required": ["name"],
            "properties": {
              "name": {"type": "string"},
              "tag": {"type": "string"}
            }
          },
          "Error": {
            "type": "object",
            "required": ["code", "message"],
            "properties": {
              "code": {"type": "integer", "format": "int32"},
              "message": {"type": "string"}
            }
          }
        }
      }
    }
    """#
}
