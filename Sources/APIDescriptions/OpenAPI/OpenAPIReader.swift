#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
import JSON
import Schemas
import HTTPTypes

/// Reads an OpenAPI 3.0/3.1 JSON document into an `OpenAPIDocument`.
///
/// Every schema an operation uses goes into one `SchemaGraphBuilder` on the whole document, so shared
/// components are read once; the graph is attached to the operations at the end. `$ref`s to parameters,
/// request bodies, responses and path items are followed a bounded number of hops.
struct OpenAPIReader {
    /// How many `$ref`s in a row are followed before the chain counts as a cycle.
    static let referenceHopLimit = 32
    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    let document: JSONValue
    let source: String
    let cancellation: CancellationToken?
    private var schemas: SchemaGraphBuilder
    /// Schemas of media types a diff alone reads that could not be read (`otherSchemas`).
    private var otherSchemaFailures = 0
    static let otherSchemaFailureLimit = 8
    /// `$ref` text → what it names, since a few shared parameters and responses are referenced often.
    private var references: [String: (object: JSONObject, pointer: JSONPointer)] = [:]
    /// The document's security schemes and default requirement, read before the operations.
    private var security: OpenAPISecurityReader?
    /// The servers left out because a document from the web may not send requests off the web.
    private var refusedServers: [OpenAPIDocument.RefusedServer] = []
    /// The published mistakes read past, one line each (see `OpenAPIReader+Leniency.swift`).
    var warnings: [String] = []
    /// Why parts could not be used (a dangling `$ref`), each reason with the operations it cost.
    var unusable: [(reason: OpenAPIError, operations: [String])] = []
    var operationIds = Set<String>()

    /// `readsSchemasOnDemand`: the schemas are read when first used (`SchemaGraphBuilder.readsOnDemand`), for
    /// a document known to read whole without a failure.
    init(document: JSONValue, source: String, cancellation: CancellationToken? = nil, readsSchemasOnDemand: Bool = false,
         components: (@Sendable (JSONPointer) -> JSONValue?)? = nil) {
        self.document = document
        self.source = source
        self.cancellation = cancellation
        schemas = SchemaGraphBuilder(document: document, dialect: Self.dialect(of: document), baseURI: source.isEmpty ? nil : source,
                                     embedded: Self.bundledFiles(of: document), cancellation: cancellation)
        schemas.keepsUnknownTypes = true
        schemas.readsOnDemand = readsSchemasOnDemand
        schemas.missingValues = readsSchemasOnDemand ? components : nil
    }

    /// Each file bundled into the document (`DocumentBundle`) as the schema resource it is, known by its
    /// address, so a reference to it by URI or anchor resolves as JSON Schema says.
    static func bundledFiles(of document: JSONValue) -> [(pointer: JSONPointer, uri: String)] {
        guard case .object(let addresses)? = document[DocumentBundle.addressMember] else { return [] }
        return addresses.compactMap { key, address in
            guard case .string(let uri) = address else { return nil }
            return (JSONPointer(tokens: [DocumentBundle.member, key]), uri)
        }
    }

    /// The JSON Schema dialect of the document's schemas: draft 4 (with OpenAPI's keywords) for 3.0 and
    /// Swagger 2.0, 2020-12 for 3.1 unless its `jsonSchemaDialect` says otherwise.
    static func dialect(of document: JSONValue) -> SchemaDialect {
        let version = document["openapi"]?.stringValue ?? document["swagger"]?.stringValue ?? "3.1"
        return SchemaDialect.of(openAPIVersion: version, jsonSchemaDialect: document["jsonSchemaDialect"]?.stringValue)
    }

