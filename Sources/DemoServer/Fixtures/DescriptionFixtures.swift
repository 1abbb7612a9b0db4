/// API descriptions as real APIs publish them, written for apish's tests: a petstore in YAML spread over
/// several files with `$ref`s between them, and the same petstore as a Swagger 2.0 document. Both describe
/// the demo's own `/petstore/v1` routes (and `/echo` for a form body), relative to where they are served,
/// so they work on any port.
enum DescriptionFixtures {
    /// Relative path under `/descriptions/` → text.
    static let files: [String: String] = [
        "pets-multi/openapi.yaml": multiRoot,
        "pets-multi/schemas/pet.yaml": multiPet,
        "pets-multi/common.yaml": multiCommon,
        "swagger-pets/swagger.yaml": swagger,
    ]

    static let multiRoot = """
    openapi: 3.0.3
    info:
      title: Pets in pieces
      version: 1.0.0
    # Relative to this document: /petstore/v1 on the same server.
    servers:
      - url: ../../petstore/{version}
        variables:
          version:
            default: v1
            enum: [v1, v2]
    paths:
      /pets:
        get:
          operationId: listPets
          parameters:
            - $ref: './common.yaml#/parameters/Limit'
          responses:
            '200':
              description: The pets
              content:
                application/json:
                  schema:
                    type: array
                    items:
                      $ref: './schemas/pet.yaml#/Pet'
      /pets/{petId}:
        get:
          operationId: showPetById
          parameters:
            - name: petId
              in: path
              required: true
              schema: {type: integer}
          responses:
            '200':
              description: One pet
              content:
                application/json:
                  schema:
                    $ref: 'schemas/pet.yaml#/Pet'
            default:
              $ref: './common.yaml#/responses/Problem'
      /forms:
        # Echoed back by the demo server, so a test sees the request as sent.
        servers:
          - url: ../../echo
        post:
          operationId: sendForm
          requestBody:
            content:
              application/x-www-form-urlencoded:
                schema:
                  $ref: './schemas/pet.yaml#/NewPet'
          responses:
            '200':
              description: The request as the server saw it
    """

    static let multiPet = """
    Pet:
      type: object
      required: [id, name]
      properties:
        id: {type: integer, format: int64}
        name: {type: string}
        tag: {$ref: '#/Tag'}
        owner: {$ref: '../common.yaml#/schemas/Owner'}
    Tag:
      type: string
    NewPet:
      type: object
      required: [name]
      properties:
        name: {type: string}
        tag: {$ref: '#/Tag'}
    """

    static let multiCommon = """
    parameters:
      Limit:
        name: limit
        in: query
        description: How many pets at most
        schema: {type: integer, format: int32}
    responses:
      Problem:
        description: Something went wrong
        content:
          application/json:
            schema:
              $ref: '#/schemas/Error'
    schemas:
      Error:
        type: object
        properties:
          message: {type: string}
      Owner:
        type: object
        properties:
          name: {type: string}
          pet: {$ref: './schemas/pet.yaml#/Pet'}
    """

    static let swagger = """
    swagger: "2.0"
    info:
      title: Swagger pets
      version: 1.0.0
    basePath: /petstore/v1
    consumes: [application/json]
    produces: [application/json]
    securityDefinitions:
      basicAuth: {type: basic}
    paths:
      /pets:
        get:
          operationId: listPets
          parameters:
            - name: limit
              in: query
              type: integer
              format: int32
          responses:
            200:
              description: The pets
              schema:
                type: array
                items: {$ref: '#/definitions/Pet'}
        post:
          operationId: createPets
          parameters:
            - name: pet
              in: body
              required: true
              schema: {$ref: '#/definitions/NewPet'}
          responses:
            201:
              description: Created
              schema: {$ref: '#/definitions/Pet'}
      /pets/{petId}:
        get:
          parameters:
            - name: petId
              in: path
              required: true
              type: integer
          responses:
            200:
              description: One pet
              schema: {$ref: '#/definitions/Pet'}
    definitions:
      Pet:
        type: object
        required: [id, name]
        properties:
          id: {type: integer, format: int64}
          name: {type: string}
          tag: {type: string}
      NewPet:
        type: object
        required: [name]
        properties:
          name: {type: string}
          tag: {type: string}
    """
}
