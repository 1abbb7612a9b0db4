import HTTPTypes
/// A request on its way out, as the auth stages see it: what they may add to before it is sent.
public struct OutgoingRequest: Sendable {
    public var query: [FormField]
    public var headers: HTTPHeaders
    /// The base URL of each credential header's scope (by lower-cased name), which no redirect may leave.
    public var scopes: [String: String] = [:]
    /// A Basic or Digest login for the transport to answer with; its scope is checked again at every hop.
    public var login: HTTPLogin?

    public init(query: [FormField], headers: HTTPHeaders) {
        self.query = query
        self.headers = headers
    }
}

/// One way a credential goes onto a request (a header, a query parameter, a cookie, a login): a stage the
/// request passes through before the transport sends it. Which stages a request gets is decided once, by
/// the auth schemes of the credentials in scope and what the operation asks for; each stage only places
/// its value.
public protocol AuthStage: Sendable {
    func apply(to request: inout OutgoingRequest)
}

/// A credential where its scheme puts it: a header (`Authorization: Bearer …` too), a query parameter or a
/// cookie, under the scheme's name.
public struct PlacedCredentialStage: AuthStage {
    public enum Place: Sendable, Equatable {
        case header(String)
        case query(String)
        case cookie(String)
    }

    public let place: Place
    public let value: String
    public let base: String

    public init(place: Place, value: String, base: String) {
        self.place = place
        self.value = value
        self.base = base
    }

    public func apply(to request: inout OutgoingRequest) {
        switch place {
        case .header(let name):
            CredentialHeaderStage(name: name, value: value, base: base).apply(to: &request)
        case .query(let name):
            // A query parameter is part of the URL: a redirect's Location never repeats it.
            guard !request.query.contains(where: { $0.name == name }) else { return }
            request.query.append(FormField(name: name, value: value))
        case .cookie(let name):
            let cookie = "\(name)=\(value)"
            request.headers.set("Cookie", request.headers["Cookie"].map { $0 + "; " + cookie } ?? cookie)
            request.scopes["cookie"] = base
        }
    }
}

/// A credential header set with `header NAME VALUE` (`X-Api-Key`, `Cookie`), unless the request has one.
public struct CredentialHeaderStage: AuthStage {
    public let name: String
    public let value: String
    public let base: String

    public init(name: String, value: String, base: String) {
        self.name = name
        self.value = value
        self.base = base
    }

    public func apply(to request: inout OutgoingRequest) {
        guard request.headers[name] == nil else { return }
        request.headers.set(name, value)
        request.scopes[name.lowercased()] = base
    }
}

/// A Basic or Digest login, answered by the transport (libcurl), unless the request already says how it
/// authorises.
public struct LoginStage: AuthStage {
    public let login: HTTPLogin

    public init(_ login: HTTPLogin) {
        self.login = login
    }

    public func apply(to request: inout OutgoingRequest) {
        guard request.headers["Authorization"] == nil else { return }
        request.login = login
    }
}
