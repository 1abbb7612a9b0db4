#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What commands ask of the loaded locator, answered by the workspace that holds it (each read runs a load put
/// off until needed, as `locator` does).
extension Workspace {
    /// Whether a locator is loaded.
    public var hasLocator: Bool {
        locator != nil
    }

    /// Where the loaded locator came from (URL or path); nil before one is loaded.
    public var locatorSource: String? {
        locator?.source
    }

    /// When the loaded locator was read; a later `locate` gives another time.
    public var locatorLoadedAt: Date? {
        locator?.loadedAt
    }

    /// A service's versions (any case), lowest first; none for a service the locator lacks, or no locator.
    public func versions(of service: String) -> [ServiceVersion] {
        locator?.versions(of: service) ?? []
    }

    /// Every entry of the loaded locator; none before one is loaded.
    public var locatorEntries: [LocatorEntry] {
        locator?.entries ?? []
    }

    /// A service's entries (any case), lowest version first.
    public func entries(of service: String) throws(FacadeError) -> [LocatorEntry] {
        try entriesOf(service)
    }

    /// A service's highest numeric version, else its last label (what `latest` means).
    public func latestEntry(of service: String) throws(FacadeError) -> LocatorEntry {
        guard let latest = locator?.latest(of: service) else { throw .unknownService(service, known: serviceNames) }
        return latest
    }
}
