import JSON
import Secrets
import Testing

/// Names are read as words: a credential word anywhere in a name counts; a word that counts or describes
/// keeps the name visible.
@Suite struct CredentialNameWordsTests {
    @Test(arguments: ["GITHUB_TOKEN_PROD", "DB_PASSWORD_2", "token1", "API_KEY_2", "access_token_v2", "client_secret_prod",
                      "accessToken", "APIKey", "x.secret.value", "my-password", "mysecret", "apitoken", "token", "api_key",
                      "refresh_token", "db_pass", "aws_sig", "Signature"])
    func aCredentialWordAnywhereCounts(_ name: String) {
        #expect(Redactor.isCredentialName(name), "\(name)")
    }

    @Test(arguments: ["prompt_tokens", "completion_tokens", "max_tokens", "token_count", "total_tokens", "token_type",
                      "monkey", "keyboard", "passkey", "author", "tokenizer", "signal", "design", "city", "keys", "turkey",
                      "expires_in", "key_length"])
    func lookalikesAndCountsStayVisible(_ name: String) {
        #expect(!Redactor.isCredentialName(name), "\(name)")
    }

    @Test(arguments: [("X-Amz-Signature", true), ("X-Custom-Auth", true), ("X-Api-Key-2", true), ("Authorization", true),
                      ("X-Session-Id", true), ("Set-Cookie", true), ("X-Token-Count", false), ("Keyboard-Layout", false),
                      ("X-RateLimit-Remaining", false)])
    func headerNamesAreReadAsWords(_ name: String, _ secret: Bool) {
        #expect(Redactor.isCredentialHeader(name) == secret, "\(name)")
    }

    @Test func queryParametersAreReadAsWords() {
        let url = "https://bucket.example/o?X-Amz-Signature=abc123def&X-Amz-Date=20261201&api_key_2=k9&page=2"
        #expect(Redactor.redactURLsAndHeaders(url)
            == "https://bucket.example/o?X-Amz-Signature=\(Redactor.mask)&X-Amz-Date=20261201&api_key_2=\(Redactor.mask)&page=2")
    }

    @Test func countsAndNumbersInShownJSONStayValid() throws {
        // GIVEN an answer as text, the way a body is shown, with counts beside a token
        let text = #"{"usage": {"prompt_tokens": 5, "completion_tokens": 7, "token": 12, "ok": true}, "access_token": "at-9x"}"#
        // WHEN it is masked as printed output
        let masked = Redactor().redact(text)
        // THEN the counts and the number under `token` stay, the string token goes, and the text still parses
        #expect(masked == #"{"usage": {"prompt_tokens": 5, "completion_tokens": 7, "token": 12, "ok": true}, "access_token": "\#(Redactor.mask)"}"#)
        #expect((try? JSONValue.parse(masked)) != nil)
    }
}
