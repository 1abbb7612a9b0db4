import FoundationFree
import HTTPClient
import HTTPTypes

extension Workspace {
    /// Points entries of the loaded locator at other URLs for this session — a mock's (`mock start`), or
    /// back (`mock stop`) — keeping their documents, definitions and the versions chosen. Keys the
    /// locator does not have are passed over.
    public func pointEntries(_ urls: [ServiceKey: String]) {
        guard let current = locator, !urls.isEmpty else { return }
        let entries = current.entries.map { entry in urls[entry.key].map { entry.with(url: $0) } ?? entry }
        var moved = Locator(source: current.source, entries: entries, loadedAt: current.loadedAt)
        moved.loadedDescription = current.loadedDescription
        loadedLocator = moved
    }
}
