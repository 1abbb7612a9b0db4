import FoundationFree
/// Where apish keeps what outlives a session, as the XDG base directories say: settings a person may
/// edit under the config home, what the program itself keeps under the state home.
public struct ConfigPaths: Sendable, Equatable {
    /// `$XDG_CONFIG_HOME/apish`, else `~/.config/apish`.
    public let config: String
    /// `$XDG_STATE_HOME/apish`, else `~/.local/state/apish`.
    public let state: String

    /// A relative `XDG_*_HOME` is ignored, as the XDG spec requires.
    public init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/"
        func base(_ variable: String, _ fallback: String) -> String {
            if let value = environment[variable], value.hasPrefix("/") { return Self.joined(value, "apish") }
            return Self.joined(Self.joined(home, fallback), "apish")
        }
        config = base("XDG_CONFIG_HOME", ".config")
        state = base("XDG_STATE_HOME", ".local/state")
    }

    public var profiles: String { Self.joined(config, "profiles") }
    public var credentials: String { Self.joined(config, "credentials.json") }
    public var tokens: String { Self.joined(state, "tokens.json") }

    public func profile(_ name: String) -> String { Self.joined(profiles, name + ".json") }

    static func joined(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
