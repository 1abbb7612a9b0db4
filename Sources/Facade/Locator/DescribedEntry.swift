import FoundationFree
import JSON
import HTTPClient
import HTTPTypes
import APIDescriptions
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A locator entry's OpenAPI document as read, with the files its `$ref`s reach brought in (a Swagger 2.0
/// one converted), beside the `OpenAPIDocument` made from it: for what serves a description rather than
/// calls it (the mock), which needs the examples and headers the reader does not keep.
public struct DescribedEntry: Sendable {
    public let entry: LocatorEntry
    /// The whole document; the pointers of `spec`'s schemas point into it.
    public let document: JSONValue
    public let spec: OpenAPIDocument

    /// Reads the documents of `entries` (those naming one), each address once. An entry whose document
    /// cannot be read is a warning naming it.
    static func read(
        _ entries: [LocatorEntry], fetcher: DocumentFetcher, cancellation: CancellationToken?
    ) -> (described: [DescribedEntry], warnings: [String]) {
        let loader = DocumentLoader(fetcher: fetcher)
        var described: [DescribedEntry] = []
        var warnings: [String] = []
        var read: [String: Result<(JSONValue, OpenAPIDocument), DocumentError>] = [:]
        for entry in entries {
            guard let reference = entry.openapi else { continue }
            let address = DocumentLoader.split(reference).address
            let result = read[address] ?? Self.parse(loader.fetch(address, cancellation: cancellation), source: address, cancellation: cancellation)
            read[address] = result
            switch result {
            case .success(let (document, spec)):
                described.append(DescribedEntry(entry: entry, document: document, spec: spec))
            case .failure(let error):
                warnings.append("\(entry.key): cannot use OpenAPI document \(reference): \(error)")
            }
        }
        return (described, warnings)
    }

    static func parse(
        _ fetched: Result<JSONValue, DocumentError>, source: String, cancellation: CancellationToken?
    ) -> Result<(JSONValue, OpenAPIDocument), DocumentError> {
        switch fetched {
        case .failure(let error):
            return .failure(error)
        case .success(let document):
            let converted = DescriptionFormat.openAPI3(document, source: source)
            do {
                return .success((converted, try OpenAPIDocument.parse(converted, source: source, cancellation: cancellation)))
            } catch {
                return .failure(DocumentError(error.description))
            }
        }
    }
}

extension LocatorLoader {
    /// The locator at `location` with the OpenAPI document of each of its entries that names one. A
    /// document that is itself the description is its one entry, served or not: a version whose server is
    /// gone, or not up yet, is what a mock is for. Entries without a document are left out.
    public func loadDescribed(
        _ location: String, cancellation: CancellationToken? = nil
    ) throws(LocatorError) -> (locator: Locator, described: [DescribedEntry], warnings: [String]) {
        let fetcher = DocumentFetcher(transport: transport, cache: cache, refresh: refresh)
        let fetched = try fetcher.fetch(location, cancellation: cancellation)
        if let document = try? APIDocumentText.parse(fetched.data, cancellation: cancellation),
           DescriptionFormat.of(document) != nil {
            let bundled: JSONValue
            do {
                bundled = try fetcher.bundle(document, source: location, cancellation: cancellation)
            } catch {
                throw .parse(source: location, reason: error.description)
            }
            switch DescribedEntry.parse(.success(bundled), source: location, cancellation: cancellation) {
            case .failure(let error):
                throw .parse(source: location, reason: error.description)
            case .success(let (converted, spec)):
                let version = Locator.version(spec.version) ?? ServiceVersion.parse("1")
                guard let version else { throw .parse(source: location, reason: "info.version \"\(spec.version)\" is not a version") }
                let entry = LocatorEntry(
                    key: ServiceKey(name: spec.slug, version: version), url: spec.serverURL ?? location, summary: spec.description,
                    versionText: spec.version, openapi: location)
                let locator = Locator(source: location, entries: [entry], loadedAt: Date())
                return (locator, [DescribedEntry(entry: entry, document: converted, spec: spec)], fetcher.warnings)
            }
        }
        let locator = try load(location, with: fetcher, cancellation: cancellation)
        let (described, warnings) = DescribedEntry.read(locator.entries, fetcher: fetcher, cancellation: cancellation)
        return (locator, described, fetcher.warnings + warnings)
    }
}
