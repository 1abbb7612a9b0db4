@testable import Facade
import TestSupport
import Foundation
import Testing
import HTTPClient
import HTTPTypes
import JSON
import Schemas
import APIDescriptions

/// Descriptions at the size and shape big APIs publish: thousands of files with relative `$ref`s.
@Suite struct LargeDescriptionTests {
    @Test func aDescriptionOfTwoThousandFilesLoadsWithEveryOperationAndEachFileReadOnce() throws {
        // GIVEN a root and 2,000 files that refer down, sideways and back up to the root
        let folder = try ScratchDirectory()
        let (root, operations) = try GeneratedSpecs.split(files: 2_000, into: folder.path)
        let facade = ServiceFacade(transport: CurlTransport())
        let progress = LoadProgress()
        // WHEN it is located
        let report = try facade.workspace.locate(root, progress: progress)
        // THEN every operation is there, and each file was read once (the root and the 2,000)
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        let (api, _) = try facade.descriptions.openAPI()
        #expect(api.document.operations.count == operations)
        #expect(progress.files == 2_001)
        // AND a schema two files away, and the root's own component it names, are known
        let schema = try #require(api.document.operation(named: "getResource7")?.responses.first?.schema)
        #expect(schema.properties.map(\.name) == ["id", "name", "next", "error"])
        #expect(schema.properties.last?.schema.properties.map(\.name) == ["code", "message"])
        let problem = try #require(api.document.operation(named: "getResource7")?.responses.last?.schema)
        #expect(problem.properties.first?.schema.properties.map(\.name) == ["code", "message"])
    }

    @Test func aDescriptionPastTheFileCapIsRefusedNamingTheOptionThatRaisesIt() throws {
        let folder = try ScratchDirectory()
        let (root, _) = try GeneratedSpecs.split(files: 40, into: folder.path)
        let facade = ServiceFacade(transport: CurlTransport(), documentLimits: DocumentLimits(files: 20))
        #expect {
            try facade.workspace.locate(root)
        } throws: { error in
            "\(error)".contains("more than 20 other files; --max-doc-files N raises the cap")
        }
        // AND the cap raised, it loads
        let raised = ServiceFacade(transport: CurlTransport(), documentLimits: DocumentLimits(files: 40))
        #expect(try raised.workspace.locate(root).locator.entries.count == 1)
    }
}

/// DigitalOcean's description writes operations as `$ref`s to files of their own, and once a `properties`
/// map as a `$ref`. Cut from github.com/digitalocean/openapi, specification/ (commit
/// 7c1300c479fed9c353cda9fc21cd968619552304, Apache License 2.0): loadBalancers_add_droplets.yml and the
/// attribute it names, trimmed to what shows the shape.
@Suite struct DigitalOceanShapeTests {
    @Test func operationsInFilesOfTheirOwnAndAReferencedPropertiesMapAreRead() throws {
        let folder = try ScratchDirectory()
        for sub in ["resources/load_balancers/models"] {
            try FileManager.default.createDirectory(atPath: folder.path + "/" + sub, withIntermediateDirectories: true)
        }
        let root = try folder.write("DigitalOcean-public.v2.yaml", """
            openapi: '3.0.0'
            info: {title: DigitalOcean API, version: '2.0'}
            servers: [{url: 'https://api.digitalocean.com'}]
            paths:
              /v2/load_balancers/{lb_id}/droplets:
                post:
                  $ref: 'resources/load_balancers/loadBalancers_add_droplets.yml'
            """)
        try folder.write("resources/load_balancers/loadBalancers_add_droplets.yml", """
            operationId: loadBalancers_add_droplets
            summary: Add Droplets to a Load Balancer
            parameters:
              - {name: lb_id, in: path, required: true, schema: {type: string}}
            requestBody:
              required: true
              content:
                application/json:
                  schema:
                    properties:
                      $ref: 'models/attributes.yml#/load_balancer_droplet_ids'
                    required:
                     - droplet_ids
            responses:
              '204': {description: The action was successful.}
            """)
        try folder.write("resources/load_balancers/models/attributes.yml", """
            load_balancer_droplet_ids:
              droplet_ids:
                type: array
                items: {type: integer}
                example: [3164444, 3164445]
            """)
        let facade = ServiceFacade(transport: CurlTransport())
        let report = try facade.workspace.locate(root)
        let (api, _) = try facade.descriptions.openAPI()
        let operation = try #require(api.document.operation(named: "loadBalancers_add_droplets"))
        #expect(operation.summary == "Add Droplets to a Load Balancer")
        #expect(operation.parameters.map(\.name) == ["lb_id"])
        #expect(operation.requestBody?.schema?.properties.map(\.name) == ["droplet_ids"])
        // one warning, naming the file and place the document wrote
        #expect(report.warnings == [
            "digitalocean-api v2.0: " + URL(fileURLWithPath: folder.path).absoluteString
                + "resources/load_balancers/loadBalancers_add_droplets.yml#/requestBody/content/application~1json/schema/properties: "
                + "a $ref in place of a map of names; read as the map it names",
        ])
    }
}
