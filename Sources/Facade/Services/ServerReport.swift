import APIDescriptions

/// Why a service's requests go where they go.
public enum ServerOrigin: String, Sendable, Equatable {
    /// `server URL` or `--server`, for this session.
    case session
    /// The locator entry's `url`, over every `servers` entry of its document.
    case locatorEntry
    /// The document's `servers[0]`, with the variables `server set` gave; an operation's or path's own
    /// servers win for its calls.
    case document

    /// Why, in words.
    public var reason: String {
        switch self {
        case .session: "set for this session; server reset goes back"
        case .locatorEntry: "the locator entry's url, over the document's servers"
        case .document: "the document's servers"
        }
    }
}

/// Where a service's requests go now and why, with its document's servers and the variables set.
public struct ServerReport: Sendable {
    public let service: String
    public let url: String
    public let origin: ServerOrigin
    /// The document's servers and those of its paths and operations; empty without a document.
    public let servers: [OpenAPIServer]
    public let values: [String: String]
    /// Operations whose own (or path's) servers send them elsewhere than `url`, when the origin lets them.
    public let operationsWithOwnServers: Int
    /// What `server reset` goes back to, when a base is set for the session.
    public let withoutSessionBase: String?
}
