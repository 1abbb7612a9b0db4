import Testing
import HTTPClient

@Suite struct ProxyChoiceTests {
    let proxy = "http://pu:PXsecret77q@proxy.example:4090"

    @Test func theEnvironmentsProxyIsReadAsCurlReadsIt() {
        // GIVEN each variable alone / THEN it proxies the schemes curl uses it for
        let http = ProxyChoice(explicit: nil, environment: ["http_proxy": proxy])
        #expect(http.proxy(for: "http://api.example.test/e1") == proxy)
        #expect(http.proxy(for: "https://api.example.test/e1") == nil)
        // HTTP_PROXY is never read (a CGI server sets it from a request's Proxy: header), as curl
        #expect(ProxyChoice(explicit: nil, environment: ["HTTP_PROXY": proxy]).proxy(for: "http://api.example.test/") == nil)
        for name in ["https_proxy", "HTTPS_PROXY"] {
            let https = ProxyChoice(explicit: nil, environment: [name: proxy])
            #expect(https.proxy(for: "https://api.example.test/") == proxy, "\(name)")
            #expect(https.proxy(for: "http://api.example.test/") == nil, "\(name)")
        }
        for name in ["all_proxy", "ALL_PROXY"] {
            let all = ProxyChoice(explicit: nil, environment: [name: "proxy.example:3128"])
            #expect(all.proxy(for: "http://api.example.test/") == "http://proxy.example:3128", "\(name)")
            #expect(all.proxy(for: "https://api.example.test/") == "http://proxy.example:3128", "\(name)")
        }
        // AND --proxy comes first
        let both = ProxyChoice(explicit: "http://other:1", environment: ["http_proxy": proxy])
        #expect(both.proxy(for: "http://api.example.test/") == "http://other:1")
        // AND nothing given, nothing proxied
        #expect(ProxyChoice(explicit: nil, environment: ["no_proxy": "x"]).proxy(for: "http://api.example.test/") == nil)
    }

    @Test func loopbackIsNeverProxiedHoweverItIsWritten() {
        let choice = ProxyChoice(explicit: proxy, environment: ["ALL_PROXY": proxy])
        for host in ["localhost", "LOCALHOST", "app.localhost", "127.0.0.1", "127.0.0.2", "127.255.255.254", "127.1",
                     "2130706433", "0x7f.1", "0.0.0.0", "[::1]", "[::]", "[::ffff:127.0.0.1]", "[::ffff:7f00:2]",
                     "[0:0:0:0:0:0:0:1]", "localhost."] {
            #expect(choice.proxy(for: "http://\(host):8080/x") == nil, "\(host)")
        }
        for host in ["128.0.0.1", "10.0.0.1", "[::2]", "[::ffff:10.0.0.1]", "localhost.example", "127.example"] {
            #expect(choice.proxy(for: "http://\(host)/x") == proxy, "\(host)")
        }
    }

    @Test func noProxyIsReadAsCurlReadsIt() {
        func proxied(_ url: String, noProxy: String, variable: String = "no_proxy") -> Bool {
            ProxyChoice(explicit: nil, environment: ["https_proxy": proxy, "http_proxy": proxy, variable: noProxy])
                .proxy(for: url) != nil
        }
        // `*` is every host
        #expect(!proxied("http://api.example.test/", noProxy: "*"))
        #expect(!proxied("http://api.example.test/", noProxy: "*", variable: "NO_PROXY"))
        // names, with or without a leading dot, match themselves and the names under them, in any case
        for list in ["example.test", ".example.test", "other.test, EXAMPLE.test", "other.test example.test."] {
            #expect(!proxied("https://api.example.test/x", noProxy: list), "\(list)")
            #expect(!proxied("https://example.test/x", noProxy: list), "\(list)")
            #expect(proxied("https://badexample.test/x", noProxy: list), "\(list)")
        }
        // addresses match themselves, and CIDR networks every address in them
        #expect(!proxied("http://10.1.2.3/", noProxy: "10.1.2.3"))
        #expect(proxied("http://10.1.2.4/", noProxy: "10.1.2.3"))
        #expect(!proxied("http://10.200.2.3/", noProxy: "192.168.0.0/16,10.0.0.0/8"))
        #expect(proxied("http://11.0.0.1/", noProxy: "10.0.0.0/8"))
        #expect(!proxied("http://[fd00::5]/", noProxy: "[fd00::]/8"))
        #expect(!proxied("http://[fd00::5]/", noProxy: "fd00::/16"))
        #expect(proxied("http://[fe00::5]/", noProxy: "fd00::/8"))
        // --proxy heeds no_proxy too
        #expect(ProxyChoice(explicit: proxy, environment: ["no_proxy": "*"]).proxy(for: "http://api.example.test/") == nil)
    }

    @Test func theCredentialsOfEveryProxyGivenAreSecrets() {
        // GIVEN proxies in --proxy and the variables, one with a percent-encoded password
        let choice = ProxyChoice(explicit: "http://xu:Xp1ss@x:1", environment: [
            "http_proxy": proxy, "HTTP_PROXY": "http://hu:HUpass9@h:1", "ALL_PROXY": "socks5://au:p%40ss%2Fw@a:1",
            "https_proxy": "http://nopass@h:1",
        ])
        // THEN each password and user:password is a secret, decoded and as written; a user alone is none
        let secrets = Set(choice.secrets)
        for secret in ["Xp1ss", "xu:Xp1ss", "PXsecret77q", "pu:PXsecret77q", "HUpass9", "hu:HUpass9", "p@ss/w", "au:p@ss/w",
                       "p%40ss%2Fw", "au:p%40ss%2Fw"] {
            #expect(secrets.contains(secret), "\(secret)")
        }
        #expect(!secrets.contains("nopass"))
        // AND a proxy is named without them
        #expect(ProxyChoice.shown(proxy) == "http://proxy.example:4090")
    }
}
