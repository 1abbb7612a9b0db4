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
        config = XDGDirectory.config.apish(environment: environment, home: { "/" }) ?? "/.config/apish"
        state = XDGDirectory.state.apish(environment: environment, home: { "/" }) ?? "/.local/state/apish"
    }

    public var profiles: String { XDGDirectory.joined(config, "profiles") }
    public var credentials: String { XDGDirectory.joined(config, "credentials.json") }
    public var tokens: String { XDGDirectory.joined(state, "tokens.json") }

    public func profile(_ name: String) -> String { XDGDirectory.joined(profiles, name + ".json") }
}
