@testable import Facade
import TestSupport
import Foundation
import Testing
import HTTPClient
import HTTPTypes

/// `locate` of a document that changed under the same version says what changed: operations and the
/// named schemas, through the `$ref`s into other files.
@Suite struct DocumentChangeTests {
    static let root = """
    openapi: 3.0.3
    info: {title: Shop, version: 1.0.0}
    servers: [{url: 'https://shop.example.com'}]
    paths:
      /pets/{id}:
        get:
          operationId: getPet
          parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
          responses: {'200': {description: a pet, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}}
      /orders:
        get:
          operationId: listOrders
          responses: {'200': {description: orders, content: {application/json: {schema: {$ref: '#/components/schemas/Order'}}}}}
    components:
      schemas:
        Pet: {$ref: 'schemas/pet.yaml'}
        Order: {type: object, properties: {id: {type: integer}}}

    """

    @Test func aSchemaChangedInAnotherFileIsNamedWithTheOperationsThatUseIt() throws {
        // GIVEN a description whose Pet lives in another file, located once
        let folder = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: folder.path + "/schemas", withIntermediateDirectories: true)
        let root = try folder.write("openapi.yaml", Self.root)
        try folder.write("schemas/pet.yaml", "type: object\nproperties:\n  name: {type: string}\n")
        let facade = ServiceFacade(transport: CurlTransport())
        try facade.workspace.locate(root)
        #expect(try facade.workspace.locate(nil).changes?.isEmpty == true)
        // WHEN the file gains a property, and the root a schema, and the version stays
        try folder.write("schemas/pet.yaml", "type: object\nproperties:\n  name: {type: string}\n  tag: {type: string}\n")
        try folder.write("openapi.yaml", Self.root + "    Tag: {type: string}\n")
        let changes = try #require(try facade.workspace.locate(nil).changes)
        // THEN the change names the schema and the operation that reaches it, not the others
        #expect(changes.lines == [
            "~ shop v1.0.0 document changed: 1 operation changed (getPet), 1 schema added (Tag), 1 schema changed (Pet)",
        ])
    }
}
