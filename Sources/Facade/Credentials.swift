/// Tokens and API keys, per service or for every service, and how they are applied to a request.
public struct Credentials: Sendable, Equatable {
    /// An API key sent as a query parameter.
    public struct APIKey: Sendable, Equatable {
        public let parameter: String
        public let value: String
    }

    /// Keyed by lower-cased service name; `nil` key = every service.
    public private(set) var bearerTokens: [String?: String] = [:]
    public private(set) var apiKeys: [String?: APIKey] = [:]

    public init() {}

    public mutating func setBearer(_ token: String, for service: String?) {
        bearerTokens[service?.lowercased()] = token
    }

    public mutating func setAPIKey(parameter: String, value: String, for service: String?) {
        apiKeys[service?.lowercased()] = APIKey(parameter: parameter, value: value)
    }

    /// Forgets the credentials of one service, or all of them.
    public mutating func clear(service: String?) {
        guard let service else {
            bearerTokens = [:]
            apiKeys = [:]
            return
        }
        bearerTokens[service.lowercased()] = nil
        apiKeys[service.lowercased()] = nil
    }

    public func bearer(for service: String) -> String? {
        bearerTokens[service.lowercased()] ?? bearerTokens[nil] ?? nil
    }

    public func apiKey(for service: String) -> APIKey? {
        apiKeys[service.lowercased()] ?? apiKeys[nil] ?? nil
    }

    /// Every secret value held, for redaction.
    public var secrets: [String] {
        bearerTokens.values.map { $0 } + apiKeys.values.map(\.value)
    }

    /// `auth show` lines, secrets masked: `bearer (all services) •••`.
    public var summary: [String] {
        let bearers = bearerTokens.map { (service, _) in "bearer \(service ?? "(all services)") •••" }
        let keys = apiKeys.map { (service, key) in "key \(service ?? "(all services)") \(key.parameter)=•••" }
        return (bearers + keys).sorted()
    }
}
