import FoundationFree
import Secrets

/// The one place credential kinds meet the profile format: each kind the session holds, to a stored
/// credential and back. A new kind is one more case in each direction.
extension StoredCredential {
    /// Every credential of a session, in a stable order; `keep` stores each secret under an id and
    /// answers the reference written in its place.
    package static func all(
        of credentials: Credentials, keep: (_ id: String, _ secret: String) -> SecretReference
    ) -> [StoredCredential] {
        var stored: [StoredCredential] = []
        for (scope, token) in credentials.bearerTokens.sorted(by: { $0.key.description < $1.key.description }) {
            let text = Self.text(of: scope)
            stored.append(StoredCredential(kind: "bearer", scope: text, secret: keep("bearer.\(text)", token)))
        }
        for (scope, key) in credentials.apiKeys.sorted(by: { $0.key.description < $1.key.description }) {
            let text = Self.text(of: scope)
            stored.append(StoredCredential(
                kind: "api_key", scope: text, fields: [Profile.Field("parameter", key.parameter)],
                secret: keep("api_key.\(text).\(key.parameter)", key.value)))
        }
        for header in credentials.headers {
            let text = Self.text(of: header.scope)
            stored.append(StoredCredential(
                kind: "header", scope: text, fields: [Profile.Field("name", header.name)],
                secret: keep("header.\(text).\(header.name)", header.value)))
        }
        for (scope, client) in credentials.oauth2Clients.sorted(by: { $0.key.description < $1.key.description }) {
            let text = Self.text(of: scope)
            var fields = [Profile.Field("token_url", client.tokenURL), Profile.Field("client_id", client.clientID)]
            if !client.scopes.isEmpty { fields.append(Profile.Field("scopes", client.scopes.joined(separator: " "))) }
            if let audience = client.audience { fields.append(Profile.Field("audience", audience)) }
            fields.append(Profile.Field("client_auth", client.authentication.rawValue))
            stored.append(StoredCredential(
                kind: "oauth2", scope: text, fields: fields, secret: keep("oauth2.\(text).\(client.clientID)", client.clientSecret)))
        }
        for (scope, login) in credentials.logins.sorted(by: { $0.key.description < $1.key.description }) {
            let text = Self.text(of: scope)
            stored.append(StoredCredential(
                kind: login.kind.rawValue, scope: text, fields: [Profile.Field("user", login.user)],
                secret: keep("\(login.kind.rawValue).\(text).\(login.user)", login.password)))
        }
        return stored
    }

    /// Adds this credential, its secret resolved, to `credentials`.
    package func add(to credentials: inout Credentials, secret value: String, at place: String) throws(ProfileDocument.Failure) {
        let scope = Self.scope(self.scope)
        func required(_ name: String) throws(ProfileDocument.Failure) -> String {
            guard let value = field(name), !value.isEmpty else { throw ProfileDocument.Failure("\(place): a \(kind) credential needs \"\(name)\"") }
            return value
        }
        switch kind {
        case "bearer":
            credentials.setBearer(value, for: scope)
        case "api_key":
            credentials.setAPIKey(parameter: try required("parameter"), value: value, for: scope)
        case "header":
            credentials.setHeader(try required("name"), value, for: scope)
        case "oauth2":
            let authentication: OAuth2Client.Authentication
            switch field("client_auth") ?? "basic" {
            case "basic": authentication = .basic
            case "post": authentication = .post
            case let other: throw ProfileDocument.Failure("\(place): client_auth \"\(other)\" is neither basic nor post")
            }
            credentials.setOAuth2(OAuth2Client(
                tokenURL: try required("token_url"), clientID: try required("client_id"), clientSecret: value,
                scopes: (field("scopes") ?? "").split(separator: " ").map(String.init), audience: field("audience"),
                authentication: authentication), for: scope)
        case "basic":
            credentials.setBasic(user: try required("user"), password: value, for: scope)
        case "digest":
            credentials.setDigest(user: try required("user"), password: value, for: scope)
        default:
            throw ProfileDocument.Failure("\(place): unknown credential kind \"\(kind)\" (bearer, api_key, header, oauth2, basic, digest)")
        }
    }

    /// `*`, a service name, or an origin URL.
    package static func text(of scope: Credentials.Scope) -> String {
        switch scope {
        case .allServices: "*"
        case .service(let name): name
        case .origin(let url): url
        }
    }

    package static func scope(_ text: String) -> Credentials.Scope {
        if text == "*" { return .allServices }
        return text.contains("://") ? .origin(text) : .service(text.lowercased())
    }
}
