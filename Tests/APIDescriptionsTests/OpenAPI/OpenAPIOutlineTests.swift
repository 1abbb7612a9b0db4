import Foundation
import JSON
import Testing
import TestSupport
@testable import APIDescriptions

/// `OpenAPIOutline`: what a first load lists without reading schemas is what the whole read lists, on
/// GitHub's and Stripe's published descriptions; anything a whole read warns of, or a description that
/// reaches other files, is not outlined (nil), so it is read whole at load as before.
@Suite struct OpenAPIOutlineTests {
    static func outlineAndWhole(_ text: String, source: String = "/tmp/api.json") throws -> (OpenAPIOutline?, OpenAPIDocument) {
        let data = Data(text.utf8)
        return (OpenAPIOutline.read(data, source: source), try OpenAPIDocument.parse(data, source: source))
    }

    @Test(arguments: ["github-2021-10-10.json", "stripe-2022-04-12.json", "github-2020-11-27.json", "stripe-2021-04-12.json"])
    func aPublishedDescriptionIsOutlinedAsTheWholeReadListsIt(name: String) throws {
        let files = try RealDescriptions([name])
        let data = try files.data(name)
        let source = files.folder + "/" + name
        let whole = try OpenAPIDocument.parse(data, source: source)
        let outline = try #require(OpenAPIOutline.read(data, source: source))
        #expect(outline.operations == whole.operations.map(\.listing))
        #expect(outline.header.title == whole.title)
        #expect(outline.header.version == whole.version)
        #expect(outline.header.openAPIVersion == whole.openAPIVersion)
        #expect(outline.header.description == whole.description)
        #expect(outline.header.serverURL == whole.serverURL)
        #expect(outline.header.warnings == whole.warnings)
        #expect(Set(outline.header.securitySchemes.keys) == Set(whole.securitySchemes.keys))
    }

    static let clean = """
        {"openapi": "3.0.3", "info": {"title": "Pets", "version": "1.0.0"}, "servers": [{"url": "https://pets.example.com/v1"}],
         "paths": {"/pets/{id}": {"parameters": [{"$ref": "#/components/parameters/id"}],
           "get": {"operationId": "getPet", "summary": "One pet", "tags": ["pets", 3], "deprecated": true,
                   "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}},
           "delete": {"description": "Removes it. For good.", "responses": {"204": {"description": "gone"}}}}},
         "components": {"parameters": {"id": {"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}},
           "schemas": {"Pet": {"type": "object", "properties": {"type": {"type": "string"}},
             "example": {"$ref": "https://example.com/not/a/reference", "type": "int"}}}}}
        """

    @Test func aCleanDescriptionIsOutlinedWithEveryOperationTheWholeReads() throws {
        let (outline, whole) = try Self.outlineAndWhole(Self.clean)
        let listed = try #require(outline).operations
        #expect(listed == whole.operations.map(\.listing))
        #expect(listed.map(\.operationId) == ["getPet", nil])
        #expect(listed.first?.tags == ["pets"])
        #expect(listed.first?.deprecated == true)
        #expect(outline?.header.serverURL == "https://pets.example.com/v1")
    }