    mutating func read() throws(OpenAPIError) -> OpenAPIDocument {
        guard case .object(let root) = document else { throw .invalid(pointer: "#", expected: "an object") }
        switch DescriptionFormat.of(document) {
        case .openAPI: break
        case .swagger2, .otherSwagger: throw .swagger2
        case nil: throw .notOpenAPI
        }
        guard let versionValue = root["openapi"] else { throw .notOpenAPI }
        guard case .string(let openAPIVersion) = versionValue else {
            throw .invalid(pointer: "#/openapi", expected: "a version string such as \"3.1.0\"")
        }
        guard openAPIVersion.hasPrefix("3.0") || openAPIVersion.hasPrefix("3.1") else {
            throw .unsupportedVersion(openAPIVersion)
        }
        let info = try object(root["info"], at: JSONPointer(tokens: ["info"]), expected: "an object with title and version")
        let title = try string(info["title"], at: JSONPointer(tokens: ["info", "title"]))
        let version: String
        switch info["version"] {
        case .string(let text): version = text
        case .number(let number): version = number.text
        default: throw .invalid(pointer: "#/info/version", expected: "a string")
        }
        guard let pathsValue = root["paths"] else { throw .missingPaths }
        let paths = try object(pathsValue, at: JSONPointer(tokens: ["paths"]), expected: "an object")

        let security = try OpenAPISecurityReader(document: document)
        self.security = security
        for place in security.undeclared { noteUndeclaredScheme(at: place) }
        for place in security.unnamedHTTP { noteUnnamedHTTPScheme(at: place) }
        let documentServers = servers(root["servers"], at: "servers")
        var operations: [OpenAPIOperation] = []
        for (path, item) in paths where !path.hasPrefix("x-") {
            if cancellation?.isCancelled == true { throw .schema(.cancelled) }
            try usable(path) { (reader: inout OpenAPIReader) throws(OpenAPIError) in try reader.readPathItem(path, item, into: &operations) }
        }
        try finishLeniency(operations: operations)
        let graph: SchemaGraph
        do {
            graph = try schemas.finish()
        } catch {
            throw .schema(error)
        }
        for index in operations.indices { operations[index].attach(graph) }
        var document = OpenAPIDocument(
            title: title, version: version, openAPIVersion: openAPIVersion,
            description: info["description"]?.stringValue, serverURL: try serverURL(root["servers"], kept: documentServers),
            operations: operations, source: source, securitySchemes: security.schemes)
        document.servers = documentServers ?? []
        document.security = security.documentDefault
        if case .object(let webhooks)? = root["webhooks"] { document.webhooks = webhooks.keys.filter { !$0.hasPrefix("x-") } }
        document.refusedServers = refusedServers
        for (pointer, names) in schemas.unknownTypes { noteUnknownTypes(names, at: pointer) }
        document.warnings = warnings + unusableWarnings()
        return document
    }

    mutating func readPathItem(_ path: String, _ value: JSONValue, into operations: inout [OpenAPIOperation]) throws(OpenAPIError) {
        let (item, itemPointer) = try dereference(value, at: JSONPointer(tokens: ["paths", path]))
        var shared = try parameters(item["parameters"], at: itemPointer.appending("parameters"))
        for index in shared.indices { shared[index].isShared = true }
        let pathServers = servers(item["servers"], at: "paths.\(path).servers")
        for (key, member) in item where Self.methods.contains(key) {
            let pointer = itemPointer.appending(key)
            try usable("\(key.uppercased()) \(path)") { (reader: inout OpenAPIReader) throws(OpenAPIError) in
                // An operation may itself be a `$ref` (DigitalOcean's are, into one file each).
                let (operation, operationPointer) = try reader.dereference(member, at: pointer)
                var read = try reader.readOperation(HTTPMethod(rawValue: key), path, operation, at: operationPointer, shared: shared)
                // An operation's own servers win over its path's, which win over the document's.
                read.servers = reader.servers(operation["servers"], at: "paths.\(path).\(key).servers") ?? pathServers ?? []
                read.sunset = operation["x-sunset"]?.displayText
                read.declaresSecurity = operation["security"] != nil
                if case .object(let callbacks)? = operation["callbacks"] {
                    read.callbacks = callbacks.flatMap { name, value in
                        guard case .object(let expressions) = value else { return [name] }
                        return expressions.keys.filter { !$0.hasPrefix("x-") }.map { "\(name) \($0)" }
                    }
                }
                operations.append(read)
            }
        }
    }

    mutating func readOperation(_ method: HTTPMethod, _ path: String, _ operation: JSONObject, at pointer: JSONPointer,
                                        shared: [OpenAPIParameter]) throws(OpenAPIError) -> OpenAPIOperation {
        let merged = try Self.merge(shared, try parameters(operation["parameters"], at: pointer.appending("parameters")),
                                    templateNames: PathTemplate.names(in: path), cancellation: cancellation)
        var body: OpenAPIRequestBody?
        if let bodyValue = operation["requestBody"] {
            body = try requestBody(bodyValue, at: pointer.appending("requestBody"))
        }
        var responses: [OpenAPIResponse] = []
        if operation["responses"] == nil { noteMissingResponses(at: pointer) }
        if let responsesValue = operation["responses"] {
            let responsesPointer = pointer.appending("responses")
            for (status, value) in try object(responsesValue, at: responsesPointer, expected: "an object") where !status.hasPrefix("x-") {
                responses.append(try response(status, value, at: responsesPointer.appending(status)))
            }
        }
        let (requirements, undeclared) = try security?.security(of: operation, at: pointer) ?? (nil, [])
        for place in undeclared { noteUndeclaredScheme(at: place) }
        return OpenAPIOperation(
            method: method, path: path, operationId: operation["operationId"]?.stringValue.map { uniqueOperationId($0, at: pointer) },
            summary: operation["summary"]?.stringValue, description: operation["description"]?.stringValue,
            deprecated: operation["deprecated"]?.boolValue ?? false,
            parameters: merged, requestBody: body, responses: responses,
            tags: operation["tags"]?.arrayValue?.compactMap(\.stringValue) ?? [],
            security: requirements)
    }

