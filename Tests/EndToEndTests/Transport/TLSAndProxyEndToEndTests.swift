import Foundation
import Testing

/// TLS with a CA of the test's own, client certificates, and a proxy, against loopback servers
/// (Tests/Servers/loopback_servers.py) with the built binary; `curl` exports carry the same options.
@Suite(.serialized) struct TLSAndProxyEndToEndTests {
    /// A CA, a server certificate for 127.0.0.1 signed by it, and a client certificate signed by it.
    struct Certificates {
        let folder: String
        var ca: String { folder + "/ca.pem" }
        var serverCertificate: String { folder + "/server.pem" }
        var serverKey: String { folder + "/server.key" }
        var clientCertificate: String { folder + "/client.pem" }
        var clientKey: String { folder + "/client.key" }

        init() throws {
            folder = try makeTemporaryDirectory()
            let steps: [[String]] = [
                ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", folder + "/ca.key", "-out", folder + "/ca.pem",
                 "-days", "2", "-subj", "/CN=apish test CA"],
                ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", folder + "/server.key", "-out", folder + "/server.csr",
                 "-subj", "/CN=127.0.0.1"],
                ["x509", "-req", "-in", folder + "/server.csr", "-CA", folder + "/ca.pem", "-CAkey", folder + "/ca.key",
                 "-CAcreateserial", "-out", folder + "/server.pem", "-days", "2", "-extfile", folder + "/san.cnf"],
                ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", folder + "/client.key", "-out", folder + "/client.csr",
                 "-subj", "/CN=apish-client"],
                ["x509", "-req", "-in", folder + "/client.csr", "-CA", folder + "/ca.pem", "-CAkey", folder + "/ca.key",
                 "-CAcreateserial", "-out", folder + "/client.pem", "-days", "2"],
            ]
            try "subjectAltName=IP:127.0.0.1\n".write(toFile: folder + "/san.cnf", atomically: true, encoding: .utf8)
            for step in steps {
                let result = try Apish.execute(step, environment: ProcessInfo.processInfo.environment, stdin: nil, directory: nil,
                                               timeout: 60, executable: "/usr/bin/openssl")
                guard result.status == 0 else { throw ServerFailure(what: "openssl \(step[0]): \(result.stderr)") }
            }
        }

        func remove() { try? FileManager.default.removeItem(atPath: folder) }
    }

    struct ServerFailure: Error { let what: String }

    /// A loopback server from loopback_servers.py, stopped by closing its standard input.
    final class LoopbackServer {
        let process = Process()
        private let input = Pipe()
        let port: Int

        init(_ arguments: [String]) throws {
            let script = ScriptFiles.repositoryRoot + "/Tests/Servers/loopback_servers.py"
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script] + arguments
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            var text = ""
            while !text.contains("\n") {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            guard let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw ServerFailure(what: "no port from \(arguments): \(text)")
            }
            self.port = port
        }

        func stop() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    @Test func aPrivateCAIsRefusedUntilApishIsToldOfIt() throws {
        // GIVEN an HTTPS server whose certificate a test CA signed
        let certificates = try Certificates()
        defer { certificates.remove() }
        let server = try LoopbackServer(["https", certificates.serverCertificate, certificates.serverKey])
        defer { server.stop() }
        let url = "https://127.0.0.1:\(server.port)/hello"
        // WHEN it is asked without the CA / THEN verification fails, in one error line
        let refused = try Apish.run(["-c", "get \(url)"])
        #expect(refused.status == 1)
        #expect(refused.stderr.lowercased().contains("certificate"), "\(refused.stderr)")
        // WHEN the CA is named by --cacert, by CURL_CA_BUNDLE or by SSL_CERT_FILE / THEN it answers
        for (arguments, environment) in [(["--cacert", certificates.ca], [String: String]()),
                                         ([], ["CURL_CA_BUNDLE": certificates.ca]),
                                         // CURL_CA_BUNDLE comes first, as curl reads them; this machine may set it.
                                         ([], ["SSL_CERT_FILE": certificates.ca, "CURL_CA_BUNDLE": ""])] {
            let passed = try Apish.run(arguments + ["-c", "get \(url)"], environment: environment)
            #expect(passed.status == 0, "\(arguments) \(environment): \(passed.stderr)")
            #expect(passed.stdout.contains(#""target": "/hello""#), "\(passed.stdout)")
        }
        // WHEN --insecure / THEN it answers, and says it did not verify
        let insecure = try Apish.run(["--insecure", "-c", "get \(url)"])
        #expect(insecure.status == 0, "\(insecure.stderr)")
        #expect(insecure.stderr.contains("not verified"), "\(insecure.stderr)")
        // AND the curl export names the CA, and runs
        let export = try Apish.run(["--cacert", certificates.ca, "-c", "get \(url)", "-c", "curl"])
        let command = try #require(export.stdout.split(separator: "\n").last { $0.hasPrefix("curl ") }.map(String.init))
        #expect(command.contains("--cacert"), "\(command)")
        let ran = try Apish.execute(["-c", command], environment: ProcessInfo.processInfo.environment, stdin: nil,
                                    directory: nil, timeout: 30, executable: "/bin/sh")
        #expect(ran.stdout.contains(#""target": "/hello""#), "\(ran.stdout)\(ran.stderr)")
    }

    @Test func aServerAskingForAClientCertificateGetsTheOneGiven() throws {
        // GIVEN an HTTPS server that requires a certificate signed by the test CA
        let certificates = try Certificates()
        defer { certificates.remove() }
        let server = try LoopbackServer(["https", certificates.serverCertificate, certificates.serverKey, certificates.ca])
        defer { server.stop() }
        let url = "https://127.0.0.1:\(server.port)/mtls"
        // WHEN asked without a client certificate / THEN the handshake fails
        let refused = try Apish.run(["--cacert", certificates.ca, "-c", "get \(url)"])
        #expect(refused.status == 1, "\(refused.stdout)")
        // WHEN --cert and --key are given / THEN the server saw the client
        let passed = try Apish.run(["--cacert", certificates.ca, "--cert", certificates.clientCertificate,
                                    "--key", certificates.clientKey, "-c", "get \(url)", "-c", "curl"])
        #expect(passed.status == 0, "\(passed.stderr)")
        #expect(passed.stdout.contains(#""client": "apish-client""#), "\(passed.stdout)")
        #expect(passed.stdout.contains("--cert "), "\(passed.stdout)")
    }

    @Test func aProfileKeepsTheCAAndClientCertificateAndTheCurlExportCarriesThem() throws {
        // GIVEN an HTTPS server whose certificate the test CA signed, asking for a client certificate it signed too
        let certificates = try Certificates()
        defer { certificates.remove() }
        let server = try LoopbackServer(["https", certificates.serverCertificate, certificates.serverKey, certificates.ca])
        defer { server.stop() }
        let url = "https://127.0.0.1:\(server.port)/profiled"
        let home = try ProfileHome()
        defer { home.remove() }
        // WHEN a session started with the files, named relative to their folder, saves a profile
        let saved = try Apish.run(["--cacert", "ca.pem", "--cert", "client.pem", "--key", "client.key", "-c", "profile save tls"],
                                  environment: home.environment, directory: certificates.folder)
        #expect(saved.status == 0, "\(saved.stderr)")
        // THEN the profile names each file by its absolute path, never what the key holds, in a 0600 file
        let text = try home.read(home.profile("tls"))
        #expect(text.contains(#""cacert": "\#(certificates.ca)""#), "\(text)")
        #expect(text.contains(#""cert": "\#(certificates.clientCertificate)""#), "\(text)")
        #expect(text.contains(#""key": "\#(certificates.clientKey)""#), "\(text)")
        #expect(!text.contains("PRIVATE KEY") && !text.contains("insecure"), "\(text)")
        #expect(try home.mode(home.profile("tls")) == 0o600)
        // WHEN a fresh shell without the profile asks / THEN the certificate is refused
        let refused = try home.run(["-c", "get \(url)"])
        #expect(refused.status == 1, "\(refused.stdout)")
        #expect(refused.stderr.lowercased().contains("certificate"), "\(refused.stderr)")
        // WHEN a fresh shell starts from the profile, elsewhere / THEN the server answers and saw the client
        let started = try Apish.run(["--profile", "tls", "-c", "get \(url)", "-c", "curl"], environment: home.environment,
                                    directory: NSTemporaryDirectory())
        #expect(started.status == 0, "\(started.stderr)")
        #expect(started.stdout.contains(#""client": "apish-client""#), "\(started.stdout)")
        // AND `profile use` puts them in force in a running shell
        let used = try home.run(["-c", "profile use tls", "-c", "get \(url)", "-c", "profile show tls"])
        #expect(used.status == 0, "\(used.stderr)")
        #expect(used.stdout.contains(#""target": "/profiled""#), "\(used.stdout)")
        #expect(used.stdout.contains("cacert \(certificates.ca)"), "\(used.stdout)")
        // AND the curl export names the CA, the certificate and the key of the profile, and runs as it is
        let command = try #require(started.stdout.split(separator: "\n").last { $0.hasPrefix("curl ") }.map(String.init))
        for option in ["--cacert \(certificates.ca)", "--cert \(certificates.clientCertificate)", "--key \(certificates.clientKey)"] {
            #expect(command.contains(option), "\(option) not in \(command)")
        }
        #expect(!command.contains(" -k "), "\(command)")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") {
            let ran = try Apish.execute(["-c", command], environment: ProcessInfo.processInfo.environment, stdin: nil,
                                        directory: nil, timeout: 30, executable: "/bin/sh")
            #expect(ran.stdout.contains(#""client": "apish-client""#), "\(ran.stdout)\(ran.stderr)")
        }
    }

    @Test func aProfileThatTurnsVerificationOffSaysSoAndTheExportCarriesK() throws {
        // GIVEN a profile saved by a session started with --insecure
        let certificates = try Certificates()
        defer { certificates.remove() }
        let server = try LoopbackServer(["https", certificates.serverCertificate, certificates.serverKey])
        defer { server.stop() }
        let home = try ProfileHome()
        defer { home.remove() }
        #expect(try home.run(["--insecure", "-c", "profile save lax"]).status == 0)
        #expect(try home.read(home.profile("lax")).contains(#""insecure": true"#))
        // WHEN a fresh shell uses it / THEN the private CA's server answers, the shell says it is not verifying,
        // and the export has -k
        let run = try home.run(["--profile", "lax", "-c", "get https://127.0.0.1:\(server.port)/lax", "-c", "curl"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("not verified"), "\(run.stderr)")
        let command = try #require(run.stdout.split(separator: "\n").last { $0.hasPrefix("curl ") }.map(String.init))
        #expect(command.hasPrefix("curl -g --path-as-is -k "), "\(command)")
    }

    @Test func aProxyCarriesTheRequestAndItsCredentialsNeverShow() throws {
        // GIVEN a recording proxy with a password
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = folder + "/proxy.log"
        let proxy = try LoopbackServer(["proxy", log])
        defer { proxy.stop() }
        let proxyURL = "http://pxuser:pxS3cretPass@127.0.0.1:\(proxy.port)"
        // WHEN a request to another host goes through it, verbose, then exported
        let result = try Apish.run(["--proxy", proxyURL, "-c", "verbose on", "-c", "get http://api.example.test/items?page=2",
                                    "-c", "curl"])
        // THEN the proxy got the absolute target and the credentials
        #expect(result.status == 0, "\(result.stderr)")
        let seen = try String(contentsOfFile: log, encoding: .utf8)
        #expect(seen.contains("GET http://api.example.test/items?page=2 HTTP/1.1"), "\(seen)")
        let basic = Data("pxuser:pxS3cretPass".utf8).base64EncodedString()
        #expect(seen.contains("Proxy-Authorization: Basic \(basic)"), "\(seen)")
        // AND neither the password nor its Basic form shows anywhere
        for secret in ["pxS3cretPass", basic] {
            #expect(!result.stdout.contains(secret), "\(secret) in \(result.stdout)")
            #expect(!result.stderr.contains(secret), "\(secret) in \(result.stderr)")
        }
        // AND the export goes through the proxy, its password a variable
        let command = try #require(result.stdout.split(separator: "\n").last { $0.hasPrefix("curl ") }.map(String.init))
        #expect(command.contains("--proxy"), "\(command)")
        #expect(command.contains("${APISH_PROXY_PASSWORD}"), "\(command)")
    }
}