    @Test func anOperationsOwnServersAreInTheHeaderForWhereRequestsGo() throws {
        let text = Self.clean.replacingOccurrences(
            of: #""get": {"operationId""#, with: #""get": {"servers": [{"url": "http://169.254.169.254/latest"}], "operationId""#)
        let (outline, whole) = try Self.outlineAndWhole(text)
        let header = try #require(outline).header
        #expect(header.operations.flatMap(\.servers).map { $0.url() } == ["http://169.254.169.254/latest"])
        #expect(whole.operations.flatMap(\.servers).map { $0.url() } == ["http://169.254.169.254/latest"])
    }

    /// Each of these is something the whole read warns of, resolves elsewhere or refuses: not outlined.
    @Test(arguments: [
        ("#/components/schemas/Pet", "#/components/schemas/Missing"),
        ("#/components/schemas/Pet", "other.json#/Pet"),
        (#""Pet": {"type""#, ##""Pet": {"$ref": "#/components/schemas/Cat"}, "Cat": {"$ref": "#/components/schemas/Pet"}, "Dog": {"type""##),
        (#"{"type": "string"}"#, #"{"type": "int"}"#),
        (#"{"type": "string"}"#, #"{"type": "count"}"#),
        (#"{"type": "string"}"#, #"{"type": "string", "$id": "urn:example:x"}"#),
        (#""responses": {"204""#, #""responses": null, "x": {"204""#),
        (#""delete": {"description""#, #""delete": {"operationId": "getPet", "description""#),
        (#""delete": {"description": "Removes it. For good.", "responses": {"204": {"description": "gone"}}}"#,
         #""delete": {"description": "Removes it."}"#),
        (#""in": "path""#, #""in": "body""#),
        (#""delete": {"description""#, #""delete": {"security": [{"undeclared": []}], "description""#),
        (#""paths": {"/pets/{id}": {"#, ##""paths": {"/other": {"$ref": "#/paths/~1pets~1{id}"}, "/pets/{id}": {"##),
        (#""paths": {"/pets"#, #""security": [{"nope": []}], "paths": {"/pets"#),
        (#""openapi": "3.0.3""#, #""openapi": "2.0""#),
        (#""info": {"#, #""x-apish-documents": {}, "info": {"#),
    ])
    func aDescriptionTheWholeReadWarnsOfIsNotOutlined(replacing: String, with replacement: String) throws {
        let text = Self.clean.replacingOccurrences(of: replacing, with: replacement)
        #expect(text != Self.clean)
        #expect(OpenAPIOutline.read(Data(text.utf8), source: "/tmp/api.json") == nil)
    }

    /// A description whose one operation's schema has a property for each of `references`, among schemas
    /// more than the outline looks through one by one (it indexes them), some named with escapes.
    static func referring(to references: [String]) -> String {
        let properties = references.enumerated().map { #""p\#($0.offset)": {"$ref": "\#($0.element)"}"# }.joined(separator: ", ")
        let numbered = (0..<20).map { #""S\#($0)": {"type": "object"}"# }.joined(separator: ", ")
        return #"""
            {"openapi": "3.0.3", "info": {"title": "Refs", "version": "1"},
             "paths": {"/things": {"get": {"operationId": "things", "responses": {"200": {"description": "ok",
               "content": {"application/json": {"schema": {"type": "object", "properties": {\#(properties)}}}}}}}}},
             "components": {"schemas": {\#(numbered), "Caf\u00e9": {"type": "string"}, "a/b": {"type": "string"},
               "T": {"allOf": [{"type": "string"}, {"type": "integer"}]}, "U": {"$ref": "#/components/schemas/T"}}}}
            """#
    }

    @Test func referencesSpelledEveryWayAreFoundAsTheWholeReadFindsThem() throws {
        let (outline, whole) = try Self.outlineAndWhole(Self.referring(to: [
            "#/components/schemas/S7", #"#\/components\/schemas\/S19"#, "#/components/schemas/a~1b",
            "#/components/schemas/Caf%C3%A9", #"#/components/schemas/Caf\u00e9"#, "#/components/schemas/T/allOf/1",
            "#/components/schemas/U", "#/components/schemas/S7",
        ]))
        #expect(try #require(outline).operations == whole.operations.map(\.listing))
    }

    /// Each a reference to nothing in the same document; the others in it lead somewhere.
    @Test(arguments: [
        "#/components/schemas/S20", #"#\/components\/schemas\/S20"#, "#/components/schemas/T/allOf/2",
        "#/components/schemas/T/allOf/x", "#/components/schemas/Caf", "#/components/schemas/a~1c",
        "#/components/schemas/U/allOf",
    ])
    func aReferenceToNothingInABigObjectIsNotOutlined(reference: String) throws {
        let clean = Self.referring(to: ["#/components/schemas/S7", "#/components/schemas/T/allOf/0"])
        #expect(OpenAPIOutline.read(Data(clean.utf8), source: "/tmp/api.json") != nil)
        let text = Self.referring(to: ["#/components/schemas/S7", reference, "#/components/schemas/T/allOf/0"])
        #expect(OpenAPIOutline.read(Data(text.utf8), source: "/tmp/api.json") == nil)
    }

    @Test func yamlAndSwaggerAreNotOutlined() {
        #expect(OpenAPIOutline.read(Data("openapi: 3.0.3\ninfo: {title: a, version: '1'}\npaths: {}\n".utf8), source: "a.yaml") == nil)
        #expect(OpenAPIOutline.read(Data(#"{"swagger": "2.0", "info": {"title": "a", "version": "1"}, "paths": {}}"#.utf8), source: "a.json") == nil)
    }
}
