#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
import JSON
import APIDescriptions
import HTTPClient
import HTTPTypes

/// One line of the locator: where a version of a service lives.
///
/// Its fields live in one immutable box, so that copying an entry (which every request does several times)
/// retains one reference instead of each of its texts.
public struct LocatorEntry: Sendable, Equatable {
    private final class Fields: Sendable {
        let key: ServiceKey
        let url: String
        let deprecated: Bool
        let sunset: String?
        let summary: String?
        let versioning: Versioning?
        let versionText: String
        let schema: String?
        let openapi: String?

        init(
            key: ServiceKey, url: String, deprecated: Bool, sunset: String?, summary: String?, versioning: Versioning?,
            versionText: String, schema: String?, openapi: String?
        ) {
            self.key = key
            self.url = url
            self.deprecated = deprecated
            self.sunset = sunset
            self.summary = summary
            self.versioning = versioning
            self.versionText = versionText
            self.schema = schema
            self.openapi = openapi
        }
    }

    private let fields: Fields

    public var key: ServiceKey { fields.key }
    /// The absolute URL, resolved against the locator's own URL when the document gave a relative one.
    public var url: String { fields.url }
    public var deprecated: Bool { fields.deprecated }
    /// The sunset date as the document gave it (`2027-06-30`).
    public var sunset: String? { fields.sunset }
    public var summary: String? { fields.summary }
    /// How the version travels when it is not in the URL alone.
    var versioning: Versioning? { fields.versioning }
    /// The version as the document wrote it (`2022-11-28`, `v2`, `2`): what a header or query parameter carries.
    var versionText: String { fields.versionText }
    /// A JSON Schema (URL or path, with an optional `#/json/pointer`) the main resource must match.
    public var schema: String? { fields.schema }
    /// An OpenAPI 3 document describing this version.
    public var openapi: String? { fields.openapi }
    /// The document gave no `url`: the server URL of the entry's OpenAPI document is meant, and `url` is
    /// empty until `Workspace.locate` has loaded that document and filled it in.
    var urlFromSpec = false
    /// `url` is the server its OpenAPI document names (the entry gave none, or the locator is the document
    /// itself), not the user's word: the servers of the document's paths and operations then win over it.
    var urlIsDocuments = false

    init(
        key: ServiceKey, url: String, deprecated: Bool = false, sunset: String? = nil, summary: String? = nil,
        versioning: Versioning? = nil, versionText: String? = nil, schema: String? = nil, openapi: String? = nil
    ) {
        fields = Fields(
            key: key, url: url, deprecated: deprecated, sunset: sunset, summary: summary, versioning: versioning,
            versionText: versionText ?? key.version.bare, schema: schema, openapi: openapi)
    }

    public static func == (left: LocatorEntry, right: LocatorEntry) -> Bool {
        guard left.urlFromSpec == right.urlFromSpec, left.urlIsDocuments == right.urlIsDocuments else { return false }
        if left.fields === right.fields { return true }
        let a = left.fields, b = right.fields
        return a.key == b.key && a.url == b.url && a.deprecated == b.deprecated && a.sunset == b.sunset
            && a.summary == b.summary && a.versioning == b.versioning && a.versionText == b.versionText
            && a.schema == b.schema && a.openapi == b.openapi
    }

    public var name: String { key.name }
    public var version: ServiceVersion { key.version }
    public var isDeprecated: Bool { deprecated || sunset != nil }

    /// The same entry, sent to `url` (its OpenAPI document's server).
    func with(url: String) -> LocatorEntry {
        var entry = LocatorEntry(
            key: key, url: url, deprecated: deprecated, sunset: sunset, summary: summary, versioning: versioning,
            versionText: versionText, schema: schema, openapi: openapi)
        entry.urlIsDocuments = true
        return entry
    }
}

/// A parsed service locator: `{"services":[{"name","url","version"}, …]}`, with optional
/// `deprecated`, `sunset`, `description`, `versioning`, `schema` and `openapi` per entry.
public struct Locator: Sendable, Equatable {
    /// Where the document came from (URL or path), used to resolve relative URLs and in messages.
    public let source: String
    public let entries: [LocatorEntry]
    public let loadedAt: Date
    /// Service names in first-seen order, as the document spells them.
    public let serviceNames: [String]
    /// Lower-cased name → entries, lowest version first: every lookup is one hash, so 20,000 services stay linear.
    private let byName: [String: [LocatorEntry]]
    /// The OpenAPI document, when the locator is one: a document with a top-level `openapi` is one service.
    /// Asking for it reads it when the load took it from the `DescriptionCache`.
    var openAPIDocument: OpenAPIDocument? { loadedDescription?.document }
    /// What the locator's OpenAPI document says it is (`3.1.0`, its title and version), without reading it.
    public var openAPIIdentity: (openAPIVersion: String, title: String, version: String)? {
        loadedDescription.map { ($0.summary.openAPIVersion, $0.summary.title, $0.summary.version) }
    }
    var loadedDescription: LoadedDescription?

