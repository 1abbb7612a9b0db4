import Foundation
import JSON
import Schemas
import Testing
import TestSupport
@testable import APIDescriptions

/// A description cut into `OperationFragments`: each operation's fragment reads to the same operation as
/// the whole document (GitHub's and Stripe's published descriptions), and what cannot be cut the same
/// way gets no fragment.
@Suite struct OperationFragmentsTests {
    static let real = Result { try RealDescriptions(["github-2021-10-10.json", "stripe-2022-04-12.json"]) }

    /// The document of the fragment of the operation `name`, read as the cache's reader reads it: each
    /// piece written as JSON text and parsed back.
    /// `onDemand`: the schemas read as they are used, and the schema components left out of the document
    /// and read when a schema first names one, as a call from the cache reads them.
    static func fragmentDocument(_ fragments: OperationFragments, _ name: String, source: String, onDemand: Bool = false) throws -> OpenAPIDocument? {
        guard let index = fragments.operationIndex(named: name),
              let pieces = onDemand ? fragments.piecesLeavingOnDemand(of: index) : fragments.pieces(of: index) else { return nil }
        let places = try pieces.map { piece in
            (fragments.pieces[piece].place, try JSONValue.parse(fragments.pieces[piece].value.encoded()))
        }
        let components: @Sendable (JSONPointer) -> JSONValue? = { pointer in
            guard let (piece, within) = OperationFragments.piece(holding: pointer, in: fragments.onDemand) else { return nil }
            return JSONPointer(tokens: Array(within)).resolve(in: fragments.pieces[piece].value)
        }
        return try OpenAPIDocument.parse(OperationFragments.document(of: places), source: source, readsSchemasOnDemand: onDemand,
                                         components: onDemand ? components : nil)
    }

    /// What `call`, `help` and the answer check read of an operation, as text: every field, the request
    /// `call` builds with no arguments (or why not), and what its schemas say of a few values.
    static func reading(_ operation: OpenAPIOperation, in document: OpenAPIDocument) -> String {
        let values: [JSONValue] = [.object([:]), .array([.object([:])]), .string("x"), .number(1), .null,
                                   .object(["id": .number(1), "name": .string("n"), "url": .string("u")])]
        func said(_ schema: JSONSchema?) -> String {
            guard let schema else { return "none" }
            return schema.typeDescription + " " + values.map { schema.validate($0).map(\.description).joined(separator: "; ") }
                .joined(separator: " | ")
        }
        var lines = ["\(operation.signature) \(operation.operationId ?? "-") \(operation.summary ?? "-") \(operation.deprecated)",
                     operation.description ?? "-", "\(operation.tags) \(String(describing: operation.security))",
                     "\(operation.servers) \(operation.sunset ?? "-") \(operation.declaresSecurity) \(operation.callbacks)"]
        for parameter in operation.parameters {
            lines.append("parameter \(parameter.name) \(parameter.location) \(parameter.required) \(parameter.deprecated) "
                + "\(parameter.isShared) \(parameter.style) \(parameter.pathStyle) \(parameter.description ?? "-") \(said(parameter.schema))")
        }
        if let body = operation.requestBody {
            lines.append("body \(body.required) \(body.contentTypes) \(body.schemaContentType ?? "-") \(body.formStyles.sorted { $0.key < $1.key }) "
                + said(body.schema))
        }
        for response in operation.responses {
            lines.append("response \(response.status) \(response.mediaTypes) \(response.headers.count) \(said(response.schema))")
        }
        switch Result(catching: { () throws(OpenAPIError) in try OpenAPICall.build(operation, baseURL: "http://127.0.0.1:1", arguments: []) }) {
        case .success(let request): lines.append("request \(request.url) \(request.query) \(request.headers)")
        case .failure(let error): lines.append("refused \(error)")
        }
        lines.append("fingerprint \(String(describing: document.operationFingerprints[operation.signature]))")
        return lines.joined(separator: "\n")
    }

