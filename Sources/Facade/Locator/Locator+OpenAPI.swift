import FoundationFree
import JSON
import APIDescriptions
import HTTPClient
import HTTPTypes
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Locator {
    /// A locator that is itself an OpenAPI document: one service, named by `info.title` as a slug
    /// (`Swagger Petstore` → `swagger-petstore`), at `info.version`, served where `servers[0]` says.
    /// A Swagger 2.0 or otherwise unreadable document is a parse error with the reader's reason.
    static func service(describedBy document: JSONValue, source: String, loadedAt: Date,
                        cancellation: CancellationToken? = nil) throws(LocatorError) -> Locator {
        let spec: OpenAPIDocument
        do {
            spec = try OpenAPIDocument.parse(document, source: source, cancellation: cancellation)
        } catch {
            throw .parse(source: source, reason: error.description)
        }
        return try service(describedBy: LoadedDescription(spec), source: source, loadedAt: loadedAt)
    }

    /// The one service of a description read now or known from the `DescriptionCache`.
    static func service(describedBy description: LoadedDescription, source: String, loadedAt: Date) throws(LocatorError) -> Locator {
        let summary = description.summary
        guard let version = Self.version(summary.version) else {
            throw .parse(source: source, reason: "info.version \"\(summary.version)\" is not a version like 1.0.0, v2 or 2022-11-28")
        }
        let url: String
        switch Self.server(of: description) {
        case .success(let found): url = found
        case .failure(let problem):
            throw .parse(source: source, reason: "\(problem); name the document as \"openapi\" in a locator entry with a \"url\"")
        }
        var entry = LocatorEntry(
            key: ServiceKey(name: OpenAPIDocument.slug(summary.title), version: version), url: url, summary: summary.description,
            versionText: summary.version, openapi: source)
        entry.urlIsDocuments = true
        var locator = Locator(source: source, entries: [entry], loadedAt: loadedAt)
        locator.loadedDescription = description
        return locator
    }

    /// `1.0.0`, `v2`, `2022-11-28` as they are; a pre-release or build suffix (`1.2.0-beta.1`, `2.0+7`)
    /// is dropped, as a version's numbers are what order it; anything else (`beta`) is a label.
    static func version(_ text: String) -> ServiceVersion? {
        if let version = ServiceVersion(text) { return version }
        let numeric = text.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "v" || $0 == "V") }
        if numeric.count < text.count, let last = numeric.last, last != ".", let version = ServiceVersion(String(numeric)) {
            return version
        }
        return ServiceVersion.parse(text)
    }

    /// The locator with every entry that gave no `url` sent to its OpenAPI document's server URL. An
    /// entry whose document could not be loaded, or names no server, cannot be used: an error naming it.
    func resolvingServerURLs(_ documents: [ServiceKey: EntryDocuments]) throws(LocatorError) -> Locator {
        guard entries.contains(where: \.urlFromSpec) else { return self }
        var resolved: [LocatorEntry] = []
        resolved.reserveCapacity(entries.count)
        for entry in entries {
            guard entry.urlFromSpec else {
                resolved.append(entry)
                continue
            }
            let reference = entry.openapi ?? "its OpenAPI document"
            let loaded = documents[entry.key]
            guard let spec = loaded?.openapi else {
                let problem = loaded?.openapiProblem ?? "not loaded"
                throw .parse(source: source, reason: "\(entry.key): no \"url\", and \(reference) cannot give one: \(problem)")
            }
            switch Self.server(of: spec) {
            case .success(let url):
                resolved.append(entry.with(url: url))
            case .failure(let problem):
                throw .parse(source: source, reason: "\(entry.key): no \"url\", and \(problem); give the entry a \"url\"")
            }
        }
        var locator = Locator(source: source, entries: resolved, loadedAt: loadedAt)
        locator.loadedDescription = loadedDescription
        return locator
    }

    /// Where a document's requests go: its server URL, which must be on the web. A relative server URL
    /// of a document read from disk resolves to a local file, which serves no API.
    private static func server(of description: LoadedDescription) -> Result<String, ServerProblem> {
        guard let url = description.summary.serverURL else {
            let spec = description.document
            if let refused = spec.refusedServers.first(where: { $0.place.hasPrefix("servers[") }) {
                return .failure(ServerProblem("\(spec.source) has no http(s) server: \(refused.place) is \(refused.url)"))
            }
            return .failure(ServerProblem("\(spec.source) has no servers[0].url saying where \(spec.title) is served"))
        }
        guard LocatorLocation.isWeb(url) else {
            let spec = description.document
            return .failure(ServerProblem("the server URL of \(spec.source) is \(url), not an http(s) URL"
                + (LocatorLocation.isWeb(spec.source) ? "" : " (a relative one resolves against the file)")))
        }
        return .success(url)
    }
}

/// Why a document's server URL cannot be where its requests go: one clause.
private struct ServerProblem: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