    /// The path item's parameters overridden by the operation's (same name and location), then a required
    /// path parameter for every template name neither declares. Keyed, so thousands of each stay linear.
    static func merge(_ shared: [OpenAPIParameter], _ own: [OpenAPIParameter], templateNames: [String],
                      cancellation: CancellationToken?) throws(OpenAPIError) -> [OpenAPIParameter] {
        var merged = shared
        var positions: [OpenAPIParameter.Key: Int] = [:]
        for (position, parameter) in shared.enumerated() where positions[parameter.key] == nil {
            positions[parameter.key] = position
        }
        for (offset, parameter) in own.enumerated() {
            if offset & 0xFFF == 0xFFF, cancellation?.isCancelled == true { throw .schema(.cancelled) }
            if let position = positions[parameter.key] {
                merged[position] = parameter
            } else {
                positions[parameter.key] = merged.count
                merged.append(parameter)
            }
        }
        for name in templateNames where positions[OpenAPIParameter.Key(name: name, location: .path)] == nil {
            merged.append(OpenAPIParameter(name: name, location: .path, required: true))
        }
        return merged
    }

    private mutating func parameters(_ value: JSONValue?, at pointer: JSONPointer) throws(OpenAPIError) -> [OpenAPIParameter] {
        guard let value else { return [] }
        guard case .array(let elements) = value else { throw .invalid(pointer: pointer.description, expected: "a list of parameters") }
        var parameters: [OpenAPIParameter] = []
        for (offset, element) in elements.enumerated() {
            let (parameter, parameterPointer) = try dereference(element, at: pointer.appending(offset))
            let name = try string(parameter["name"], at: parameterPointer.appending("name"))
            let locationText = try string(parameter["in"], at: parameterPointer.appending("in"))
            guard let location = OpenAPIParameter.Location(rawValue: locationText) else {
                noteUnknownLocation(locationText, name: name, at: parameterPointer.appending("in"))
                continue
            }
            var slot: SchemaSlot?
            if let schema = parameter["schema"] {
                slot = try schemaSlot(schema, at: parameterPointer.appending("schema"))
            } else if let content = parameter["content"] {
                slot = try contentSchema(content, at: parameterPointer.appending("content"), allowingForm: false).slot
            }
            var read = OpenAPIParameter(
                name: name, location: location, required: parameter["required"]?.boolValue ?? false,
                description: parameter["description"]?.stringValue, deprecated: parameter["deprecated"]?.boolValue ?? false,
                schemaSlot: slot)
            read.sunset = parameter["x-sunset"]?.displayText
            if location == .path {
                read.pathStyle = PathStyle(style: parameter["style"]?.stringValue.flatMap(PathStyle.Style.init(rawValue:)) ?? .simple,
                                           explode: parameter["explode"]?.boolValue ?? false)
            }
            if location == .query {
                read.style = FormStyle(style: parameter["style"]?.stringValue.flatMap(FormStyle.Style.init(rawValue:)) ?? .form,
                                       explode: parameter["explode"]?.boolValue)
            }
            parameters.append(read)
        }
        return parameters
    }

    private mutating func requestBody(_ value: JSONValue, at pointer: JSONPointer) throws(OpenAPIError) -> OpenAPIRequestBody {
        let (body, bodyPointer) = try dereference(value, at: pointer)
        let declared = body["content"].flatMap { $0.isNull ? nil : $0 } ?? .object([:])
        let contentPointer = bodyPointer.appending("content")
        let content = try contentSchema(declared, at: contentPointer, allowingForm: true)
        var read = OpenAPIRequestBody(
            required: body["required"]?.boolValue ?? false, description: body["description"]?.stringValue,
            contentTypes: content.mediaTypes, schemaContentType: content.chosen, schemaSlot: content.slot)
        if case .object(let media) = declared { read.formStyles = Self.formStyles(in: media) }
        read.otherSchemas = try otherSchemas(in: declared, except: content.chosen, at: contentPointer)
        return read
    }

