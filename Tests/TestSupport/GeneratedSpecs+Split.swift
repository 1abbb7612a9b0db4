import Foundation

extension GeneratedSpecs {
    /// Writes a description split over `files` other files, shaped like DigitalOcean's: a root
    /// `openapi.yaml` whose paths are `$ref`s into `paths/`, each path file naming shared schemas and a
    /// parameter in `components/` (down and sideways), and the schemas naming each other and the root's
    /// own components (up: `../../openapi.yaml#/…`). Returns the root's path; every path has one `GET`.
    @discardableResult
    package static func split(files: Int, into directory: String) throws -> (root: String, operations: Int) {
        let models = max(files / 4, 1)
        let paths = max(files - models - 2, 1)
        let manager = FileManager.default
        for folder in ["paths", "components/schemas", "components/parameters"] {
            try manager.createDirectory(atPath: directory + "/" + folder, withIntermediateDirectories: true)
        }
        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
        }
        var root = """
        openapi: 3.0.3
        info: {title: Split, version: 1.0.0}
        servers: [{url: 'https://api.example.com/v2'}]
        paths:

        """
        for index in 0..<paths {
            root += "  /resources\(index)/{id}: {$ref: 'paths/resource\(index).yaml'}\n"
            try write("paths/resource\(index).yaml", """
            parameters:
              - {name: id, in: path, required: true, schema: {type: string}}
            get:
              operationId: getResource\(index)
              tags: [group\(index % 40)]
              parameters:
                - $ref: '../components/parameters/Limit.yaml'
              responses:
                '200':
                  description: the resource
                  content:
                    application/json:
                      schema: {$ref: '../components/schemas/Model\(index % models).yaml'}
                '404':
                  description: not found
                  content:
                    application/json:
                      schema: {$ref: '../openapi.yaml#/components/schemas/Problem'}

            """)
        }
        root += """
        components:
          schemas:
            Error: {$ref: 'components/schemas/Error.yaml'}
            Problem:
              type: object
              properties:
                error: {$ref: '#/components/schemas/Error'}

        """
        try write("openapi.yaml", root)
        try write("components/schemas/Error.yaml", "type: object\nrequired: [code]\nproperties:\n  code: {type: integer}\n  message: {type: string}\n")
        try write("components/parameters/Limit.yaml", "name: limit\nin: query\nschema: {type: integer, maximum: 100}\n")
        for index in 0..<models {
            try write("components/schemas/Model\(index).yaml", """
            type: object
            required: [id]
            properties:
              id: {type: integer, format: int64}
              name: {type: string}
              next: {$ref: 'Model\((index + 1) % models).yaml'}
              error: {$ref: '../../openapi.yaml#/components/schemas/Error'}

            """)
        }
        return (directory + "/openapi.yaml", paths)
    }
}
