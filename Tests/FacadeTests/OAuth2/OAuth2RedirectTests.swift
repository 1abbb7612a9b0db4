import TestSupport
import Loopback
@testable import Facade
import Foundation
import FoundationFree
import HTTPClient
import HTTPTypes
import Secrets
import Testing

/// A token endpoint that redirects to another origin gets no client secret there: the token request
/// follows no redirect out of its token URL, so the other origin receives nothing, and the request that
/// needed the token fails with one line saying why.
@Suite struct OAuth2RedirectTests {
    @Test(arguments: [307, 308], [OAuth2Client.Authentication.basic, .post])
    func aTokenEndpointRedirectingToAnotherOriginGetsNothingThere(status: Int, authentication: OAuth2Client.Authentication) throws {
        // GIVEN a token endpoint that answers 307/308 to a second origin (another port), which would hand out a token
        let server = try LiveDemoServer()
        let other = try RecordingServer(body: #"{"access_token":"leaked-token","token_type":"Bearer"}"#)
        defer { other.stop() }
        let tokenURL = server.url("/faults/redirect-to?status=\(status)&url=" + PercentEncoding.encode(other.url("/token")))
        let facade = ServiceFacade(transport: CurlTransport())
        facade.credentials.setCredential(OAuth2Credential(OAuth2Client(tokenURL: tokenURL, clientID: "app", clientSecret: "Sx9-client-secret",
                                                           authentication: authentication)), for: .origin(server.baseURL))

        // WHEN a request in the client's scope needs a token
        let exchange = try facade.requests.send(RawRequest(method: .get, target: server.url("/echo"), items: []))

        // THEN the second origin received not one byte, and the request failed with the one reason
        #expect(other.connectionCount == 0)
        #expect(other.receivedBytes.isEmpty)
        #expect(exchange.response == nil)
        #expect(exchange.outcome == .networkFailure(
            "OAuth 2 token endpoint \(tokenURL) redirected to \(other.url("/token")): not followed, the client's credentials go only to the token URL"))
    }
}
