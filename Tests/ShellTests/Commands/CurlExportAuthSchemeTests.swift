@testable import Commands
@testable import Facade
import HTTPTypes
import Secrets
import Testing
import TestSupport

/// Each auth scheme, placed by the pipeline, exported as a `curl` command: the secret an environment
/// reference, never in the clear, with what curl needs to answer the same way.
@Suite struct CurlExportAuthSchemeTests {
    static let cases: [(credential: any AuthScheme, secret: String, expected: [String])] = [
        (BearerToken("tok-1234567"), "tok-1234567", [#""Authorization: Bearer ${APISH_BEARER}""#]),
        (APIKey(parameter: "api_key", value: "key-1234567"), "key-1234567", [#"api_key=${APISH_API_KEY}"#]),
        (PasswordLogin(.basic, user: "ada", password: "pw-1234567"), "pw-1234567", [#"-u "ada:${APISH_PASSWORD}""#]),
        (PasswordLogin(.digest, user: "ada", password: "pw-7654321"), "pw-7654321", [#"-u "ada:${APISH_PASSWORD}" --digest"#]),
    ]

    @Test(arguments: cases.indices)
    func aCredentialIsExportedAsAReference(_ index: Int) throws {
        // GIVEN a credential of one scheme for the demo server's echo
        let (credential, secret, expected) = Self.cases[index]
        let server = try LiveDemoServer()
        let facade = try server.facade()
        facade.credentials.setCredential(credential, for: .origin(server.url("/echo")))

        // WHEN a request goes there and is exported
        let exchange = try facade.requests.send(RawRequest(method: .get, target: server.url("/echo/x"), items: []))
        let lines = CurlExport.render(exchange.request, knownSecrets: facade.credentials.heldSecrets)

        // THEN the command names the secret by a variable and holds it nowhere
        let command = try #require(lines.last)
        for fragment in expected { #expect(command.contains(fragment), "\(command)") }
        #expect(!lines.contains { $0.contains(secret) }, "\(lines)")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("# export APISH_") })
    }
}
