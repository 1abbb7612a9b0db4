import Facade
import Testing

@Suite struct RedactorTests {
    private let mask = Redactor.mask

    @Test func masksKnownSecretsWherever() {
        // GIVEN known secrets / WHEN text holds them anywhere / THEN each is masked, the longest whole
        let redactor = Redactor(secrets: ["abc123", "abc123xyz", "ab"])
        #expect(redactor.redact("u=abc123xyz;v=abc123") == "u=\(mask);v=\(mask)")
        // Two-letter values are not treated as secrets: they would mask noise.
        #expect(redactor.redact("about") == "about")
    }

    @Test func masksBearerTokens() {
        #expect(Redactor().redactCommandLine("Authorization: Bearer x.y-z") == "Authorization: Bearer \(mask)")
        #expect(Redactor().redactCommandLine("auth bearer tok123 twit") == "auth bearer \(mask) twit")
    }

    @Test func masksTheValueOfAuthKey() {
        #expect(Redactor().redactCommandLine("auth key key=s3cr3t meetup") == "auth key key=\(mask) meetup")
    }

    @Test func masksKeyLikeQueryParameters() {
        #expect(Redactor().redactCommandLine("http://h/g?lat=1&key=s3cr3t&page=2") == "http://h/g?lat=1&key=\(mask)&page=2")
        #expect(Redactor().redactCommandLine("get meetup key==s3cr3t") == "get meetup key==\(mask)")
        #expect(Redactor().redactCommandLine("http://h/?token=t0k") == "http://h/?token=\(mask)")
        // Names that merely end in `key` are not secrets.
        #expect(Redactor().redactCommandLine("http://h/?monkey=1") == "http://h/?monkey=1")
    }

    @Test func masksAPIKeyHeaders() {
        #expect(Redactor().redactCommandLine("X-API-Key: s3cr3t") == "X-API-Key: \(mask)")
        #expect(Redactor().redactCommandLine("-H 'x-api-key:s3cr3t'") == "-H 'x-api-key:\(mask)'")
        #expect(Redactor().redactCommandLine("Authorization: Basic dXNlcjpwYXNz") == "Authorization: Basic \(mask)")
        #expect(Redactor().redactCommandLine("-H 'authorization: raw-token'") == "-H 'authorization: \(mask)'")
        #expect(Redactor().redactCommandLine("Authorization: Bearer abc") == "Authorization: Bearer \(mask)")
    }

    @Test func outputRedactionLeavesProseAlone() {
        // Error messages mention "bearer token" and "key=VALUE" as advice; only command lines mask those.
        let advice = "missing bearer token; set one: auth bearer TOKEN or auth key key=VALUE"
        #expect(Redactor().redact(advice) == advice)
        #expect(Redactor().redactCommandLine("auth bearer TOKEN") == "auth bearer \(mask)")
    }

    @Test func masksQuotedSecretsOnCommandLines() {
        let redactor = Redactor()
        #expect(redactor.redactCommandLine(#"auth bearer "abc123xyz" twit"#) == "auth bearer \(mask) twit")
        #expect(redactor.redactCommandLine("auth key 'key=s3cr3t' meetup").contains("s3cr3t") == false)
        #expect(redactor.redactCommandLine("header Authorization 'Bearer zzz999qq'") == "header Authorization \(mask)")
        #expect(redactor.redactCommandLine("header X-API-Key abc; services") == "header X-API-Key \(mask); services")
        #expect(redactor.redactCommandLine("post twit/like/t01 Authorization:'Bearer x.y'") == "post twit/like/t01 Authorization:'Bearer \(mask)'")
        #expect(redactor.redactCommandLine(#"get meetup key=="s e c""#) == "get meetup key==\(mask)")
    }

    @Test func leavesOrdinaryTextAlone() {
        let text = "get weather city==Boston X-Trace:abc"
        #expect(Redactor(secrets: ["zzz-secret"]).redact(text) == text)
    }
}
