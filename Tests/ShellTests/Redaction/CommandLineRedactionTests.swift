import TestSupport
import Testing
import JSON
import Secrets
import HTTPClient
import HTTPTypes

/// Masking through the shell: command lines as typed, and what a server reflects.
@Suite struct CommandLineRedactionTests {
    private let mask = Redactor.mask

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

    @Test func masksPasswordsInURLUserinfoOfAnyScheme() {
        // GIVEN URLs carrying `user:password@` / WHEN redacted / THEN the user stays and the password goes
        #expect(Redactor.redactURLsAndHeaders("http://user:PW@host/") == "http://user:\(mask)@host/")
        #expect(Redactor.redactURLsAndHeaders("curl 'https://u:p%40ss@h:8443/x?y=1'") == "curl 'https://u:\(mask)@h:8443/x?y=1'")
        #expect(Redactor.redactURLsAndHeaders("postgres://db:hunter2@10.0.0.1:5432/app") == "postgres://db:\(mask)@10.0.0.1:5432/app")
        // A password holding a raw `@` is masked whole, up to the last `@` before the host.
        #expect(Redactor.redactURLsAndHeaders("ftp://me:a@b@files.test/f") == "ftp://me:\(mask)@files.test/f")
        #expect(Redactor().redactCommandLine("get http://u:PW9xyz@127.0.0.1:8080/echo") == "get http://u:\(mask)@127.0.0.1:8080/echo")
    }

    @Test(arguments: ["client_secret", "refresh_token", "id_token", "api_key", "access_token", "token", "secret",
                      "password", "passwd", "key", "apikey", "sig", "signature", "auth", "X_Amz_Signature", "db_password"])
    func masksCredentialParameterNames(_ name: String) {
        // GIVEN a credential name in a URL query and as a `name==value` item / THEN its value is masked
        #expect(Redactor.redactURLsAndHeaders("http://h/p?a=1&\(name)=s3cr3t&b=2") == "http://h/p?a=1&\(name)=\(mask)&b=2")
        #expect(Redactor.redactURLsAndHeaders("http://h/p?\(name)=s3cr3t") == "http://h/p?\(name)=\(mask)")
        #expect(Redactor().redactCommandLine("get svc \(name)==s3cr3t x==1") == "get svc \(name)==\(mask) x==1")
    }

    @Test(arguments: ["monkey", "keyboard", "turkey", "keys", "tokenizer", "author", "signal", "design", "passkey", "my_monkey"])
    func leavesLookalikeParameterNamesAlone(_ name: String) {
        // GIVEN names that contain a credential word without being one / THEN nothing is masked
        let url = "http://h/p?\(name)=visible&z=1"
        #expect(Redactor.redactURLsAndHeaders(url) == url)
        let line = "get svc \(name)==visible"
        #expect(Redactor().redactCommandLine(line) == line)
    }

    @Test func variablesHoldingCredentialsAreMaskedOnCommandLines() {
        let redactor = Redactor()
        #expect(redactor.redactCommandLine("set token abc123") == "set token \(mask)")
        #expect(redactor.redactCommandLine("set apiToken 'x y z'; services") == "set apiToken \(mask); services")
        #expect(redactor.redactCommandLine(#"set t "Bearer X9long""#) == #"set t "Bearer \#(mask)""#)
        #expect(redactor.redactCommandLine("set city Boston") == "set city Boston")
        #expect(redactor.redactCommandLine("set monkey banana") == "set monkey banana")
    }

    @Test func variablesNamedWithSecretWordsAreMaskedOnCommandLines() {
        let redactor = Redactor()
        for name in ["GITHUB_TOKEN_PROD", "DB_PASSWORD_2", "token1", "client_secret_prod"] {
            #expect(redactor.redactCommandLine("set \(name) ghp_x123") == "set \(name) \(mask)", "\(name)")
        }
        #expect(redactor.redactCommandLine("set max_tokens 400") == "set max_tokens 400")
    }
    @Test func requestItemsAndCustomCredentialHeadersAreMasked() {
        let redactor = Redactor()
        #expect(redactor.redactCommandLine("header X-Token S2secret") == "header X-Token \(mask)")
        #expect(redactor.redactCommandLine("post weather password=S3secret name=eye") == "post weather password=\(mask) name=eye")
        #expect(redactor.redactCommandLine("post weather token:='\"x\"' X-Session-Id:abc123") == "post weather token:=\(mask) X-Session-Id:\(mask)")
        #expect(redactor.redact("curl -X POST http://h/x --data-raw 'password=S3secret&name=eye'")
            == "curl -X POST http://h/x --data-raw 'password=\(mask)&name=eye'")
    }

    @Test func urlPasswordsHoldingQuotesAreMaskedWhole() {
        #expect(Redactor.redactURLsAndHeaders("http://u:pa'ss@h/x") == "http://u:\(mask)@h/x")
        #expect(Redactor.redactURLsAndHeaders(#"curl "http://u:pa"ss@h/x""#) == #"curl "http://u:\#(mask)@h/x""#)
        #expect(Redactor().redactCommandLine("get 'http://u:it\'s@h/x'").contains("it") == false)
    }

    @Test func historyLinesLoseQuoteJoinedEscapedAndFormSecrets() {
        let redactor = Redactor()
        #expect(redactor.redactCommandLine(#"auth bearer 'abc'"def" twit"#) == "auth bearer \(mask) twit")
        #expect(redactor.redactCommandLine(#"post twit/like/t01 Authorization:Bearer\ TOK3N99"#)
            == #"post twit/like/t01 Authorization:Bearer\ \#(mask)"#)
        #expect(redactor.redactCommandLine(#"post twit/like/t01 Authorization:'Bearer a'"b""#).contains("a'") == false)
        #expect(redactor.redactCommandLine("post login user=yu pass=hunter22 pwd=s3cr3t")
            == "post login user=yu pass=\(mask) pwd=\(mask)")
        #expect(redactor.redactCommandLine("get http://TOK3N99@127.0.0.1:8080/echo") == "get http://\(mask)@127.0.0.1:8080/echo")
        #expect(redactor.redactCommandLine(#"header Cookie "sid=abc; theme=dark""#) == "header Cookie \(mask)")
    }

    @Test func aServerReflectingSecretsInATextBodyShowsNone() throws {
        // GIVEN a server that repeats the credentials it got in a text/plain body
        let server = try LiveDemoServer()
        let request = HTTPRequest(url: server.url("/faults/reflect"), query: [FormField(name: "key", value: "Zz/LeakMe+9=")],
                                  headers: ["Authorization": "Bearer r3fl3ct3d", "X-Api-Key": "k3y-r3fl3ct"])
        let response = try CurlTransport().send(request)
        #expect(response.text.contains("r3fl3ct3d"))

        // WHEN the text is redacted with the secrets held / THEN none of them is left, in any form
        let shown = Redactor(secrets: ["r3fl3ct3d", "k3y-r3fl3ct", "Zz/LeakMe+9="]).redact(response.text)
        for secret in ["r3fl3ct3d", "k3y-r3fl3ct", "LeakMe"] {
            #expect(!shown.contains(secret), "\(secret) reached the text")
        }
    }
}

/// A member named like a credential is masked only when it holds a value that could be one.
@Suite struct CredentialMemberTests {
}