    @Test(arguments: [("github-2021-10-10.json", 1), ("stripe-2022-04-12.json", 9)])
    func eachOperationsFragmentReadsAsTheWholeDocument(file: String, every stride: Int) throws {
        // GIVEN a published description, read whole, and cut into fragments
        let real = try Self.real.get()
        let source = real.folder + "/" + file
        let tree = try APIDocumentText.parse(try real.data(file))
        let whole = try OpenAPIDocument.parse(tree, source: source)
        let fragments = try #require(OperationFragments.make(tree, read: whole))
        // THEN every operation has a fragment (GitHub's, and every ninth of Stripe's, whose fragments are big)
        #expect(fragments.operations.count == whole.operations.count)
        let uncut = fragments.operations.filter { $0.piece == nil }.map { "\($0.method) \($0.path) \($0.operationId ?? "-")" }
        #expect(uncut.isEmpty, "no fragment: \(uncut)")
        // AND, as the whole read repaired nothing, every schema component can be read on demand
        #expect(whole.repairedMistakes == 0)
        #expect(fragments.onDemand.count == fragments.pieces.filter { $0.place.starts(with: ["components", "schemas"]) }.count)
        #expect(fragments.onDemand.count > 100)
        for operation in whole.operations.enumerated().filter({ $0.offset.isMultiple(of: stride) }).map(\.element) {
            // WHEN the operation is read from its fragment alone
            let name = operation.displayName
            let document = try #require(try Self.fragmentDocument(fragments, name, source: source))
            // THEN the fragment holds just it, and it reads as in the whole
            #expect(document.operations.map(\.displayName) == [name])
            let read = try #require(document.operation(named: name))
            #expect(Self.reading(read, in: document) == Self.reading(operation, in: whole))
            #expect(document.servers == whole.servers && document.serverURL == whole.serverURL)
            #expect(document.securitySchemes == whole.securitySchemes && document.security == whole.security)
            // AND with its schemas read as they are used (as a warm call reads them), the same
            let onDemand = try #require(try Self.fragmentDocument(fragments, name, source: source, onDemand: true))
            let readOnDemand = try #require(onDemand.operation(named: name))
            // (but for the fingerprints a reload compares, which only whole loads have)
            func withoutFingerprint(_ reading: String) -> String {
                reading.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("fingerprint ") }.joined(separator: "\n")
            }
            #expect(withoutFingerprint(Self.reading(readOnDemand, in: onDemand)) == withoutFingerprint(Self.reading(operation, in: whole)))
            #expect(onDemand.operationFingerprints.isEmpty)
        }
    }

    static let shop = """
    {"openapi": "3.1.0", "info": {"title": "Shop", "version": "1"},
     "paths": {
       "/a": {"get": {"operationId": "same", "responses": {"200": {"description": "ok"}}}},
       "/b": {"get": {"operationId": "same", "responses": {"200": {"description": "ok"}}}},
       "/c": {"$ref": "#/components/pathItems/C"},
       "/d": {"get": {"operationId": "elsewhere", "responses": {"200": {"description": "ok",
               "content": {"application/json": {"schema": {"$ref": "#/paths/~1e/get/responses/200/content/application~1json/schema"}}}}}}},
       "/e": {"get": {"operationId": "example", "responses": {"200": {"description": "ok",
               "content": {"application/json": {"schema": {"$ref": "#/components/schemas/E"},
                 "example": {"$ref": "https://api.example.com/not/a/reference"}}}}}}}
     },
     "components": {"pathItems": {"C": {"get": {"operationId": "shared", "responses": {"200": {"description": "ok"}}}}},
                    "schemas": {"E": {"type": "object", "discriminator": {"propertyName": "kind", "mapping": {"f": "F"}}},
                                "F": {"type": "object"}, "Unused": {"type": "string"}}}}
    """

    @Test func whatCannotBeCutTheSameWayHasNoFragment() throws {
        // GIVEN a document with a renamed operationId, a path item by reference, a $ref into paths, and a
        // $ref-looking example
        let tree = try JSONValue.parse(Self.shop)
        let whole = try OpenAPIDocument.parse(tree, source: "shop.json")
        // WHEN it is cut
        let fragments = try #require(OperationFragments.make(tree, read: whole))
        let cut = Dictionary(uniqueKeysWithValues: fragments.operations.map { ($0.operationId ?? "", $0.piece != nil) })
        // THEN the operations that could not stand alone have none, and the others do
        #expect(cut == ["same": true, "same_2": false, "shared": false, "elsewhere": false, "example": true])
        // AND a fragment holds what its references and discriminator name, and nothing else
        let example = try #require(try Self.fragmentDocument(fragments, "example", source: "shop.json"))
        #expect(example.operations.map(\.displayName) == ["example"])
        let index = try #require(fragments.operationIndex(named: "example"))
        let places = try #require(fragments.pieces(of: index)).map { fragments.pieces[$0].place }
        #expect(places == [[], ["components", "schemas", "E"], ["components", "schemas", "F"], ["paths", "/e"]])
    }

    /// Schema components are left out of an operation's document and read when a schema first names one,
    /// unless the whole read repaired a published mistake (a piece read alone would then not be repaired).
    @Test func schemaComponentsAreReadOnDemandUnlessTheWholeWasRepaired() throws {
        let tree = try JSONValue.parse(Self.shop)
        let whole = try OpenAPIDocument.parse(tree, source: "shop.json")
        let fragments = try #require(OperationFragments.make(tree, read: whole))
        let index = try #require(fragments.operationIndex(named: "example"))
        #expect(try #require(fragments.piecesLeavingOnDemand(of: index)).map { fragments.pieces[$0].place } == [[], ["paths", "/e"]])
        #expect(Set(fragments.onDemand.keys) == ["schemas\u{0}E", "schemas\u{0}F", "schemas\u{0}Unused"])
        let onDemand = try #require(try Self.fragmentDocument(fragments, "example", source: "shop.json", onDemand: true))
        let operation = try #require(onDemand.operation(named: "example"))
        #expect(Self.reading(operation, in: onDemand).replacingOccurrences(of: "fingerprint nil", with: "")
            == Self.reading(try #require(whole.operation(named: "example")), in: whole).replacingOccurrences(
                of: #"fingerprint Optional\(\d+\)"#, with: "", options: .regularExpression))
        // A schema type written as a language's name (`int`) is repaired in the whole: nothing is read on demand
        let repairedTree = try JSONValue.parse(Self.shop.replacingOccurrences(of: #""F": {"type": "object"}"#, with: #""F": {"type": "int"}"#))
        let repaired = try OpenAPIDocument.parse(repairedTree, source: "shop.json")
        #expect(repaired.repairedMistakes == 1)
        let kept = try #require(OperationFragments.make(repairedTree, read: repaired))
        #expect(kept.onDemand.isEmpty)
        #expect(kept.piecesLeavingOnDemand(of: index) == kept.pieces(of: index))
    }

    @Test func aDocumentWhoseSchemasDeclareIdentifiersIsNotCut() throws {
        // GIVEN schemas that name each other by `$id` and `$anchor`, not by pointer
        let text = Self.shop.replacingOccurrences(of: #""F": {"type": "object"}"#, with: #""F": {"$id": "urn:f", "type": "object"}"#)
        let tree = try JSONValue.parse(text)
        // WHEN it is cut  THEN it is not: every call reads the whole
        #expect(OperationFragments.make(tree, read: try OpenAPIDocument.parse(tree, source: "shop.json")) == nil)
    }
}
