import FoundationFree
import HTTPClient
import HTTPTypes
import JSON
import Secrets
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The client-credentials grant on the wire (RFC 6749 §4.4): the token request, and what the token
/// endpoint's answer means.
enum OAuth2TokenExchange {
    /// `POST TOKEN_URL` with `grant_type=client_credentials`, the scopes and audience, and the client's
    /// credentials as HTTP Basic (form-encoded first, as §2.3.1 asks) or in the body.
    static func request(for client: OAuth2Client, authentication: OAuth2Client.Authentication) -> HTTPRequest {
        var fields = [FormField("grant_type", "client_credentials")]
        if !client.scopes.isEmpty { fields.append(FormField("scope", client.scopes.joined(separator: " "))) }
        if let audience = client.audience { fields.append(FormField("audience", audience)) }
        var headers: HTTPHeaders = ["Accept": "application/json"]
        switch authentication {
        case .basic:
            let pair = PercentEncoding.encode(client.clientID) + ":" + PercentEncoding.encode(client.clientSecret)
            headers.set("Authorization", "Basic " + Data(pair.utf8).base64EncodedString())
        case .post:
            fields += [FormField("client_id", client.clientID), FormField("client_secret", client.clientSecret)]
        }
        var request = HTTPRequest(method: .post, url: client.tokenURL, headers: headers, body: .form(fields))
        // The client's credentials go to the token endpoint and nowhere a redirect points: the header is
        // scoped, and the body (which a 307 or 308 would carry along) may not leave the token URL at all.
        request.scope(header: "Authorization", to: client.tokenURL)
        request.redirectScope = client.tokenURL
        return request
    }

    /// The token in a 2xx answer, or the endpoint's error as one line.
    static func token(
        from response: HTTPResponse, client: OAuth2Client, now: Double
    ) -> Result<OAuth2Token, OAuth2Failure> {
        let body = try? JSONValue.parse(response.body)
        guard (200..<300).contains(response.status) else {
            let code = body?["error"]?.stringValue
            let detail = body?["error_description"]?.stringValue.map(TerminalSafe.line)
            // Worded so no part reads as `token: VALUE`, which output masking would take for a credential.
            var message = "OAuth 2 token endpoint \(client.tokenURL) refused: " + (code.map(TerminalSafe.line) ?? "HTTP \(response.status)")
            if let detail { message += " (\(detail))" }
            switch code {
            case "invalid_client"?: message += "; check client_id and client_secret"
            case "invalid_scope"?: message += "; check scope="
            case "unauthorized_client"?: message += "; this client may not use the client-credentials grant"
            default: break
            }
            return .failure(OAuth2Failure(status: response.status, code: code, message: message))
        }
        guard let token = body?["access_token"]?.stringValue, !token.isEmpty else {
            return .failure(OAuth2Failure(
                status: response.status, code: nil,
                message: "OAuth 2 token endpoint \(client.tokenURL): the answer has no access_token"))
        }
        let lifetime = body?["expires_in"]?.doubleValue
            ?? body?["expires_in"]?.stringValue.flatMap(Double.init)
        return .success(OAuth2Token(
            tokenURL: client.tokenURL, clientID: client.clientID, scopes: client.scopes, audience: client.audience,
            accessToken: token, tokenType: body?["token_type"]?.stringValue ?? "Bearer", obtainedAt: now,
            expiresAt: lifetime.map { now + max(0, $0) }, refreshToken: body?["refresh_token"]?.stringValue))
    }

    /// Whether a 401 says the token itself is no good (RFC 6750 §3.1: `error="invalid_token"`), so that a
    /// new one is worth one more try.
    static func rejectsToken(_ response: HTTPResponse) -> Bool {
        guard response.status == 401 else { return false }
        return response.headers.values(for: "WWW-Authenticate").contains { value in
            let lower = value.lowercased()
            return lower.contains("bearer") && lower.contains("invalid_token")
        }
    }
}

/// Text from a remote answer, made fit for one line of a message: control characters out, at most 200.
enum TerminalSafe {
    static func line(_ text: String) -> String {
        let kept = text.unicodeScalars.map { $0.properties.isWhitespace ? " " : $0 }
            .filter { $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) }
        let line = String(String.UnicodeScalarView(kept))
        return line.count > 200 ? String(line.prefix(200)) + "…" : line
    }
}
