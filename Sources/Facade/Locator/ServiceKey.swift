import JSON
/// One service at one version, as named by the locator. Names compare case-insensitively.
public struct ServiceKey: Sendable, Hashable, CustomStringConvertible {
    public let name: String
    public let version: ServiceVersion

    init(name: String, version: ServiceVersion) {
        self.name = name
        self.version = version
    }

    public var description: String { "\(name) \(version)" }

    public static func == (lhs: ServiceKey, rhs: ServiceKey) -> Bool {
        lhs.name.lowercased() == rhs.name.lowercased() && lhs.version == rhs.version
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name.lowercased())
        hasher.combine(version)
    }
}
