import APIDescriptions

/// Which version of a service is in use: one pinned, or whatever is highest.
public enum VersionChoice: Sendable, Equatable {
    case pinned(ServiceVersion)
    case latest
}

/// A service as `services` lists it.
public struct ServiceStatus: Sendable {
    public let name: String
    public let entries: [LocatorEntry]
    public let active: ServiceVersion?
    public let followsLatest: Bool
    public let latest: ServiceVersion?
}

/// What `locate` did.
public struct LocateReport: Sendable {
    public let locator: Locator
    /// Nil on the first load.
    public let changes: LocatorChangeSet?
    /// Active versions that vanished: (service, old version, what it fell back to or nil).
    public let fallbacks: [(service: String, from: ServiceVersion, to: ServiceVersion?)]
    /// Services following `latest` whose highest version moved.
    public let latestMoves: [(service: String, from: ServiceVersion, to: ServiceVersion)]
    /// Documents an entry names (`schema`, `openapi`) that could not be loaded; those services work as generic JSON.
    public let warnings: [String]
}

/// What `use` did.
public struct UseReport: Sendable {
    public let entry: LocatorEntry
    public let followsLatest: Bool
    public let warnings: [String]
}
