import FoundationFree
/// What a session knows about profiles: where they live, which one it was started with or last used,
/// whether that one is saved into on exit, and where the secrets it loaded came from.
public struct SessionProfiles {
    public var paths: ConfigPaths
    /// The profile in use (`--profile`, `profile use`, `profile save`).
    public package(set) var active: String?
    /// Save into `active` when the session ends (`profile autosave on`, kept in the profile).
    public package(set) var autosave = false
    /// The base URL of the demo server apish started itself: a locator there has a port that lives only
    /// as long as this process, so a profile never saves it.
    public var embeddedServer: String?
    /// The transport's cookie jar, once it has one: a profile saves and restores its lines.
    public var cookieJar: CookieJarAccess?
    /// Secrets that came from `${env.NAME}` references, by value: saved again as the same reference.
    package var environmentReferences: [String: SecretReference] = [:]

    public init(paths: ConfigPaths) {
        self.paths = paths
    }
}

/// Reads and restores the transport's cookies as Netscape cookie-file lines.
public struct CookieJarAccess {
    public let lines: () -> [String]
    public let restore: ([String]) -> Void

    public init(lines: @escaping () -> [String], restore: @escaping ([String]) -> Void) {
        self.lines = lines
        self.restore = restore
    }
}
