import HTTPClient
import HTTPTypes
import Secrets
import APIDescriptions

/// The kind of credential a security scheme takes, as `auth` sets it.
enum CredentialKind: Equatable {
    /// `auth bearer TOKEN` (also what an OAuth 2 or OpenID Connect scheme sends: its access token).
    case bearer
    /// `auth basic USER[:PASS]`.
    case basic
    /// `auth digest USER[:PASS]`.
    case digest
    /// `auth key NAME=VALUE`, sent under `name` where the scheme says.
    case apiKey(name: String, location: OpenAPISecurityScheme.KeyLocation)

    /// Nil for a scheme apish cannot send (mutual TLS, an unknown `http` scheme).
    init?(_ scheme: OpenAPISecurityScheme) {
        switch scheme.kind {
        case .bearer, .oauth2, .openIdConnect: self = .bearer
        case .basic: self = .basic
        case .digest: self = .digest
        case let .apiKey(name, location): self = .apiKey(name: name, location: location)
        case .otherHTTP, .mutualTLS: return nil
        }
    }
}

/// Which credentials an OpenAPI operation's request carries, and the warning when its requirement is
/// not met. Pure: it reads the credentials that apply to the request and decides.
struct SecurityPlan {
    /// One credential placed in the request, with the base URL of its scope (which a redirect may not leave).
    struct Placement: Equatable {
        enum Place: Equatable {
            case header(String)
            case query(String)
            case cookie(String)
            /// A Basic or Digest login for the transport to answer with; `value` is the password.
            case login(HTTPLogin.Scheme, user: String)
        }

        let place: Place
        let value: String
        let base: String
    }

    let placements: [Placement]
    /// One line naming the schemes that are missing and what to type, when no alternative is satisfied.
    let warning: String?

    /// The first alternative whose schemes all have a credential wins. When none does, the request
    /// carries what the first alternative can get and the warning says what is missing; an alternative
    /// that needs nothing (`{}`) makes the credentials optional, so then nothing is missing.
    init(operation: String, security: OpenAPISecurity, applicable: Credentials.Applicable) {
        var firstPartial: (placements: [Placement], missing: [OpenAPISecurityScheme])?
        for requirement in security.alternatives where !requirement.isAnonymous {
            var found: [Placement] = []
            var missing: [OpenAPISecurityScheme] = []
            for (scheme, _) in requirement.schemes {
                if let placement = Self.credential(for: scheme, in: applicable) {
                    found.append(placement)
                } else {
                    missing.append(scheme)
                }
            }
            if missing.isEmpty {
                placements = found
                warning = nil
                return
            }
            if firstPartial == nil { firstPartial = (found, missing) }
        }
        placements = firstPartial?.placements ?? []
        guard !security.allowsAnonymous, let firstPartial else {
            warning = nil
            return
        }
        let others = security.alternatives.count - 1
        warning = "\(operation) needs " + Self.needs(firstPartial.missing)
            + (others > 0 ? " (or \(others) other way\(others == 1 ? "" : "s") to sign in: help \(operation))" : "")
    }

    /// The one place a scheme finds its credential among those in scope.
    static func credential(for scheme: OpenAPISecurityScheme, in applicable: Credentials.Applicable) -> Placement? {
        switch CredentialKind(scheme) {
        case .bearer?:
            return applicable.bearer.map { Placement(place: .header("Authorization"), value: "Bearer \($0.token)", base: $0.base) }
        case let .apiKey(name, location)?:
            let wanted = name.lowercased()
            if let (key, base) = applicable.apiKey, key.parameter.lowercased() == wanted {
                let place: Placement.Place = switch location {
                case .header: .header(name)
                case .query: .query(name)
                case .cookie: .cookie(name)
                }
                return Placement(place: place, value: key.value, base: base)
            }
            // A header set with `header X-Api-Key …` is a credential too; the pipeline sends it as it is.
            if location == .header, let header = applicable.headers.first(where: { $0.name.lowercased() == wanted }) {
                return Placement(place: .header(header.name), value: header.value, base: header.base)
            }
            return nil
        case .basic?, .digest?:
            let wanted: Credentials.Login.Kind = CredentialKind(scheme) == .digest ? .digest : .basic
            guard let (login, base) = applicable.login, login.kind == wanted else { return nil }
            return Placement(place: .login(wanted == .digest ? .digest : .basic, user: login.user), value: login.password, base: base)
        case nil:
            return nil
        }
    }

    /// `X-Api-Key (apiKey in header): auth key X-Api-Key=…`, several joined by ` and `.
    private static func needs(_ schemes: [OpenAPISecurityScheme]) -> String {
        schemes.map { scheme in
            let shown: String = if case let .apiKey(name, _) = scheme.kind { name } else { scheme.name }
            let command = scheme.authCommand.map { ": \($0)" } ?? ", which apish cannot send"
            return "\(shown) (\(scheme.summary))\(command)"
        }.joined(separator: " and ")
    }
}
