import JSON
/// One service at one version, as named by the locator. Names compare case-insensitively.
public struct ServiceKey: Sendable, Hashable, CustomStringConvertible {
    public let name: String
    public let version: ServiceVersion
    /// The name as it compares, folded once: a key is hashed and compared on every request (the last
    /// exchange of each service is kept by key).
    let foldedName: String

    init(name: String, version: ServiceVersion) {
        self.name = name
        self.version = version
        foldedName = name.lowercased()
    }

    public var description: String { "\(name) \(version)" }

    public static func == (lhs: ServiceKey, rhs: ServiceKey) -> Bool {
        lhs.foldedName == rhs.foldedName && lhs.version == rhs.version
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(foldedName)
        hasher.combine(version)
    }
}