    /// The `encoding` of the first form media type (url-encoded, else multipart): each property's `style`
    /// and `explode`. A style OpenAPI does not define for forms is read as the default.
    static func formStyles(in media: JSONObject) -> [String: FormStyle] {
        let form = media.first { OpenAPIMediaType.isForm($0.key) }
            ?? media.first { OpenAPIMediaType.essence($0.key) == "multipart/form-data" }
        guard case .object(let encoding)? = form?.value["encoding"] else { return [:] }
        var styles: [String: FormStyle] = [:]
        for (property, entry) in encoding {
            let style = entry["style"]?.stringValue.flatMap(FormStyle.Style.init(rawValue:)) ?? .form
            styles[property] = FormStyle(style: style, explode: entry["explode"]?.boolValue)
        }
        return styles
    }

    private mutating func response(_ status: String, _ value: JSONValue, at pointer: JSONPointer) throws(OpenAPIError) -> OpenAPIResponse {
        let (response, responsePointer) = try dereference(value, at: pointer)
        var slot: SchemaSlot?
        var mediaTypes: [String] = []
        var chosen: String?
        var others = MediaTypeSchemas()
        // A `null` content (a published mistake) declares none.
        if let content = response["content"], !content.isNull {
            let read = try contentSchema(content, at: responsePointer.appending("content"), allowingForm: false)
            slot = read.slot
            mediaTypes = read.mediaTypes
            chosen = read.chosen
            others = try otherSchemas(in: content, except: read.chosen, at: responsePointer.appending("content"))
        }
        var read = OpenAPIResponse(status: status, description: response["description"]?.stringValue, schemaSlot: slot)
        read.mediaTypes = mediaTypes
        read.schemaMediaType = chosen
        read.otherSchemas = others
        if case .object(let headers)? = response["headers"] {
            let headersPointer = responsePointer.appending("headers")
            for (name, value) in headers {
                let (header, headerPointer) = try dereference(value, at: headersPointer.appending(name))
                var headerSlot: SchemaSlot?
                if let schema = header["schema"] { headerSlot = try schemaSlot(schema, at: headerPointer.appending("schema")) }
                read.headers.append(OpenAPIHeader(name: name, required: header["required"]?.boolValue ?? false,
                                                  deprecated: header["deprecated"]?.boolValue ?? false, schemaSlot: headerSlot))
            }
        }
        return read
    }

    /// The media types of a `content` map and the schema of the preferred one.
    private mutating func contentSchema(_ value: JSONValue, at pointer: JSONPointer, allowingForm: Bool)
        throws(OpenAPIError) -> (mediaTypes: [String], chosen: String?, slot: SchemaSlot?)
    {
        let content = try object(value, at: pointer, expected: "an object of media types")
        let mediaTypes = Array(content.keys)
        // `*/*` and `application/*` may be JSON: their schema is the body's when no JSON type is declared.
        let anyJSON = mediaTypes.first { ["*/*", "application/*"].contains(OpenAPIMediaType.essence($0)) }
        guard let chosen = OpenAPIMediaType.preferred(in: mediaTypes, allowingForm: allowingForm) ?? anyJSON,
              case .object(let media)? = content[chosen], let schema = media["schema"]
        else { return (mediaTypes, nil, nil) }
        return (mediaTypes, chosen, try schemaSlot(schema, at: pointer.appending(chosen).appending("schema")))
    }

    /// The schemas of `content`'s media types but `chosen`, for a diff to compare. One that cannot be read
    /// is left out and the rest of the document works: nothing but a diff reads them. After
    /// `otherSchemaFailureLimit` such failures (each costs a pass over what was read) no more are tried.
    private mutating func otherSchemas(in content: JSONValue, except chosen: String?, at pointer: JSONPointer)
        throws(OpenAPIError) -> MediaTypeSchemas
    {
        var read = MediaTypeSchemas()
        guard case .object(let media) = content else { return read }
        for (mediaType, entry) in media where mediaType != chosen {
            guard case .object(let entry) = entry, let schema = entry["schema"],
                  otherSchemaFailures < Self.otherSchemaFailureLimit else { continue }
            let schemaPointer = pointer.appending(mediaType).appending("schema")
            do {
                let index = try schemas.undoingOnFailure { (builder: inout SchemaGraphBuilder) throws(SchemaError) in
                    try builder.schema(schema, at: schemaPointer)
                }
                read.append(mediaType, SchemaSlot(index: index))
            } catch {
                if error == .cancelled { throw .schema(error) }
                otherSchemaFailures += 1
            }
        }
        return read
    }

