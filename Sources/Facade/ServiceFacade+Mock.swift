import FoundationFree
import HTTPClient
import HTTPTypes

extension ServiceFacade {
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

    /// Why no server answers at an entry's URL (refused, no such host, timed out), or nil when one answers
    /// at all, whatever its status.
    public func unreachableReason(
        _ entry: LocatorEntry, timeoutMilliseconds: Int = 2_000, cancellation: CancellationToken? = nil
    ) -> String? {
        let request = HTTPRequest(method: .get, url: entry.url, timeout: timeoutMilliseconds)
        do {
            _ = try transport.send(request, cancellation: cancellation)
            return nil
        } catch {
            return error.description
        }
    }
}
