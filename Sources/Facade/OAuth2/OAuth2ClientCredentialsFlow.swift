import JSON
import HTTPClient
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

    /// The first such flow in `components.securitySchemes` (`securityDefinitions` of Swagger 2.0 with
    /// `flow: application`), its token URL resolved against the document's own address.
    static func first(in document: JSONValue, source: String) -> OAuth2ClientCredentialsFlow? {
        if let schemes = document["components"]?["securitySchemes"]?.objectValue {
            for (name, scheme) in schemes where scheme["type"]?.stringValue == "oauth2" {
                guard let flow = scheme["flows"]?["clientCredentials"], let url = flow["tokenUrl"]?.stringValue else { continue }
                return OAuth2ClientCredentialsFlow(
                    scheme: name, tokenURL: resolved(url, against: source), scopes: flow["scopes"]?.objectValue?.keys ?? [])
            }
        }
        if let definitions = document["securityDefinitions"]?.objectValue {
            for (name, scheme) in definitions where scheme["type"]?.stringValue == "oauth2" && scheme["flow"]?.stringValue == "application" {
                guard let url = scheme["tokenUrl"]?.stringValue else { continue }
                return OAuth2ClientCredentialsFlow(
                    scheme: name, tokenURL: resolved(url, against: source), scopes: scheme["scopes"]?.objectValue?.keys ?? [])
            }
        }
        return nil
    }

    private static func resolved(_ url: String, against source: String) -> String {
        guard !url.contains("://"), let base = URL(string: source), let absolute = URL(string: url, relativeTo: base) else { return url }
        return absolute.absoluteString
    }
}
