import Foundation
import Testing

/// Mutual TLS as a person meets it: a server that refuses the client certificate says so (not "connection
/// reset"), an encrypted key's passphrase comes from `--key-password-env` (never OpenSSL's own prompt), and a
/// key others may read is warned about. Against the HTTPS server of loopback_servers.py.
@Suite(.serialized) struct ClientCertificateEndToEndTests {
    typealias Certificates = TLSAndProxyEndToEndTests.Certificates
    typealias LoopbackServer = TLSAndProxyEndToEndTests.LoopbackServer

    static func openssl(_ arguments: [String]) throws {
        let result = try Apish.execute(arguments, environment: ProcessInfo.processInfo.environment, stdin: nil, directory: nil,
                                       timeout: 60, executable: "/usr/bin/openssl")
        guard result.status == 0 else { throw TLSAndProxyEndToEndTests.ServerFailure(what: "openssl: \(result.stderr)") }
    }

    @Test func aServerThatRefusesTheClientCertificateIsSaidToHaveRefusedIt() throws {
        // GIVEN a server that requires a certificate its CA signed, and a certificate signed by no one it knows
        let certificates = try Certificates()
        defer { certificates.remove() }
        let rogue = certificates.folder
        try Self.openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", rogue + "/rogue.key", "-out", rogue + "/rogue.pem",
                          "-days", "2", "-subj", "/CN=rogue"])
        let server = try LoopbackServer(["https", certificates.serverCertificate, certificates.serverKey, certificates.ca])
        defer { server.stop() }
        let url = "https://127.0.0.1:\(server.port)/mtls"
        // WHEN it is asked without a certificate / THEN apish says one is required (or, when the reset came before
        // the alert, most likely is), and how to give it
        let none = try Apish.run(["--cacert", certificates.ca, "-c", "get \(url)"])
        #expect(none.status == 1)
        #expect(none.stderr.contains("require a client certificate (give one with --cert and --key)")
                || none.stderr.contains("requires a client certificate (give one with --cert and --key)"), "\(none.stderr)")
        // WHEN it is given the rogue certificate / THEN apish says the server refused it
        let refused = try Apish.run(["--cacert", certificates.ca, "--cert", rogue + "/rogue.pem", "--key", rogue + "/rogue.key",
                                     "-c", "get \(url)"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("the server refused the client certificate"), "\(refused.stderr)")
        for result in [none, refused] {
            #expect(!result.stderr.contains("connection reset"), "\(result.stderr)")
        }
    }

    @Test func anEncryptedKeysPassphraseComesFromTheEnvironmentAndNeverShows() throws {
        // GIVEN the client key encrypted with a passphrase
        let certificates = try Certificates()
        defer { certificates.remove() }
        let encrypted = certificates.folder + "/client-enc.key"
        try Self.openssl(["pkey", "-in", certificates.clientKey, "-aes256", "-passout", "pass:KeyPass99zz", "-out", encrypted])
        chmod(encrypted, 0o600)
        let server = try LoopbackServer(["https", certificates.serverCertificate, certificates.serverKey, certificates.ca])
        defer { server.stop() }
        let url = "https://127.0.0.1:\(server.port)/encrypted"
        let tls = ["--cacert", certificates.ca, "--cert", certificates.clientCertificate, "--key", encrypted]
        // WHEN the passphrase is named by --key-password-env / THEN the server saw the client
        let passed = try Apish.run(tls + ["--key-password-env", "APISH_TEST_KEY_PASS", "-c", "verbose on", "-c", "get \(url)", "-c", "curl"],
                                   environment: ["APISH_TEST_KEY_PASS": "KeyPass99zz"])
        #expect(passed.status == 0, "\(passed.stderr)")
        #expect(passed.stdout.contains(#""client": "apish-client""#), "\(passed.stdout)")
        #expect(!(passed.stdout + passed.stderr).contains("KeyPass99zz"))
        // WHEN it is not given and no terminal can ask / THEN apish says how to give it, before any request
        let missing = try Apish.run(tls + ["-c", "get \(url)"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("is encrypted: give its passphrase with --key-password-env NAME"), "\(missing.stderr)")
        // WHEN the variable named is not set / THEN that is said
        let unset = try Apish.run(tls + ["--key-password-env", "APISH_TEST_UNSET_VARIABLE", "-c", "get \(url)"])
        #expect(unset.status == 2)
        #expect(unset.stderr.contains("--key-password-env names APISH_TEST_UNSET_VARIABLE, which is not set"), "\(unset.stderr)")
    }

    @Test func aClientKeyOthersMayReadIsWarnedAbout() throws {
        // GIVEN the client key readable by everyone, then by its owner only
        let certificates = try Certificates()
        defer { certificates.remove() }
        for (mode, warned) in [(mode_t(0o644), true), (mode_t(0o600), false)] {
            chmod(certificates.clientKey, mode)
            // WHEN a session starts with it
            let result = try Apish.run(["--cert", certificates.clientCertificate, "--key", certificates.clientKey, "-c", "set x 1"])
            // THEN a readable key is warned about, with the fix; a private one is not
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("may be read by others (mode \(String(mode, radix: 8))); chmod 600") == warned, "\(result.stderr)")
        }
    }
}
