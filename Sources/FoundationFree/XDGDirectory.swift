/// Where apish keeps what outlives a session, as the XDG base directories say: `$XDG_CONFIG_HOME/apish`
/// for what a person may edit (profiles), `$XDG_STATE_HOME/apish` for what the program keeps (history,
/// tokens), `$XDG_CACHE_HOME/apish` for what it may lose (fetched documents). One rule for all of them.
public enum XDGDirectory: Sendable {
    case config
    case state
    case cache

    private var variable: String {
        switch self {
        case .config: "XDG_CONFIG_HOME"
        case .state: "XDG_STATE_HOME"
        case .cache: "XDG_CACHE_HOME"
        }
    }

    /// Below the home directory when the variable is unset.
    private var fallback: String {
        switch self {
        case .config: ".config"
        case .state: ".local/state"
        case .cache: ".cache"
        }
    }

    /// apish's directory of this kind: under the XDG variable when it is absolute (a relative one is
    /// ignored, as the XDG spec requires), else under `$HOME`, else under `home()`; nil when none is known.
    public func apish(environment: [String: String], home: () -> String? = { nil }) -> String? {
        if let value = environment[variable], value.hasPrefix("/") { return Self.joined(value, "apish") }
        guard let base = environment["HOME"].flatMap({ $0.isEmpty ? nil : $0 }) ?? home() else { return nil }
        return Self.joined(Self.joined(base, fallback), "apish")
    }

    /// `directory/name`, with one slash between them.
    public static func joined(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
