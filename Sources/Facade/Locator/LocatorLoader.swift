import JSON
import FoundationFree
import HTTPClient
import HTTPTypes
import APIDescriptions
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fetches and parses a locator from `http(s)://`, `file://` or a plain path: a locator document, or an
/// OpenAPI or Swagger document (with the files its `$ref`s reach), in JSON or YAML. A web address that is
/// neither, the root of an API, is asked where its description is (`LocatorDiscovery`).
public struct LocatorLoader: Sendable {
    let transport: any Transport
    let cache: DocumentCache?
    let refresh: Bool

    /// `cache` keeps what is fetched from the web for the next start; `refresh` fetches it afresh.
    public init(transport: any Transport, cache: DocumentCache? = nil, refresh: Bool = false) {
        self.transport = transport
        self.cache = cache
        self.refresh = refresh
    }

    public func load(_ location: String, cancellation: CancellationToken? = nil) throws(LocatorError) -> Locator {
        try load(location, with: DocumentFetcher(transport: transport, cache: cache, refresh: refresh), cancellation: cancellation)
    }

    func load(_ location: String, with fetcher: DocumentFetcher, cancellation: CancellationToken?) throws(LocatorError) -> Locator {
        switch try Self.read(location, fetcher: fetcher, cancellation: cancellation) {
        case .locator(let locator):
            return locator
        case .notADescription(let problem):
            guard LocatorLocation.isWeb(location) else { throw problem }
            let links = try fetcher.fetch(location, cancellation: cancellation).links
            for candidate in LocatorDiscovery.candidates(for: location, links: links) {
                if cancellation?.isCancelled == true { throw .load(source: location, reason: TransportError.cancelled.description) }
                guard (try? fetcher.fetch(candidate, cancellation: cancellation)) != nil,
                      case .locator(let locator) = try Self.read(candidate, fetcher: fetcher, cancellation: cancellation)
                else { continue }
                return locator
            }
            guard case .parse(let source, let reason) = problem else { throw problem }
            throw .parse(source: source, reason: reason + "; nor does it name a service description (Link: rel=\"service-desc\", "
                + LocatorDiscovery.wellKnownPaths.joined(separator: ", ") + ")")
        }
    }

    private enum Reading {
        case locator(Locator)
        /// Not a locator, OpenAPI or Swagger document at all (HTML, plain text, unreadable): why, as the
        /// error to give when nothing else is found.
        case notADescription(LocatorError)
    }

    /// The locator at `source`. A description known or outlined without reading it whole, as an entry's
    /// would be (`DocumentFetcher.descriptionWithoutWholeRead`), is the locator of its one service; anything
    /// else is read whole.
    private static func read(_ source: String, fetcher: DocumentFetcher, cancellation: CancellationToken?) throws(LocatorError) -> Reading {
        if let description = fetcher.descriptionWithoutWholeRead(at: source, cancellation: cancellation) {
            return .locator(try Locator.service(describedBy: description, source: source, loadedAt: Date()))
        }
        let data = try fetcher.fetch(source, cancellation: cancellation).data
        var document: JSONValue
        do {
            document = try APIDocumentText.parse(data, cancellation: cancellation)
        } catch {
            if error.isCancellation { throw .load(source: source, reason: TransportError.cancelled.description) }
            return .notADescription(.parse(source: source, reason: error.description))
        }
        guard case .object(let root) = document, root["services"] != nil || DescriptionFormat.of(document) != nil else {
            return .notADescription(.parse(source: source, reason: "expected an object with a \"services\" array, found \(document.typeName)"))
        }
        if root["services"] == nil {
            do {
                document = try fetcher.bundle(document, source: source, cancellation: cancellation)
            } catch {
                throw .parse(source: source, reason: error.description)
            }
        }
        let locator = try Locator.parse(document: document, source: source, cancellation: cancellation)
        if let description = locator.loadedDescription, DescriptionCache.isOneFile(document) {
            fetcher.keepSummary(description.summary, of: source, cancellation: cancellation)
        }
        return .locator(locator)
    }
}

extension LocatorError {
    /// Why, without the "cannot load locator X" that a document other than the locator does not want.
    var reason: String {
        switch self {
        case .load(_, let reason), .parse(_, let reason): reason
        case .duplicate: description
        }
    }
}
