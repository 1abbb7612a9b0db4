import Foundation

/// One line of the locator: where a version of a service lives.
public struct LocatorEntry: Sendable, Equatable {
    public let key: ServiceKey
    /// The absolute URL, resolved against the locator's own URL when the document gave a relative one.
    public let url: String
    public let deprecated: Bool
    /// The sunset date as the document gave it (`2027-06-30`).
    public let sunset: String?
    public let summary: String?

    public init(key: ServiceKey, url: String, deprecated: Bool = false, sunset: String? = nil, summary: String? = nil) {
        self.key = key
        self.url = url
        self.deprecated = deprecated
        self.sunset = sunset
        self.summary = summary
    }

    public var name: String { key.name }
    public var version: ServiceVersion { key.version }
    public var isDeprecated: Bool { deprecated || sunset != nil }
}

/// A parsed service locator: `{"services":[{"name","url","version"}, …]}` (seed 000), with optional
/// `deprecated`, `sunset` and `description` per entry.
public struct Locator: Sendable, Equatable {
    /// Where the document came from (URL or path), used to resolve relative URLs and in messages.
    public let source: String
    public let entries: [LocatorEntry]
    public let loadedAt: Date

    public init(source: String, entries: [LocatorEntry], loadedAt: Date = Date()) {
        self.source = source
        self.entries = entries
        self.loadedAt = loadedAt
    }

    /// Parses a locator document. `source` is its URL or path: relative entry URLs resolve against it.
    public static func parse(_ data: Data, source: String, loadedAt: Date = Date()) throws(LocatorError) -> Locator {
        let document: JSONValue
        do {
            document = try JSONValue.parse(data)
        } catch {
            throw .parse(source: source, reason: error.description)
        }
        guard case .object(let root) = document else {
            throw .parse(source: source, reason: "expected an object with a \"services\" array, found \(document.typeName)")
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
        guard case .string(let name)? = fields["name"], !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .parse(source: source, reason: "\(place): missing \"name\" (a non-empty string)")
        }
        let version: ServiceVersion
        switch fields["version"] {
        case .number(let number)?:
            guard let parsed = ServiceVersion(number.text) else {
                throw .parse(source: source, reason: "\(place) (\(name)): version \(number.text) is not a version number")
            }
            version = parsed
        case .string(let text)?:
            guard let parsed = ServiceVersion(text) else {
                throw .parse(source: source, reason: "\(place) (\(name)): version \"\(text)\" is not a version like \"v2\" or 2.1")
            }
            version = parsed
        case nil:
            throw .parse(source: source, reason: "\(place) (\(name)): missing \"version\"")
        case .some(let other):
            throw .parse(source: source, reason: "\(place) (\(name)): \"version\" should be a number or string, found \(other.typeName)")
        }
        guard case .string(let rawURL)? = fields["url"], !rawURL.isEmpty else {
            throw .parse(source: source, reason: "\(place) (\(name) \(version)): missing \"url\" (a string)")
        }
        guard let url = LocatorLocation.resolve(rawURL, against: source) else {
            throw .parse(source: source, reason: "\(place) (\(name) \(version)): \"\(rawURL)\" is not a URL")
        }
        // A document fetched from the web must not point apish at this machine's files; a local one may.
        if LocatorLocation.isWeb(source) && url.lowercased().hasPrefix("file:") {
            throw .parse(source: source, reason: "\(place) (\(name) \(version)): a locator from the web may not name a local file (\(rawURL))")
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
        return LocatorEntry(
            key: ServiceKey(name: name, version: version), url: url,
            deprecated: deprecated, sunset: sunset, summary: summary)
    }

    /// Service names in first-seen order, as the document spells them.
    public var serviceNames: [String] {
        var names: [String] = []
        for entry in entries where !names.contains(where: { $0.lowercased() == entry.name.lowercased() }) {
            names.append(entry.name)
        }
        return names
    }

    /// The entries of one service (any case), lowest version first.
    public func entries(of service: String) -> [LocatorEntry] {
        entries.filter { $0.name.lowercased() == service.lowercased() }.sorted { $0.version < $1.version }
    }

    /// The versions of one service, lowest first.
    public func versions(of service: String) -> [ServiceVersion] {
        entries(of: service).map(\.version)
    }

    /// The highest version of a service.
    public func latest(of service: String) -> LocatorEntry? {
        entries(of: service).last
    }

    /// The entry for a service at a version, as the seed's `findURLForServiceNamed:version:`.
    public func resolve(_ key: ServiceKey) -> LocatorEntry? {
        entries.first { $0.key == key }
    }

    /// The document's own spelling of a service name.
    public func canonicalName(of service: String) -> String? {
        entries.first { $0.name.lowercased() == service.lowercased() }?.name
    }
}
