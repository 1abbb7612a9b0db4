@testable import Facade
import Foundation
import HTTPClient
import HTTPTypes
import Secrets
import Testing

@Suite struct OAuth2TokenExchangeTests {
    private let client = OAuth2Client(tokenURL: "https://auth.example/token", clientID: "app id", clientSecret: "s:cret",
                                      scopes: ["read", "write"], audience: "api")

    private func response(_ status: Int, _ body: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: Data(body.utf8), url: "https://auth.example/token")
    }

    @Test func theRequestAuthenticatesByBasicOrInTheBody() {
        let basic = OAuth2TokenExchange.request(for: client, authentication: .basic)
        #expect(basic.method == .post)
        // RFC 6749 §2.3.1: id and secret form-encoded before the base64.
        #expect(basic.headers["Authorization"] == "Basic " + Data("app%20id:s%3Acret".utf8).base64EncodedString())
        #expect(basic.body == .form([FormField("grant_type", "client_credentials"), FormField("scope", "read write"), FormField("audience", "api")]))
        let post = OAuth2TokenExchange.request(for: client, authentication: .post)
        #expect(post.headers["Authorization"] == nil)
        #expect(post.body.data == Data("grant_type=client_credentials&scope=read%20write&audience=api&client_id=app%20id&client_secret=s%3Acret".utf8))
    }

    @Test func aTokenAnswerKeepsItsExpiry() throws {
        let result = OAuth2TokenExchange.token(
            from: response(200, #"{"access_token":"abc","token_type":"Bearer","expires_in":100}"#), client: client, now: 1000)
        let token = try result.get()
        #expect(token.accessToken == "abc")
        #expect(token.expiresAt == 1100)
        #expect(token.isFresh(at: 1089))
        // Renewed a tenth of its lifetime before it lapses.
        #expect(!token.isFresh(at: 1091))
        #expect(token.key == client.tokenKey)
    }

    @Test func anErrorAnswerIsOneLineWithItsCode() {
        let result = OAuth2TokenExchange.token(
            from: response(400, #"{"error":"invalid_scope","error_description":"no\nsuch scope"}"#), client: client, now: 0)
        #expect(result == .failure(OAuth2Failure(
            status: 400, code: "invalid_scope",
            message: "OAuth 2 token endpoint https://auth.example/token refused: invalid_scope (no such scope); check scope=")))
    }

    @Test func onlyAnInvalidTokenChallengeAsksForANewToken() {
        #expect(OAuth2TokenExchange.rejectsToken(response(401, "", headers: ["WWW-Authenticate": #"Bearer error="invalid_token""#])))
        #expect(!OAuth2TokenExchange.rejectsToken(response(401, "", headers: ["WWW-Authenticate": #"Bearer realm="x""#])))
        #expect(!OAuth2TokenExchange.rejectsToken(response(403, "", headers: ["WWW-Authenticate": #"Bearer error="invalid_token""#])))
    }
}
