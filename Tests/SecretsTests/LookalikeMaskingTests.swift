import JSON
import Secrets
import Testing

/// What a redactor merely guesses is a credential (a member's name, a value's shape) is hidden only where
/// a person reads it; the secrets apish holds are masked everywhere.
@Suite struct LookalikeMaskingTests {
    @Test(arguments: ["key", "authorizations_url", "avatar_url", "redirect_uri", "node_id", "key_id", "client_id",
                      "checkout_session", "public_key", "idempotency_key", "access_key_id", "sort_key"])
    func dataNamesNameNoCredential(_ name: String) {
        #expect(!Redactor.isCredentialMember(name), "\(name)")
    }

    @Test(arguments: ["api_key", "apiKey", "private_key", "client_secret", "access_token", "password", "secret", "token",
                      "authorization", "Authorization", "Set-Cookie", "secretKey", "X-API-Key"])
    func credentialNamesStillDo(_ name: String) {
        #expect(Redactor.isCredentialMember(name), "\(name)")
    }

    @Test func keyAloneIsStillAQueryCredential() {
        // `?key=` is how some APIs take their key: the URL pattern keeps masking it.
        #expect(Redactor.redactURLsAndHeaders("https://maps.example/v1?key=AIzaSyX123&q=a")
            == "https://maps.example/v1?key=\(Redactor.mask)&q=a")
    }

    @Test func knownSecretsOnlyKeepsLookalikesAndMasksWhatIsHeld() throws {
        // GIVEN a body with lookalikes (a credential-named member, a bearer header in a string) and a held secret
        let body = try JSONValue.parse(#"{"api_key":"sk_live_1","note":"Authorization: Bearer abcdefgh","echo":"held-secret-9"}"#)
        let redactor = Redactor(secrets: ["held-secret-9"])

        // WHEN it is masked for a display and for data
        let shown = redactor.redact(body).encoded()
        let data = redactor.knownSecretsOnly.redact(body).encoded()

        // THEN the display hides all three, the data only the held secret
        #expect(shown == #"{"api_key":"•••","note":"Authorization: Bearer •••","echo":"•••"}"#)
        #expect(data == #"{"api_key":"sk_live_1","note":"Authorization: Bearer abcdefgh","echo":"•••"}"#)
        #expect(redactor.knownSecretsOnly.redact("Authorization: Bearer abcdefgh held-secret-9") == "Authorization: Bearer abcdefgh •••")
    }

    @Test func aDisplayCountsTheLookalikesItHidesButNotTheHeldSecrets() throws {
        // GIVEN a body with two lookalikes and a held secret under a credential name
        let body = try JSONValue.parse(#"{"api_key":"sk_live_1","password":"held-secret-9","url":"http://u:pw@h/"}"#)
        let count = LookalikeCount()

        // WHEN a counting redactor masks it
        _ = Redactor(secrets: ["held-secret-9"]).counting(lookalikesIn: count).redact(body)

        // THEN the two lookalikes are counted, the held secret is not
        #expect(count.value == 2)
    }
}