    private mutating func schemaSlot(_ value: JSONValue, at pointer: JSONPointer) throws(OpenAPIError) -> SchemaSlot {
        do {
            return SchemaSlot(index: try schemas.schema(value, at: pointer))
        } catch {
            throw .schema(error)
        }
    }

    /// A `servers` list (`place` names it: `servers`, `paths./pets.get.servers`). In a document fetched from
    /// the web, a server that is not http(s) (`file:///home`) is left out and remembered in
    /// `refusedServers`: such a document may not make `call` read this machine's files. Nil when the list
    /// is absent, or every server in it was left out, so the next level's servers apply.
    private mutating func servers(_ value: JSONValue?, at place: String) -> [OpenAPIServer]? {
        guard LocatorLocation.isWeb(source), case .array(let entries)? = value else {
            return OpenAPIServer.list(value, source: source)
        }
        var kept: [OpenAPIServer] = []
        for (index, entry) in entries.enumerated() {
            guard let server = OpenAPIServer.list(.array([entry]), source: source)?.first else { continue }
            let url = server.url()
            if LocatorLocation.isWeb(url) {
                kept.append(server)
            } else {
                refusedServers.append(OpenAPIDocument.RefusedServer(place: "\(place)[\(index)]", url: url))
            }
        }
        return kept.isEmpty ? nil : kept
    }

    /// `servers[0]`'s URL; for a document from the web, that of the first server `servers(_:at:)` kept.
    private func serverURL(_ value: JSONValue?, kept: [OpenAPIServer]?) throws(OpenAPIError) -> String? {
        guard let value, case .array(let servers) = value, let first = servers.first else {
            return LocatorLocation.isWeb(source) ? LocatorLocation.resolve("/", against: source) : nil
        }
        let server = try object(first, at: JSONPointer(tokens: ["servers", "0"]), expected: "a server object")
        let url = try string(server["url"], at: JSONPointer(tokens: ["servers", "0", "url"]))
        if LocatorLocation.isWeb(source) { return kept?.first?.url() }
        // Variables whose defaults name other variables are substituted until none is left.
        if let described = OpenAPIServer.list(.array([first]), source: source)?.first { return described.url() }
        if source.isEmpty { return url }
        return LocatorLocation.resolve(url, against: source) ?? url
    }

    /// Follows `$ref`s from `value` to the object they end at, and where it is.
    private mutating func dereference(_ value: JSONValue, at pointer: JSONPointer) throws(OpenAPIError) -> (JSONObject, JSONPointer) {
        let start = try object(value, at: pointer, expected: "an object")
        guard let first = start["$ref"] else { return (start, pointer) }
        guard case .string(let firstText) = first else {
            throw .invalid(pointer: pointer.appending("$ref").description, expected: "a string")
        }
        if let known = references[firstText] { return known }
        var value = value
        var pointer = pointer
        for _ in 0..<Self.referenceHopLimit {
            let object = try object(value, at: pointer, expected: "an object")
            guard let reference = object["$ref"] else {
                references[firstText] = (object, pointer)
                return (object, pointer)
            }
            guard case .string(let text) = reference else {
                throw .invalid(pointer: pointer.appending("$ref").description, expected: "a string")
            }
            guard text.hasPrefix("#"), let target = JSONPointer(text) else { throw .schema(.unsupportedRef(text)) }
            guard let resolved = target.resolve(in: document) else { throw .schema(.danglingRef(DocumentBundle.written(text, in: document))) }
            value = resolved
            pointer = target
        }
        throw .schema(.refCycle(pointer.description))
    }

    private func object(_ value: JSONValue?, at pointer: JSONPointer, expected: String) throws(OpenAPIError) -> JSONObject {
        guard case .object(let object)? = value else { throw .invalid(pointer: pointer.description, expected: expected) }
        return object
    }

    private func string(_ value: JSONValue?, at pointer: JSONPointer) throws(OpenAPIError) -> String {
        guard case .string(let text)? = value else { throw .invalid(pointer: pointer.description, expected: "a string") }
        return text
    }
}
