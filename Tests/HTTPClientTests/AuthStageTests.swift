import HTTPClient
import HTTPTypes
import Testing

/// The auth stages place their credential and note its scope, and never overrule what a request already
/// says about how it authorises.
@Suite struct AuthStageTests {
    private func request(headers: HTTPHeaders = HTTPHeaders()) -> OutgoingRequest {
        OutgoingRequest(query: [FormField(name: "q", value: "1")], headers: headers)
    }

    @Test func aBearerTokenGoesInAuthorizationUnlessOneIsThere() {
        var plain = request()
        PlacedCredentialStage(place: .header("Authorization"), value: "Bearer t0k", base: "http://h/api").apply(to: &plain)
        #expect(plain.headers["Authorization"] == "Bearer t0k")
        #expect(plain.scopes["authorization"] == "http://h/api")
        var own = request(headers: ["Authorization": "Basic xyz"])
        PlacedCredentialStage(place: .header("Authorization"), value: "Bearer t0k", base: "http://h/api").apply(to: &own)
        #expect(own.headers["Authorization"] == "Basic xyz")
        #expect(own.scopes.isEmpty)
    }

    @Test func anAPIKeyGoesWhereItsSchemeSays() {
        var outgoing = request(headers: ["Cookie": "theme=dark"])
        PlacedCredentialStage(place: .query("key"), value: "k1", base: "http://h").apply(to: &outgoing)
        PlacedCredentialStage(place: .query("q"), value: "ignored", base: "http://h").apply(to: &outgoing)
        PlacedCredentialStage(place: .header("X-Api-Key"), value: "k2", base: "http://h/x").apply(to: &outgoing)
        PlacedCredentialStage(place: .cookie("session"), value: "k3", base: "http://h/c").apply(to: &outgoing)
        PlacedCredentialStage(place: .cookie("other"), value: "k4", base: "http://h/c").apply(to: &outgoing)
        #expect(outgoing.query.map { "\($0.name)=\($0.value)" } == ["q=1", "key=k1"])
        #expect(outgoing.headers["X-Api-Key"] == "k2")
        #expect(outgoing.scopes["x-api-key"] == "http://h/x")
        #expect(outgoing.headers["Cookie"] == "theme=dark; session=k3; other=k4")
        #expect(outgoing.scopes["cookie"] == "http://h/c")
    }

    @Test func aLoginIsForTheTransportAndStepsAsideForAnAuthorizationHeader() {
        let login = HTTPLogin(user: "ada", password: "pw", scheme: .digest, scope: "http://h")
        var plain = request()
        LoginStage(login).apply(to: &plain)
        #expect(plain.login == login)
        #expect(plain.headers["Authorization"] == nil)
        var own = request(headers: ["Authorization": "Bearer x"])
        LoginStage(login).apply(to: &own)
        #expect(own.login == nil)
    }

    @Test func aCredentialHeaderIsSetOnceWithItsScope() {
        var outgoing = request(headers: ["X-Token": "typed"])
        CredentialHeaderStage(name: "X-Token", value: "held", base: "http://h").apply(to: &outgoing)
        CredentialHeaderStage(name: "X-Session", value: "s1", base: "http://h/s").apply(to: &outgoing)
        #expect(outgoing.headers["X-Token"] == "typed")
        #expect(outgoing.headers["X-Session"] == "s1")
        #expect(outgoing.scopes == ["x-session": "http://h/s"])
    }
}
