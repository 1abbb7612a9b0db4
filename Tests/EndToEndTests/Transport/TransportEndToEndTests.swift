import Foundation
import Testing

/// What the transport promises, checked through the built binary: compression offered, loopback
/// never proxied, passwords in URLs never printed.
@Suite struct TransportEndToEndTests {
    @Test func gzipIsOfferedOnEveryRequest() throws {
        // GIVEN a demo server echoing requests / WHEN a GET and a POST reach it
        let server = try startDemoServer()
        defer { server.stop() }
        let result = try Apish.run(["--json", "--locator", server.baseURL + "/services.json",
                                    "-c", "get \(server.baseURL)/echo", "-c", "post \(server.baseURL)/echo a=1"])

        // THEN both asked for a gzip-compressed answer
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let objects = result.jsonLines
        #expect(objects.count == 2)
        for object in objects {
            let headers = (object["data"] as? [String: Any])?["headers"] as? [String: Any]
            let encodings = headers?["accept-encoding"] as? String
            #expect(encodings?.contains("gzip") == true, "headers: \(String(describing: headers))")
        }
    }

    @Test func loopbackIsNeverProxied() throws {
        // GIVEN every proxy variable pointing at a dead proxy and no exemption list
        let deadProxy = "http://127.0.0.1:1"
        let environment = [
            "http_proxy": deadProxy, "HTTP_PROXY": deadProxy, "https_proxy": deadProxy, "HTTPS_PROXY": deadProxy,
            "ALL_PROXY": deadProxy, "all_proxy": deadProxy, "no_proxy": "", "NO_PROXY": "",
        ]

        // WHEN the embedded demo (on 127.0.0.1) is used
        let result = try Apish.run(["-c", "refresh weather"], environment: environment)

        // THEN the request went straight to it
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("City"))
        #expect(!result.stderr.contains("127.0.0.1:1"))
    }

    @Test func aPasswordInAURLIsNeverPrinted() throws {
        // GIVEN a URL with `user:password@`
        let server = try startDemoServer()
        defer { server.stop() }
        let password = "PW9xyz"
        let url = "http://u:\(password)@127.0.0.1:\(server.port)/echo"
        let locator = ["--locator", server.baseURL + "/services.json"]

        // WHEN it is requested and exported as curl, as text and as JSON
        let text = try Apish.run(locator + ["-c", "get \(url)", "-c", "curl"])
        let json = try Apish.run(locator + ["--json", "-c", "get \(url)", "-c", "curl"])

        // THEN the requests went out, and the password shows nowhere, only its mask
        for result in [text, json] {
            #expect(result.status == 0, "stderr: \(result.stderr)")
            #expect(!result.stdout.contains(password), "stdout: \(result.stdout)")
            #expect(!result.stderr.contains(password), "stderr: \(result.stderr)")
            #expect(result.stdout.contains("-u \\\"u:${APISH_PASSWORD}\\\"") || result.stdout.contains("-u \"u:${APISH_PASSWORD}\""), "stdout: \(result.stdout)")
            // The echo server sends the credentials back as `Basic base64(u:PW9xyz)`: masked too.
            #expect(!result.stdout.contains("dTpQVzl4eXo="), "stdout: \(result.stdout)")
        }
        #expect(json.jsonLines.count == 2)
    }
}