    init(source: String, entries: [LocatorEntry], loadedAt: Date = Date()) {
        self.source = source
        self.entries = entries
        self.loadedAt = loadedAt
        var names: [String] = []
        var byName: [String: [LocatorEntry]] = [:]
        for entry in entries {
            let key = entry.name.lowercased()
            if byName[key] == nil { names.append(entry.name) }
            byName[key, default: []].append(entry)
        }
        self.serviceNames = names
        self.byName = byName.mapValues { $0.sorted { $0.version < $1.version } }
    }

    public static func == (lhs: Locator, rhs: Locator) -> Bool {
        lhs.source == rhs.source && lhs.entries == rhs.entries && lhs.loadedAt == rhs.loadedAt
    }

    /// Parses a locator document, JSON or YAML (told apart by content). `source` is its URL or path: relative
    /// entry URLs resolve against it. A tripped `cancellation` stops reading a locator that is an OpenAPI document.
    public static func parse(_ data: Data, source: String, loadedAt: Date = Date(),
                             cancellation: CancellationToken? = nil) throws(LocatorError) -> Locator {
        let document: JSONValue
        do {
            document = try APIDocumentText.parse(data, cancellation: cancellation)
        } catch {
            throw .parse(source: source, reason: error.description)
        }
        return try parse(document: document, source: source, loadedAt: loadedAt, cancellation: cancellation)
    }

    /// Reads a locator from its document's value, JSON or YAML already parsed.
    static func parse(
        document: JSONValue, source: String, loadedAt: Date = Date(), cancellation: CancellationToken? = nil
    ) throws(LocatorError) -> Locator {
        guard case .object(let root) = document else {
            throw .parse(source: source, reason: "expected an object with a \"services\" array, found \(document.typeName)")
        }
        if DescriptionFormat.of(document) != nil {
            return try service(describedBy: document, source: source, loadedAt: loadedAt, cancellation: cancellation)
        }
        guard let list = root["services"] else {
            throw .parse(source: source, reason: "missing \"services\" array")
        }
        guard case .array(let items) = list else {
            throw .parse(source: source, reason: "\"services\" should be an array, found \(list.typeName)")
        }
        var entries: [LocatorEntry] = []
        var seen: [ServiceKey: Int] = [:]
        for (index, item) in items.enumerated() {
            let entry = try parseEntry(item, index: index, source: source)
            if let first = seen[entry.key] {
                throw .duplicate(source: source, key: entry.key.description, first: first, second: index)
            }
            seen[entry.key] = index
            entries.append(entry)
        }
        return Locator(source: source, entries: entries, loadedAt: loadedAt)
    }

