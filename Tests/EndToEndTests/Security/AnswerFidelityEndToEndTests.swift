import Foundation
import Testing

/// What a program reads is what the server sent: GitHub's and Stripe's answers (served by `apish mock` from
/// their published descriptions, Tests/Fixtures/github-stripe) piped through `| cat` and taken from `--json`
/// are equal as JSON to the answer itself, although they hold members that look like credentials (`key`,
/// `*_url`, `*_id`), which a terminal display may hide.
@Suite(.serialized) struct AnswerFidelityEndToEndTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/github-stripe")

    /// A standalone mock of one description, on a free port.
    final class Mock {
        let process = Process()
        let base: String
        let document: String
        let folder: String

        init(_ name: String) throws {
            folder = NSTemporaryDirectory() + "apish-fidelity-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            document = folder + "/" + name
            let unzip = try Apish.execute(["-c", "gzip -dc \"$0\" > \"$1\"", Self.path(name + ".gz"), document],
                                          environment: ["PATH": "/usr/bin:/bin"], stdin: nil, directory: nil, timeout: 60,
                                          executable: "/bin/sh")
            guard unzip.status == 0 else { throw CocoaError(.fileReadCorruptFile) }
            process.executableURL = URL(fileURLWithPath: Apish.binary)
            process.arguments = ["mock", document, "--port", "0"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The first lines name the mock and each version's base URL.
            var seen = ""
            while !seen.contains("operations)") {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                seen += String(decoding: chunk, as: UTF8.self)
            }
            guard let line = seen.split(separator: "\n").first(where: { $0.contains("operations)") }),
                  let url = line.split(separator: " ").first(where: { $0.hasPrefix("http://") }) else {
                process.terminate()
                throw CocoaError(.fileReadUnknown)
            }
            base = String(url)
        }

        static func path(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

        func stop() {
            process.terminate()
            process.waitUntilExit()
            try? FileManager.default.removeItem(atPath: folder)
        }

        /// The answer to GET `path`, straight from the mock.
        func direct(_ path: String) throws -> Any {
            let result = try Apish.execute(["-s", "-H", "Authorization: Bearer sk_test_fidelity", base + path], environment: ["PATH": "/usr/bin:/bin"], stdin: nil,
                                           directory: nil, timeout: 60, executable: "/usr/bin/curl")
            return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        }
    }

    /// Equal as JSON: both written again by Foundation with sorted keys.
    static func same(_ a: Any, _ b: Any) -> Bool {
        func canonical(_ value: Any) -> Data? {
            try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        }
        guard let left = canonical(a), let right = canonical(b) else { return false }
        return left == right
    }

    @Test(arguments: [
        ("github-2021-10-10.json", "licenses/get mit", "/licenses/mit"),
        ("github-2021-10-10.json", "users/get-by-username octocat", "/users/octocat"),
        ("github-2021-10-10.json", "repos/get octocat hello", "/repos/octocat/hello"),
        ("stripe-2022-04-12.json", "GetCustomersCustomer cus_1", "/v1/customers/cus_1"),
        ("stripe-2022-04-12.json", "GetCheckoutSessionsSession cs_1", "/v1/checkout/sessions/cs_1"),
    ])
    func answersReachPipesAndJSONUnchanged(document: String, call: String, path: String) throws {
        let mock = try Mock(document)
        defer { mock.stop() }
        let expected = try mock.direct(path)
        // Stripe's operations need a credential; the mock takes any (and it is a secret apish holds, in no answer)
        let common = ["--locator", mock.document, "--server", mock.base, "-c", "auth bearer sk_test_fidelity"]
        // WHEN the call's answer goes to a pipe
        let piped = try Apish.run(common + ["-c", "call \(call) | cat"])
        #expect(piped.status == 0, "\(piped.stderr)")
        // (after the line `auth` prints)
        let body = piped.stdout.split(separator: "\n", maxSplits: 1).dropFirst().joined()
        let pipedValue = try JSONSerialization.jsonObject(with: Data(body.utf8))
        #expect(Self.same(pipedValue, expected), "\(piped.stdout.prefix(2000))")
        #expect(!body.contains("•••"))
        // AND to --json
        let json = try Apish.run(common + ["--json", "-c", "call \(call)"])
        #expect(json.status == 0, "\(json.stderr)")
        let line = try #require(json.jsonLines.last)
        #expect(Self.same(line["data"] ?? NSNull(), expected), "\(json.stdout.prefix(2000))")
        let data = try JSONSerialization.data(withJSONObject: line["data"] ?? NSNull(), options: [.fragmentsAllowed])
        #expect(!String(decoding: data, as: UTF8.self).contains("•••"))
    }
}
