import Foundation
import Testing

/// A proxy named by the environment (`http_proxy`, `https_proxy`, `ALL_PROXY`, `no_proxy`) rather than by
/// `--proxy`: apish reads it itself, masks its credentials as it masks `--proxy`'s, never sends loopback
/// through it, and follows curl's reading of `no_proxy`. Against the recording proxy of loopback_servers.py.
@Suite(.serialized) struct EnvironmentProxyEndToEndTests {
    typealias LoopbackServer = TLSAndProxyEndToEndTests.LoopbackServer

    /// Every proxy variable unset, then `variables`: the machine running the tests may set its own.
    static func environment(_ variables: [String: String]) -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"] {
            environment[name] = ""
        }
        return environment.merging(variables) { $1 }
    }

    @Test func aProxyPasswordFromTheEnvironmentNeverShows() throws {
        // GIVEN a recording proxy with a password, named by each variable in turn
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = folder + "/proxy.log"
        let proxy = try LoopbackServer(["proxy", log])
        defer { proxy.stop() }
        let proxyURL = "http://pu:PXsecret77q@127.0.0.1:\(proxy.port)"
        let basic = Data("pu:PXsecret77q".utf8).base64EncodedString()
        for name in ["http_proxy", "ALL_PROXY", "all_proxy"] {
            // WHEN a request to another host goes through it, verbose, then exported, then as --json
            let result = try Apish.run(["-c", "verbose on", "-c", "get http://api.example.test/e1", "-c", "curl"],
                                       environment: Self.environment([name: proxyURL]))
            let json = try Apish.run(["--json", "-c", "verbose on", "-c", "get http://api.example.test/e2"],
                                     environment: Self.environment([name: proxyURL]))
            // THEN the proxy carried it, with the credentials
            #expect(result.status == 0, "\(name): \(result.stderr)")
            let seen = try String(contentsOfFile: log, encoding: .utf8)
            #expect(seen.contains("GET http://api.example.test/e1 HTTP/1.1"), "\(name): \(seen)")
            #expect(seen.contains("Proxy-Authorization: Basic \(basic)"), "\(name): \(seen)")
            // AND verbose showed the header, masked; neither the password nor its Basic form shows anywhere
            #expect(result.stdout.contains("Proxy-Authorization") || result.stderr.contains("Proxy-Authorization"),
                    "\(name): \(result.stdout)\(result.stderr)")
            for secret in ["PXsecret77q", basic] {
                for text in [result.stdout, result.stderr, json.stdout, json.stderr] {
                    #expect(!text.contains(secret), "\(name): \(secret) in \(text)")
                }
            }
            try? FileManager.default.removeItem(atPath: log)
        }
    }

    @Test func aProxyThatIsDownIsNamedNotTheTarget() throws {
        // GIVEN a proxy on a port nothing listens on, by the environment and by --proxy
        for (arguments, environment) in [([String](), ["http_proxy": "http://pu:PXsecret77q@127.0.0.1:1"]),
                                         (["--proxy", "http://pu:PXsecret77q@127.0.0.1:1"], [:])] {
            // WHEN a request goes through it
            let result = try Apish.run(arguments + ["-c", "get http://api.example.test/down"], environment: Self.environment(environment))
            // THEN the proxy is named, without its credentials, and the target is not blamed
            #expect(result.status == 1)
            #expect(result.stderr.contains("cannot connect to proxy http://127.0.0.1:1"), "\(result.stderr)")
            #expect(!result.stderr.contains("api.example.test:80") && !result.stderr.contains("PXsecret77q"), "\(result.stderr)")
        }
    }

    @Test func loopbackAndNoProxysHostsGoStraightThere() throws {
        // GIVEN a recording proxy in every variable
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = folder + "/proxy.log"
        let proxy = try LoopbackServer(["proxy", log])
        defer { proxy.stop() }
        let proxyURL = "http://pu:PXsecret77q@127.0.0.1:\(proxy.port)"
        let all = ["http_proxy": proxyURL, "https_proxy": proxyURL, "ALL_PROXY": proxyURL]
        // WHEN loopback written every way is asked for, and a host no_proxy=* leaves out
        let port = proxy.port + 1
        var lines: [String] = []
        for host in ["127.0.0.2", "0.0.0.0", "[::ffff:127.0.0.1]", "localhost", "[::1]"] {
            lines += ["-c", "get http://\(host):\(port)/loop"]
        }
        _ = try Apish.run(lines, environment: Self.environment(all))
        _ = try Apish.run(["-c", "get http://api.example.test/starred"], environment: Self.environment(all.merging(["no_proxy": "*"]) { $1 }))
        _ = try Apish.run(["-c", "get http://api.example.test/listed"],
                          environment: Self.environment(all.merging(["NO_PROXY": "other.test, .example.test"]) { $1 }))
        _ = try Apish.run(["--proxy", proxyURL, "-c", "get http://127.0.0.3:\(port)/flag"], environment: Self.environment([:]))
        // THEN none of them went through the proxy
        let seen = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        for path in ["/loop", "/starred", "/listed", "/flag"] {
            #expect(!seen.contains(path), "\(path) was proxied: \(seen)")
        }
        // AND a host no_proxy does not name still is
        let proxied = try Apish.run(["-c", "get http://api.example.test/kept"],
                                    environment: Self.environment(all.merging(["no_proxy": "other.test"]) { $1 }))
        #expect(proxied.status == 0, "\(proxied.stderr)")
        let after = try String(contentsOfFile: log, encoding: .utf8)
        #expect(after.contains("GET http://api.example.test/kept HTTP/1.1"), "\(after)")
    }
}
