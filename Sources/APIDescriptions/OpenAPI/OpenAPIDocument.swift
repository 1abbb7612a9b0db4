#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
import JSON
import Schemas
import HTTPTypes

/// An OpenAPI 3.0 or 3.1 document read from JSON: what `ops`, `help`, `call`, response checks and
/// `diff --spec` need. Schemas are loaded once, shared by every operation, with `$ref` cycles safe.
public struct OpenAPIDocument: Sendable {
    /// `info.title`.
    public let title: String
    /// `info.version`.
    public let version: String
    /// The `openapi` field (`3.0.3`, `3.1.0`).
    public let openAPIVersion: String
    public let description: String?
    /// Where requests go by default: `servers[0].url` with its `{variables}` replaced by their defaults and
    /// resolved against `source`; without `servers`, `/` on the document's own host when it was fetched
    /// over HTTP, else `nil`.
    public let serverURL: String?
    /// The document's `servers`, with their variables (`server set` changes them).
    public internal(set) var servers: [OpenAPIServer] = []
    /// A server of a document fetched from the web that is not http(s), left out of `servers` and of its
    /// path's or operation's: where it was written (`paths./pets.get.servers[0]`) and its URL.
    public struct RefusedServer: Sendable, Equatable {
        public let place: String
        public let url: String
    }
    /// Every server left out so, for the locate warnings.
    public internal(set) var refusedServers: [RefusedServer] = []
    /// In document order: paths as written, methods as written within each path.
    public let operations: [OpenAPIOperation]
    /// Where the document came from (a URL or a path), as given to `parse`.
    public let source: String
    /// `components.securitySchemes` by name.
    public let securitySchemes: [String: OpenAPISecurityScheme]
    /// The document's own `security`, which operations without theirs inherit; nil when not declared.
    public internal(set) var security: OpenAPISecurity?
    /// The names of the document's `webhooks` (3.1), in document order.
    public internal(set) var webhooks: [String] = []
    /// The published mistakes read past (`type: int`, a dangling `$ref` leaving an operation out), one line
    /// each naming its place.
    public internal(set) var warnings: [String] = []
    /// How many published mistakes the read repaired before reading (`PublishedMistakes`); none means the
    /// document reads as written, so a piece of it read alone reads as in the whole.
    public internal(set) var repairedMistakes = 0
    /// Why the document could not be read, for one `unreadable` made in its place; nil for one read.
    public private(set) var unreadableReason: String?
    /// A fingerprint of each named schema and each operation (`METHOD /path`), through the `$ref`s it
    /// follows: two loads of a document tell what changed by them (`DocumentFingerprints`). Taken when a
    /// reload first compares, not at every load: the document's tree is kept until then. None for a
    /// document whose components are read on demand (`parse`'s `components`).
    public var schemaFingerprints: [String: UInt64] { fingerprints.value.schemas }
    public var operationFingerprints: [String: UInt64] { fingerprints.value.operations }
    private var fingerprints = DocumentFingerprints.Deferred(document: .object([:]))
    /// The tree the document was read from (published mistakes repaired, a Swagger 2.0 document converted),
    /// kept until its fingerprints are taken; nil after, and for a document read in pieces.
    var writtenTree: JSONValue? {
        guard let tree = fingerprints.tree else { return nil }
        if case .object(let members) = tree, members.isEmpty { return nil }
        return tree
    }

    init(title: String, version: String, openAPIVersion: String, description: String?, serverURL: String?,
         operations: [OpenAPIOperation], source: String, securitySchemes: [String: OpenAPISecurityScheme] = [:]) {
        self.title = title
        self.version = version
        self.openAPIVersion = openAPIVersion
        self.description = description
        self.serverURL = serverURL
        self.operations = operations
        self.source = source
        self.securitySchemes = securitySchemes
    }