    private static func parseEntry(_ item: JSONValue, index: Int, source: String) throws(LocatorError) -> LocatorEntry {
        let place = "services[\(index)]"
        guard case .object(let fields) = item else {
            throw .parse(source: source, reason: "\(place): expected an object, found \(item.typeName)")
        }
        guard case .string(let name)? = fields["name"], !isBlank(name) else {
            throw .parse(source: source, reason: "\(place): missing \"name\" (a non-empty string)")
        }
        let version: ServiceVersion
        let versionText: String
        switch fields["version"] {
        case .number(let number)?:
            guard let parsed = ServiceVersion(number.text) else {
                throw .parse(source: source, reason: "\(place) (\(name)): version \(number.text) is not a version number")
            }
            version = parsed
            versionText = number.text
        case .string(let text)?:
            guard let parsed = ServiceVersion.parse(text) else {
                throw .parse(source: source, reason: "\(place) (\(name)): version \"\(text)\" is not a version like \"v2\", 2.1, 2022-11-28 or a label like beta")
            }
            version = parsed
            versionText = text.trimmingWhitespace()
        case nil:
            throw .parse(source: source, reason: "\(place) (\(name)): missing \"version\"")
        case .some(let other):
            throw .parse(source: source, reason: "\(place) (\(name)): \"version\" should be a number or string, found \(other.typeName)")
        }
        let openapi = try document("openapi", in: fields, place: "\(place) (\(name) \(version))", source: source)
        var url = ""
        if let value = fields["url"], !value.isNull || openapi == nil {
            guard case .string(let rawURL) = value, !rawURL.isEmpty else {
                throw .parse(source: source, reason: "\(place) (\(name) \(version)): missing \"url\" (a string)")
            }
            url = try resolve(rawURL, place: "\(place) (\(name) \(version))", field: nil, what: "a URL", source: source)
        } else if openapi == nil {
            throw .parse(source: source, reason: "\(place) (\(name) \(version)): missing \"url\" (a string), or an \"openapi\" document whose servers say where")
        }
        var deprecated = false
        if let flag = fields["deprecated"] {
            guard case .bool(let value) = flag else {
                throw .parse(source: source, reason: "\(place) (\(name) \(version)): \"deprecated\" should be true or false")
            }
            deprecated = value
        }
        var sunset: String?
        if let value = fields["sunset"], !value.isNull {
            guard case .string(let text) = value else {
                throw .parse(source: source, reason: "\(place) (\(name) \(version)): \"sunset\" should be a date string")
            }
            sunset = text
        }
        var summary: String?
        if case .string(let text)? = fields["description"] { summary = text }
        var versioning: Versioning?
        if let value = fields["versioning"], !value.isNull {
            switch Versioning.parse(value) {
            case .success(let parsed): versioning = parsed
            case .failure(let error): throw .parse(source: source, reason: "\(place) (\(name) \(version)): \(error)")
            }
        }
        let schema = try document("schema", in: fields, place: "\(place) (\(name) \(version))", source: source)
        var entry = LocatorEntry(
            key: ServiceKey(name: name, version: version), url: url,
            deprecated: deprecated, sunset: sunset, summary: summary,
            versioning: versioning, versionText: versionText, schema: schema, openapi: openapi)
        entry.urlFromSpec = url.isEmpty
        return entry
    }

    /// Whether text is empty once `CharacterSet.whitespaces` (category Zs and tab) is trimmed.
    static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// A document an entry refers to (`schema`, `openapi`), resolved like `url`; a fragment is kept.
    private static func document(
        _ field: String, in fields: JSONObject, place: String, source: String
    ) throws(LocatorError) -> String? {
        guard let value = fields[field], !value.isNull else { return nil }
        guard case .string(let reference) = value, !reference.isEmpty else {
            throw .parse(source: source, reason: "\(place): \"\(field)\" should be a URL or path (a string)")
        }
        return try resolve(reference, place: place, field: field, what: "a URL or path", source: source)
    }

    /// A reference of the document resolved against it; a document fetched from the web must not point apish
    /// at this machine's files (a local one may).
    private static func resolve(
        _ reference: String, place: String, field: String?, what: String, source: String
    ) throws(LocatorError) -> String {
        guard let resolved = LocatorLocation.resolve(reference, against: source) else {
            let named = field.map { "\"\($0)\" " } ?? ""
            throw .parse(source: source, reason: "\(place): \(named)\"\(reference)\" is not \(what)")
        }
        if LocatorLocation.isWeb(source) && resolved.lowercased().hasPrefix("file:") {
            throw .parse(source: source, reason: "\(place): a locator from the web may not name a local file (\(reference))")
        }
        return resolved
    }

    /// The entries of one service (any case), lowest version first.
    public func entries(of service: String) -> [LocatorEntry] {
        // A name already in lower case (as typed, nearly always) is looked up as it is, not copied lowered.
        byName[Self.hasUppercase(service) ? service.lowercased() : service] ?? []
    }

    /// Whether `text` holds a letter `lowercased()` would change: an ASCII capital, or anything not ASCII.
    private static func hasUppercase(_ text: String) -> Bool {
        func changes(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte >= 0x80 }
        return text.utf8.withContiguousStorageIfAvailable { $0.contains(where: changes) } ?? text.utf8.contains(where: changes)
    }

    /// The versions of one service, lowest first.
    public func versions(of service: String) -> [ServiceVersion] {
        entries(of: service).map(\.version)
    }

    /// The highest numeric version of a service; the last label when it has only labels.
    public func latest(of service: String) -> LocatorEntry? {
        Self.latest(among: entries(of: service))
    }

    /// `latest(of:)` among one service's entries, lowest version first.
    static func latest(among entries: [LocatorEntry]) -> LocatorEntry? {
        entries.last { !$0.version.isLabel } ?? entries.last
    }

    /// The entry for a service at exactly this version, or nil.
    public func resolve(_ key: ServiceKey) -> LocatorEntry? {
        entries(of: key.name).first { $0.version == key.version }
    }

    /// The document's own spelling of a service name.
    public func canonicalName(of service: String) -> String? {
        entries(of: service).first?.name
    }
}
