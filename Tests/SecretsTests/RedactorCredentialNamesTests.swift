import Secrets
import Testing

/// Which names belong to credentials: of variables and members, of headers shown, of headers kept to their origin.
@Suite struct RedactorCredentialNamesTests {
    @Test(arguments: [("token", true), ("apiToken", true), ("client_secret", true), ("api_key", true), ("key", false),
                      ("monkey", false), ("keyboard", false), ("city", false), ("author", false)])
    func credentialNames(_ name: String, _ secret: Bool) {
        #expect(Redactor.isCredentialName(name) == secret)
    }

    @Test(arguments: [("Authorization", true), ("X-Token", true), ("X-Session-Id", true), ("X-API-Key", true), ("Cookie", true),
                      ("Content-Type", false), ("X-Trace", false), ("Accept", false), ("Keyboard-Layout", false)])
    func credentialHeaders(_ name: String, _ secret: Bool) {
        #expect(Redactor.isCredentialHeader(name) == secret)
    }

    @Test(arguments: [("Authorization", true), ("Cookie", true), ("X-Api-Key", true), ("X-Session-Token", true),
                      ("X-Client-Secret", true), ("Keyboard-Layout", true), ("Proxy-Authorization", false),
                      ("Set-Cookie", false), ("X-Trace", false), ("Accept", false)])
    func credentialLikeHeadersForScoping(_ name: String, _ credential: Bool) {
        #expect(Redactor.isCredentialLikeHeader(name) == credential)
    }
}
