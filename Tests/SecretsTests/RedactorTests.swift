import Testing
import JSON
import Secrets

/// The redactor alone: known secrets in every encoding, credential members of bodies, and text left alone.
@Suite struct RedactorTests {
    private let mask = Redactor.mask

    @Test func masksKnownSecretsWherever() {
        // GIVEN known secrets / WHEN text holds them anywhere / THEN each is masked, the longest whole
        let redactor = Redactor(secrets: ["abc123", "abc123xyz", "ab"])
        #expect(redactor.redact("u=abc123xyz;v=abc123") == "u=\(mask);v=\(mask)")
        // Two-letter values are not treated as secrets: they would mask noise.
        #expect(redactor.redact("about") == "about")
    }

    @Test func masksCredentialHeadersEchoedAsJSON() {
        // GIVEN a server echoing request headers as JSON / THEN their credentials are masked like header lines
        let echoed = #"{"host":"h","authorization":"Basic dTpQVzl4eXo=","x-api-key": "k3y","accept":"*/*"}"#
        #expect(Redactor.redactURLsAndHeaders(echoed) == #"{"host":"h","authorization":"Basic \#(mask)","x-api-key": "\#(mask)","accept":"*/*"}"#)
    }

    @Test func bodiesAreMaskedMemberByMember() throws {
        let body = try JSONValue.parse(#"""
        {"headers":{"authorization":"Basic dXNlcjpwYXNz","x-trace":"abc"},"api_key":"k-123",
         "links":["http://u:pw123@h/x","http://h/y?token=t-456&page=2"],"count":3,"held":"known-secret-9"}
        """#)
        let masked = Redactor(secrets: ["known-secret-9"]).redact(body)
        #expect(masked == (try JSONValue.parse(#"""
        {"headers":{"authorization":"Basic \#(mask)","x-trace":"abc"},"api_key":"\#(mask)",
         "links":["http://u:\#(mask)@h/x","http://h/y?token=\#(mask)&page=2"],"count":3,"held":"\#(mask)"}
        """#)))
    }

    @Test func leavesOrdinaryTextAlone() {
        let text = "get weather city==Boston X-Trace:abc"
        #expect(Redactor(secrets: ["zzz-secret"]).redact(text) == text)
    }

    // MARK: Known secrets in every encoding, credential headers and history lines

    @Test func knownSecretsAreMaskedInEveryEncodedForm() {
        // GIVEN an API key holding characters that URLs and JSON escape
        let redactor = Redactor(secrets: ["Zz/LeakMe+9="])

        // THEN its percent-encoded (either hex case), JSON-escaped and raw forms are all masked
        #expect(redactor.redact("GET /g?key=Zz%2FLeakMe%2B9%3D&page=2") == "GET /g?key=\(mask)&page=2")
        #expect(redactor.redact("x Zz%2fLeakMe%2b9%3d y") == "x \(mask) y")
        #expect(redactor.redact(#"{"echo":"Zz\/LeakMe+9="}"#) == #"{"echo":"\#(mask)"}"#)
        #expect(redactor.redact("raw Zz/LeakMe+9= raw") == "raw \(mask) raw")
    }

    @Test func jsonEscapedSecretsAreMasked() {
        let redactor = Redactor(secrets: [#"q"uo\te"#])
        #expect(redactor.redact(#"{"v":"q\"uo\\te"}"#) == #"{"v":"\#(mask)"}"#)
    }

    @Test func basicCredentialsAreMaskedAsBase64AndDecoded() {
        // `user:pa55word` is `dXNlcjpwYTU1d29yZA==` in an Authorization: Basic header.
        #expect(Redactor(secrets: ["user:pa55word"]).redact("sent dXNlcjpwYTU1d29yZA== ok") == "sent \(mask) ok")
        #expect(Redactor(secrets: ["dXNlcjpwYTU1d29yZA=="]).redact("as typed user:pa55word, alone pa55word") == "as typed \(mask), alone \(mask)")
    }

    @Test func theMatcherIsBuiltOncePerSetOfSecrets() {
        // GIVEN the same secrets asked for twice, in another order / THEN one matcher serves both
        let first = SecretMatcher.shared(for: ["alpha-secret", "beta-secret"])
        let again = SecretMatcher.shared(for: ["beta-secret", "alpha-secret", "xy"])
        #expect(first === again)
        #expect(SecretMatcher.shared(for: ["gamma-secret"]) !== first)
        #expect(SecretMatcher(secrets: []).isEmpty)
    }

    @Test func variablesHoldingCredentialsAreFoundWithoutReadingLongValues() {
        let long = String(repeating: "v", count: 1 << 20)
        let values = Redactor.secretValues(ofVariables: ["y": "1", "big": long, "apiToken": "t0k3n", "h": "Bearer b3arer"])
        #expect(Set(values) == ["t0k3n", "Bearer b3arer", "b3arer"])
    }

    @Test func emptyOrSelfNamedValuesStayVisible() throws {
        let body = try JSONValue.parse(#"{"token":"","password":"password","api_key":"abc123xyz","Authorization":"Bearer q1w2e3"}"#)
        let masked = Redactor().redact(body)
        #expect(masked["token"]?.stringValue == "")
        #expect(masked["password"]?.stringValue == "password")
        #expect(masked["api_key"]?.stringValue == Redactor.mask)
        #expect(masked["Authorization"]?.stringValue == "Bearer " + Redactor.mask)
    }

    @Test func aBodyWithNothingToMaskComesBackUnchanged() throws {
        // GIVEN a body with neither known secrets nor credential-named members
        let body = try JSONValue.parse(#"{"groups":[{"name":"a","members":3,"tags":["x","y"]},{"name":"b"}],"next":null}"#)
        // WHEN redacted with and without secrets that do not occur in it
        // THEN it is the same value
        #expect(Redactor().redact(body) == body)
        #expect(Redactor(secrets: ["s3cr3t-never-there"]).redact(body) == body)
    }

    @Test func aCredentialMemberDeepInsideIsMaskedWithoutSecretsAndItsSiblingsKept() throws {
        // GIVEN a redactor that knows no secrets and a body with a token three levels down
        let body = try JSONValue.parse(#"{"a":[{"b":{"access_token":"abc123","name":"x"}},{"c":1}],"d":"e"}"#)
        // WHEN redacted
        let masked = Redactor().redact(body)
        // THEN only that member changes
        #expect(masked == (try JSONValue.parse(#"{"a":[{"b":{"access_token":"\#(Redactor.mask)","name":"x"}},{"c":1}],"d":"e"}"#)))
    }

    @Test func leavesURLsWithoutAPasswordAlone() {
        for text in ["http://host:8080/path", "http://user@host/", "https://h/x?at=a@b", "mailto:me@example.com",
                     "see http://h:80/a and me@x.test", "http://h/x#frag:y@z"] {
            #expect(Redactor.redactURLsAndHeaders(text) == text)
        }
    }

    @Test func setCookieAndSessionHeadersAreMaskedInOutput() {
        #expect(Redactor.redactURLsAndHeaders("Set-Cookie: sid=abc123; Path=/; HttpOnly") == "Set-Cookie: \(mask)")
        #expect(Redactor.redactURLsAndHeaders("X-Session-Token: s3ss10n") == "X-Session-Token: \(mask)")
        // Structure after a credential-like member name is not a secret.
        #expect(Redactor.redactURLsAndHeaders(#"{"session": {"id": 1}}"#) == #"{"session": {"id": 1}}"#)
    }

    @Test func theMaskIsFoundWhereverItIsAndOnlyWhole() {
        // GIVEN texts with the mask at the start, inside, at the end and alone; and texts with only part of it
        // WHEN asked whether each holds it / THEN the first are found, the others not
        for text in ["\(mask)", "\(mask) tail", "auth bearer \(mask) twit", "x=\(mask)", "é\(mask)"] {
            #expect(Redactor.containsMask(text), "\(text)")
        }
        let firstByteOnly = String(decoding: [0xE2, 0x80, 0x93], as: UTF8.self) // "–", which begins as the mask does
        for text in ["", "refresh weather", firstByteOnly, "a\(firstByteOnly)b", "••", "\u{2022}"] {
            #expect(!Redactor.containsMask(text), "\(text)")
        }
    }
}
