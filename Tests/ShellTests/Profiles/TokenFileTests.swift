import Facade
import Foundation
import FoundationFree
@testable import Shell
import Testing
@testable import Profiles

@Suite struct TokenFileTests {
    private func folder() throws -> String {
        let path = NSTemporaryDirectory() + "apish-tokenfile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func token(_ client: String, access: String = "Tt1AccessToken", at time: Double = 1_000) -> OAuth2Token {
        OAuth2Token(tokenURL: "https://auth.example/token", clientID: client, scopes: ["read"], audience: nil,
                    accessToken: access, obtainedAt: time, expiresAt: time + 3600)
    }

    @Test func aTokenTooBigToReadBackIsNotKeptAndNeverShown() throws {
        // GIVEN a token endpoint that issued a 5 MiB access token, next to an ordinary one
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tokens.json"
        let huge = String(repeating: "Hh", count: 5 << 19)

        // WHEN both are saved
        let refused = #expect(throws: OAuth2StoreError.self) {
            try TokenFile(path: path).save([token("small"), token("big", access: huge, at: 2_000)])
        }

        // THEN one line says so without the token, and the file holds the ordinary one and can be read
        let message = refused?.description ?? ""
        #expect(message.contains("big") && message.contains("4 MiB"), "\(message)")
        #expect(!message.contains("HhHhHhHh") && !message.contains("\n"))
        #expect(try TokenFile(path: path).load() == [token("small")])
        #expect(SecureFile.names(in: directory).filter { $0.contains("bak") }.isEmpty)
    }

    @Test func twoProcessesSavingTokensKeepBoth() throws {
        // GIVEN two runs that read the same (empty) file
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tokens.json"
        let first = TokenFile(path: path), second = TokenFile(path: path)
        #expect(try first.load().isEmpty && second.load().isEmpty)

        // WHEN each fetches a token for its own client and saves what it holds
        try first.save([token("one")])
        try second.save([token("two", at: 2_000)])

        // THEN the file holds both
        #expect(try TokenFile(path: path).load() == [token("one"), token("two", at: 2_000)])

        // WHEN the second reads both, the first renews its token, and the second, holding the old one
        // unchanged, drops its own
        #expect(try second.load().count == 2)
        try first.save([token("one", access: "Tt2Renewed", at: 3_000), token("two", at: 2_000)])
        try second.save([token("one")])

        // THEN the renewal is kept and the dropped token is gone
        #expect(try TokenFile(path: path).load() == [token("one", access: "Tt2Renewed", at: 3_000)])
    }

    @Test func aFileThatCannotBeReadLeavesAtMostThreeBackups() throws {
        // GIVEN a tokens.json that cannot be parsed, run after run
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tokens.json"
        for _ in 1...6 {
            try "not json".write(toFile: path, atomically: true, encoding: .utf8)
            let file = TokenFile(path: path)
            #expect(throws: OAuth2StoreError.self) { try file.load() }
            try file.save([token("one")])
        }

        // THEN the last save is readable and only three backups remain
        #expect(try TokenFile(path: path).load() == [token("one")])
        let backups = SecureFile.names(in: directory).filter { $0.hasPrefix("tokens.json.bak") }.sorted()
        #expect(backups == ["tokens.json.bak", "tokens.json.bak.2", "tokens.json.bak.3"])
    }
}
