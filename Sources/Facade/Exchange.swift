import JSON
import HTTPClient
import HTTPTypes
/// One request and what came of it: the value every facade call returns. Immutable; a class because it is
/// large and handed around a lot (the last exchange, the one per service, the report, the recording), and
/// each of those would otherwise copy every field.
public final class Exchange: Sendable {
    /// The service and version the request went to, when it went to one.
    public let service: ServiceKey?
    public let method: HTTPMethod
    /// The URL with query, secrets masked.
    public let displayURL: String
    /// The request as sent (holds secrets: never print it; use `displayURL`, or the shell's curl export).
    public let request: HTTPRequest
    public let response: HTTPResponse?
    public let outcome: Outcome
    /// The decoded model (2xx that decoded), else nil.
    public let model: DecodedModel?
    /// The body parsed, when it is JSON, whatever the status (error bodies too).
    public let document: JSONDocument?
    /// Why the body did not parse as JSON, when it was read as JSON and did not (`document` is nil then).
    public let bodyParseFailure: String?
    /// Deprecation and sunset notices from the locator and the response headers.
    public let warnings: [String]
    /// How the version went with the request when not in the URL alone: `X-Api-Version: 2025-01-15`.
    public let versionSent: (carrier: String, value: String)?

    public init(
        service: ServiceKey?, method: HTTPMethod, displayURL: String, request: HTTPRequest, response: HTTPResponse?,
        outcome: Outcome, model: DecodedModel?, document: JSONDocument?, bodyParseFailure: String? = nil, warnings: [String],
        versionSent: (carrier: String, value: String)?
    ) {
        self.bodyParseFailure = bodyParseFailure
        self.service = service
        self.method = method
        self.displayURL = displayURL
        self.request = request
        self.response = response
        self.outcome = outcome
        self.model = model
        self.document = document
        self.warnings = warnings
        self.versionSent = versionSent
    }

    public var status: Int? { response?.status }
    public var metrics: TransferMetrics? { response?.metrics }
}

extension Exchange {
    /// The body as a tree, built on each use (see `document` for a large body).
    public var body: JSONValue? { document?.value }
}
