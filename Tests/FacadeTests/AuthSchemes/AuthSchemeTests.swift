import APIDescriptions
@testable import Facade
import Foundation
import HTTPTypes
import Secrets
import Testing
import TestSupport

/// `Authorization: Token KEY`, as Django REST framework takes it: a scheme declared only here, in the
/// tests, to show that one type is all the pipeline, the security plan and the redactor need.
private struct TokenWordScheme: AuthScheme, CredentialPlacing {
    let key: String

    var kind: String { "token_word" }
    var slot: CredentialSlot { .authorization }
    var secrets: [String] { [key] }
    var hintName: String { "a token" }
    func summary(in scope: Credentials.Scope) -> String { "token \(scope) •••" }

    func placement(for requirement: AuthRequirement?, base: String, context: AuthContext) -> CredentialPlacement? {
        requirement == nil ? CredentialPlacement(place: .header("Authorization"), value: "Token \(key)", base: base) : nil
    }

    func placement(for scheme: OpenAPISecurityScheme, base: String, context: AuthContext) -> CredentialPlacement? {
        guard case .otherHTTP("token") = scheme.kind else { return nil }
        return CredentialPlacement(place: .header("Authorization"), value: "Token \(key)", base: base)
    }

    static func authCommand(for scheme: OpenAPISecurityScheme) -> String? {
        if case .otherHTTP("token") = scheme.kind { "auth token KEY" } else { nil }
    }

    static let storedKinds = ["token_word"]
    var record: CredentialRecord { CredentialRecord(kind: "token_word", secret: key) }
    static func restore(_ record: CredentialRecord) throws(CredentialRecord.Failure) -> TokenWordScheme { TokenWordScheme(key: record.secret) }
    static let recordingVariable: String? = "APISH_TOKEN"
    var recordedSecret: String? { key }
}

@Suite struct AuthSchemeTests {
    @Test func aSchemeDeclaredInOneTypeGoesThroughThePipeline() throws {
        // GIVEN a scheme the sources do not know, set for an origin
        let server = try LiveDemoServer()
        let facade = try server.facade()
        facade.credentials.setCredential(TokenWordScheme(key: "tw-secret-1"), for: .origin(server.url("/echo/api")))

        // WHEN a request inside and one outside its scope go out
        let inside = try facade.requests.send(RawRequest(method: .get, target: server.url("/echo/api/items"), items: []))
        let outside = try facade.requests.send(RawRequest(method: .get, target: server.url("/echo/other"), items: []))

        // THEN only the one inside carries it, scoped so no redirect takes it further, and the redactor knows it
        #expect(inside.body?["headers"]?["authorization"]?.stringValue == "Token tw-secret-1")
        #expect(inside.request.credentialScopes["authorization"] == server.url("/echo/api"))
        #expect(outside.body?["headers"]?["authorization"] == nil)
        #expect(facade.credentials.heldSecrets.contains("tw-secret-1"))
        #expect(facade.credentials.held.summary == ["token \(server.url("/echo/api")) •••"])
    }

    @Test func aSchemeFillsItsSlotAndReplacesWhatWasThere() {
        // GIVEN a bearer token / WHEN another credential of the same slot is set in the same scope / THEN it replaces it
        var credentials = Credentials()
        credentials.set(BearerToken("b-1"), for: .allServices)
        credentials.set(PasswordLogin(.basic, user: "ada", password: "pw"), for: .allServices)
        credentials.set(TokenWordScheme(key: "t-1"), for: .allServices)
        #expect(credentials.all(BearerToken.self).isEmpty)
        #expect(credentials.credential(TokenWordScheme.self, for: .allServices)?.key == "t-1")
        #expect(credentials.credential(PasswordLogin.self, for: .allServices)?.user == "ada")
        credentials.set(PasswordLogin(.digest, user: "bob", password: "pw2"), for: .allServices)
        #expect(credentials.all(PasswordLogin.self).map(\.credential.method) == [.digest])
    }

    /// One of each built-in scheme, as `auth` sets them.
    static let examples: [any AuthScheme & CredentialPlacing] = [
        BearerToken("tok-123"),
        APIKey(parameter: "X-Api-Key", value: "key-123"),
        OAuth2Credential(OAuth2Client(tokenURL: "https://auth.example/token", clientID: "app", clientSecret: "sec-123",
                                      scopes: ["read"], audience: "api", authentication: .post)),
        PasswordLogin(.basic, user: "ada", password: "pw-123"),
        PasswordLogin(.digest, user: "ada", password: "pw-456"),
    ]

