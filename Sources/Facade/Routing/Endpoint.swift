import FoundationFree
import JSON
import HTTPClient
import HTTPTypes
import APIDescriptions
/// The credentials an endpoint needs.
public enum AuthRequirement: Sendable, Equatable {
    case none
    /// `Authorization: Bearer <token>`.
    case bearer
    /// An API key sent as the query parameter of this name (Meetup's `key`).
    case apiKey(parameter: String)
    /// Whatever credentials are set for the URL, as a raw request sends them (an OpenAPI operation
    /// whose document declares no security).
    case inScope
    /// What an OpenAPI operation's `security` asks for: the credentials of its first satisfied
    /// alternative, each where its scheme says; none at all for a public operation (`security: []`).
    case operation(name: String, security: OpenAPISecurity)
}

/// One call of an API, typed by what it returns (`Endpoint<[Twit]>`), relative to the service's URL.
/// An API definition builds it; the facade sends it, classifies the outcome and, on success, hands the
/// value back to the definition through `remember` (how a definition keeps its state).
///
/// `decode` may answer without a model (a 204, a text body an OpenAPI operation declares no schema
/// for); `check` adds warnings about any answer, whatever its status (an undeclared status).
///
/// Immutable, and a class: a request passes its endpoint through several stages, and a main resource's
/// endpoint is made once and kept, so a copy is one reference rather than its dozen fields.
public final class Endpoint<Response> {
    public let method: HTTPMethod
    /// Appended to the service URL: `""` for the URL itself, `/twit`, `/like/t01`.
    public let path: String
    /// An absolute URL to call instead of the service URL + `path` (a `meta.next` link).
    public let url: String?
    public let query: [FormField]
    /// Headers of this call (an operation's header parameters), over the session's own.
    public let headers: [FormField]
    public let body: HTTPBody
    public let auth: AuthRequirement
    /// The model's name, for messages and `--json`.
    public let modelName: String
    /// Whether the URL's path goes out as apish built it, dot segments and all (`HTTPRequest.pathAsBuilt`):
    /// an OpenAPI call's template filled with its parameters, a raw request's URL as typed.
    public let pathAsBuilt: Bool
    /// Decodes a 2xx answer; a tripped token (Ctrl-C) stops the parse with `DecodeFailure.cancelled`.
    let decode: (Answer, CancellationToken?) throws(DecodeFailure) -> (DecodedModel?, Response)
    let remember: (Response) -> Void
    /// What the description says against any answer (warnings).
    let check: (Answer) -> [String]

    package init(
        method: HTTPMethod = .get, path: String = "", url: String? = nil, query: [FormField] = [],
        headers: [FormField] = [], body: HTTPBody = .none, auth: AuthRequirement = .none, modelName: String,
        pathAsBuilt: Bool = true,
        decode: @escaping (Answer, CancellationToken?) throws(DecodeFailure) -> (DecodedModel?, Response),
        remember: @escaping (Response) -> Void = { _ in },
        check: @escaping (Answer) -> [String] = { _ in [] }
    ) {
        self.method = method
        self.path = path
        self.url = url
        self.query = query
        self.headers = headers
        self.body = body
        self.auth = auth
        self.modelName = modelName
        self.pathAsBuilt = pathAsBuilt
        self.decode = decode
        self.remember = remember
        self.check = check
    }

    /// The same call, answering with the decoded model only (what `refresh` needs); `remember` still runs.
    package func erased() -> Endpoint<DecodedModel> {
        let decode = self.decode
        let remember = self.remember
        var typed: Response?
        return Endpoint<DecodedModel>(
            method: method, path: path, url: url, query: query, headers: headers, body: body, auth: auth,
            modelName: modelName, pathAsBuilt: pathAsBuilt,
            decode: { response, cancellation throws(DecodeFailure) in
                let (model, value) = try decode(response, cancellation)
                typed = value
                guard let model else { throw DecodeFailure(path: "", expected: "a JSON body", found: "none") }
                return (model, model)
            },
            remember: { _ in if let typed { remember(typed) } },
            check: check)
    }

    /// The same call answering with its model or none, whatever it decodes to: how the facade keeps the last
    /// call to send again (`remember` still runs, with the typed value).
    package func untyped() -> Endpoint<DecodedModel?> {
        let decode = self.decode
        let remember = self.remember
        var typed: Response?
        return Endpoint<DecodedModel?>(
            method: method, path: path, url: url, query: query, headers: headers, body: body, auth: auth,
            modelName: modelName, pathAsBuilt: pathAsBuilt,
            decode: { response, cancellation throws(DecodeFailure) in
                let (model, value) = try decode(response, cancellation)
                typed = value
                return (model, model)
            },
            remember: { _ in if let typed { remember(typed) } },
            check: check)
    }

    /// The same call with another body (`edit`).
    package func replacingBody(_ body: HTTPBody) -> Endpoint<Response> {
        Endpoint(
            method: method, path: path, url: url, query: query, headers: headers, body: body, auth: auth,
            modelName: modelName, pathAsBuilt: pathAsBuilt, decode: decode, remember: remember, check: check)
    }

    /// The same call, with the decoded value also handed to `also` on success.
    package func remembering(_ also: @escaping (Response) -> Void) -> Endpoint<Response> {
        let first = remember
        return Endpoint(
            method: method, path: path, url: url, query: query, headers: headers, body: body, auth: auth,
            modelName: modelName, pathAsBuilt: pathAsBuilt, decode: decode, remember: { value in first(value); also(value) },
            check: check)
    }
}

extension Endpoint where Response: Decodable & Sendable {
    /// An endpoint whose body decodes straight into `Response`.
    package static func decoding(
        _ method: HTTPMethod = .get, _ path: String = "", query: [FormField] = [], auth: AuthRequirement = .none,
        modelName: String
    ) -> Endpoint<Response> {
        Endpoint(method: method, path: path, query: query, auth: auth, modelName: modelName) { answer, cancellation throws(DecodeFailure) in
            try ModelDecoding.model(Response.self, named: modelName, answer: answer, cancellation: cancellation)
        }
    }
}
