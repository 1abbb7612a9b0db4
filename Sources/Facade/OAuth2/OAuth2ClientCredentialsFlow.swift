import APIDescriptions
import HTTPClient
import HTTPTypes
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where an OpenAPI document says a client-credentials token comes from: the `tokenUrl` and the scopes of
/// an `oauth2` security scheme's `clientCredentials` flow, so `auth oauth2 client_id=… client_secret=…
/// SERVICE` needs nothing else.
public struct OAuth2ClientCredentialsFlow: Sendable, Equatable {
    public let scheme: String
    public let tokenURL: String
    public let scopes: [String]

    /// The first such flow among the document's security schemes (a Swagger 2.0 `flow: application` is
    /// read as one), its token URL resolved against the document's own address.
    static func first(in document: OpenAPIDocument) -> OAuth2ClientCredentialsFlow? {
        for name in document.securitySchemes.keys.sorted() {
            guard let scheme = document.securitySchemes[name], case .oauth2(let flows) = scheme.kind,
                  let flow = flows.first(where: { $0.name == "clientCredentials" }), let url = flow.tokenURL else { continue }
            return OAuth2ClientCredentialsFlow(
                scheme: name, tokenURL: resolved(url, against: document.source), scopes: flow.scopes.map(\.name))
        }
        return nil
    }

    private static func resolved(_ url: String, against source: String) -> String {
        guard !url.contains("://"), let base = URL(string: source), let absolute = URL(string: url, relativeTo: base) else { return url }
        return absolute.absoluteString
    }
}