    @Test(arguments: examples.indices)
    func eachSchemeIsRegisteredAndRoundTripsThroughItsRecord(_ index: Int) throws {
        let credential = Self.examples[index]
        // WHEN stored as a profile stores it and read back through the registry
        let record = credential.record
        let scheme = try #require(AuthSchemes.scheme(storedAs: record.kind))
        let restored = try scheme.restore(record)
        // THEN it is the same credential, its secret is the record's secret, and no summary shows it
        #expect(restored.isSame(as: credential))
        #expect(credential.secrets.contains(record.secret))
        #expect(!credential.summary(in: .allServices).contains(record.secret))
        #expect(!record.fields.contains { $0.value == record.secret })
    }

    @Test func aStoredCredentialWithoutItsFieldsIsRefused() {
        #expect(throws: CredentialRecord.Failure("a api_key credential needs \"parameter\"")) {
            try APIKey.restore(CredentialRecord(kind: "api_key", secret: "k"))
        }
        #expect(throws: CredentialRecord.Failure("client_auth \"jwt\" is neither basic nor post")) {
            try OAuth2Credential.restore(CredentialRecord(
                kind: "oauth2", fields: [CredentialRecord.Field("token_url", "https://a/t"), CredentialRecord.Field("client_id", "c"),
                                         CredentialRecord.Field("client_auth", "jwt")], secret: "s"))
        }
    }

    @Test func eachSchemeIsPlacedWhereItGoesOnARequestThatTakesWhatIsInScope() {
        let context = AuthContext(fetchedToken: "fetched-1")
        let placed = Self.examples.map { $0.placement(for: nil, base: "http://h", context: context)?.place }
        #expect(placed == [
            .header("Authorization"), .query("X-Api-Key"), .header("Authorization"), .login(.basic, user: "ada"),
            .login(.digest, user: "ada"),
        ])
        // An endpoint that asks for a bearer takes no API key and no login.
        let bearerOnly = Self.examples.compactMap { $0.placement(for: .bearer, base: "http://h", context: context)?.value }
        #expect(bearerOnly == ["Bearer tok-123", "Bearer fetched-1"])
        // Without a fetched token an OAuth 2 client places nothing.
        #expect(Self.examples[2].placement(for: nil, base: "http://h", context: AuthContext()) == nil)
    }

    @Test func eachSchemeSatisfiesTheSecuritySchemesItIsFor() {
        let schemes: [OpenAPISecurityScheme] = [
            OpenAPISecurityScheme(name: "bearerAuth", kind: .bearer(format: nil)),
            OpenAPISecurityScheme(name: "key", kind: .apiKey(name: "x-api-key", location: .header)),
            OpenAPISecurityScheme(name: "oauth", kind: .oauth2(flows: [])),
            OpenAPISecurityScheme(name: "basicAuth", kind: .basic),
            OpenAPISecurityScheme(name: "digestAuth", kind: .digest),
            OpenAPISecurityScheme(name: "mtls", kind: .mutualTLS),
        ]
        let context = AuthContext(fetchedToken: "fetched-1")
        let satisfied = Self.examples.map { credential in
            schemes.filter { credential.placement(for: $0, base: "http://h", context: context) != nil }.map(\.name)
        }
        #expect(satisfied == [
            ["bearerAuth", "oauth"], ["key"], ["bearerAuth", "oauth"], ["basicAuth"], ["digestAuth"],
        ])
    }

    @Test func theSchemesSayWhatToTypeForEachSecurityScheme() {
        let commands = [
            OpenAPISecurityScheme(name: "b", kind: .bearer(format: "JWT")), OpenAPISecurityScheme(name: "k", kind: .apiKey(name: "sid", location: .cookie)),
            OpenAPISecurityScheme(name: "o", kind: .oauth2(flows: [])), OpenAPISecurityScheme(name: "i", kind: .openIdConnect(url: "https://i")),
            OpenAPISecurityScheme(name: "p", kind: .basic), OpenAPISecurityScheme(name: "d", kind: .digest),
            OpenAPISecurityScheme(name: "t", kind: .otherHTTP(scheme: "token")), OpenAPISecurityScheme(name: "m", kind: .mutualTLS),
        ].map { AuthSchemes.authCommand(for: $0) }
        #expect(commands == [
            "auth bearer TOKEN", "auth key sid=…", "auth bearer TOKEN", "auth bearer TOKEN", "auth basic USER:PASS",
            "auth digest USER:PASS", nil, nil,
        ])
        // A scheme registered beside the built-in ones answers for what they cannot send.
        let token = OpenAPISecurityScheme(name: "t", kind: .otherHTTP(scheme: "token"))
        #expect(AuthSchemes.authCommand(for: token, in: AuthSchemes.all + [TokenWordScheme.self]) == "auth token KEY")
    }
}