    /// Reads a document. `source` is where it came from, against which a relative server URL resolves.
    /// A Swagger 2.0 document is read as the OpenAPI 3 document it converts to (`Swagger2Conversion`). A
    /// tripped `cancellation` stops the reading with `OpenAPIError.schema(.cancelled)`.
    ///
    /// `readsSchemasOnDemand` reads each schema when it is first used (a check reads those its value reaches)
    /// rather than all at load: only for a document known to read whole without a failure, such as the
    /// pieces of one operation kept from a whole read (`OperationFragments`), since a schema that would not
    /// read is then found only when used (a check that meets it fails there).
    ///
    /// `components`, with `readsSchemasOnDemand`, gives a component the document leaves out when a schema
    /// first names it (`OperationFragments`' schema pieces, read as they are reached): its value, as written
    /// and needing no repair, or nil when there is none.
    public static func parse(_ document: JSONValue, source: String, cancellation: CancellationToken? = nil,
                             readsSchemasOnDemand: Bool = false,
                             components: (@Sendable (JSONPointer) -> JSONValue?)? = nil) throws(OpenAPIError) -> OpenAPIDocument {
        var (document, mistakes) = try PublishedMistakes.repair(document, cancellation: cancellation)
        document = DescriptionFormat.openAPI3(document, source: source)
        var reader = OpenAPIReader(document: document, source: source, cancellation: cancellation, readsSchemasOnDemand: readsSchemasOnDemand,
                                   components: components)
        var read = try reader.read()
        read.warnings = mistakes + read.warnings
        read.repairedMistakes = mistakes.count
        // Pieces read on demand leave components out, whose text the fingerprints take: such a document
        // (a call's, from the cache) has none, as `locate` only compares whole loads.
        read.fingerprints = DocumentFingerprints.Deferred(document: readsSchemasOnDemand && components != nil ? .object([:]) : document)
        return read
    }

    /// A document whose bytes could not be read again (see `LoadedDescription`): what it said it is, no
    /// operations, and why in its warnings.
    public static func unreadable(title: String, version: String, openAPIVersion: String, source: String,
                                  reason: String) -> OpenAPIDocument {
        var document = OpenAPIDocument(title: title, version: version, openAPIVersion: openAPIVersion, description: nil,
                                       serverURL: nil, operations: [], source: source)
        document.warnings = ["\(source) could not be read again: \(reason)"]
        document.unreadableReason = reason
        return document
    }

    /// Parses the bytes as JSON or YAML (see `APIDocumentText`); bytes that are neither are `notJSON`.
    public static func parse(_ data: Data, source: String, cancellation: CancellationToken? = nil) throws(OpenAPIError) -> OpenAPIDocument {
        let document: JSONValue
        do {
            document = try APIDocumentText.parse(data, cancellation: cancellation)
        } catch {
            throw .notJSON(error.description)
        }
        return try parse(document, source: source, cancellation: cancellation)
    }

    /// `info.title` as a service name: lowercase, each run of other than ASCII letters and digits one `-`,
    /// trimmed (`Swagger Petstore` → `swagger-petstore`); `api` when nothing is left.
    public var slug: String {
        Self.slug(title)
    }

    /// `text` as a service name, as `slug` makes one of `info.title`.
    public static func slug(_ text: String) -> String {
        var slug = ""
        var pendingDash = false
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingDash, !slug.isEmpty { slug += "-" }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "api" : slug
    }

    /// The operation with this exact `operationId`, or written as `METHOD /path` (method in any case).
    public func operation(named text: String) -> OpenAPIOperation? {
        operations.firstIndex(named: text).map { operations[$0] }
    }

    /// Like `operation(named:)`, but an unknown name is an error suggesting the closest one.
    public func requireOperation(named text: String) throws(OpenAPIError) -> OpenAPIOperation {
        if let operation = operation(named: text) { return operation }
        let names = operations.map(\.displayName) + operations.compactMap { $0.operationId == nil ? nil : $0.signature }
        throw .unknownOperation(text, suggestion: Suggestions.closest(to: text, in: names))
    }

    /// The schema a response with this status must match: the exact status, else its class (`2XX`), else
    /// `default`. `declared` is false when none of them is declared; `schema` is nil when the matching
    /// response declares no JSON body.
    public func responseSchema(of operation: OpenAPIOperation, status: Int) -> (declared: Bool, schema: JSONSchema?) {
        let exact = String(status)
        let range = "\(status / 100)XX"
        let response = operation.responses.first { $0.status == exact }
            ?? operation.responses.first { $0.status.uppercased() == range }
            ?? operation.responses.first { $0.status.lowercased() == "default" }
        guard let response else { return (false, nil) }
        return (true, response.schema)
    }
}
