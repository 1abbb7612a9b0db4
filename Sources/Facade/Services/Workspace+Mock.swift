import FoundationFree
import HTTPClient
import HTTPTypes

extension Workspace {
    /// Points entries of the loaded locator at other URLs for this session — a mock's (`mock start`), or
    /// back (`mock stop`) — keeping their documents, definitions and the versions chosen. Keys the
    /// locator does not have are passed over.
    public func pointEntries(_ urls: [ServiceKey: String]) {
        guard let current = locator, !urls.isEmpty else { return }
        for entry in current.entries {
            guard let url = urls[entry.key] else { continue }
            let published = publishedURLs[entry.key] ?? entry.url
            publishedURLs[entry.key] = url == published ? nil : published
        }
        loadedLocator = Self.pointing(current, urls)
    }

    /// The loaded locator with every entry at the URL it was loaded with.
    var publishedLocator: Locator? {
        guard let current = locator, !publishedURLs.isEmpty else { return locator }
        return Self.pointing(current, publishedURLs)
    }

    private static func pointing(_ locator: Locator, _ urls: [ServiceKey: String]) -> Locator {
        let entries = locator.entries.map { entry in urls[entry.key].map { entry.with(url: $0) } ?? entry }
        var pointed = Locator(source: locator.source, entries: entries, loadedAt: locator.loadedAt)
        pointed.loadedDescription = locator.loadedDescription
        return pointed
    }
}
