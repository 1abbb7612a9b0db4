import APIDescriptions
@testable import Facade
import Secrets
import Testing
@testable import Profiles
@testable import Shell

/// An HMAC key with its key id, as some APIs sign with: a scheme declared only here, to show that a profile
/// stores and reads back a scheme it was never told of, given the registry it is in.
private struct SigningKey: AuthScheme, CredentialPlacing {
    let keyID: String
    let secret: String

    var kind: String { "signing_key" }
    var slot: CredentialSlot { CredentialSlot("signature", rank: 3) }
    var secrets: [String] { [secret] }
    var hintName: String { "a signing key" }
    func summary(in scope: Credentials.Scope) -> String { "signing \(scope) \(keyID) •••" }
    func placement(for requirement: AuthRequirement?, base: String, context: AuthContext) -> CredentialPlacement? {
        CredentialPlacement(place: .header("X-Key-Id"), value: keyID, base: base)
    }
    static let storedKinds = ["signing_key"]
    var record: CredentialRecord {
        CredentialRecord(kind: "signing_key", fields: [CredentialRecord.Field("key_id", keyID)], secretIDSuffix: keyID, secret: secret)
    }
    static func restore(_ record: CredentialRecord) throws(CredentialRecord.Failure) -> SigningKey {
        SigningKey(keyID: try record.required("key_id"), secret: record.secret)
    }
    static let recordingVariable: String? = "APISH_SIGNING_KEY"
    var recordedSecret: String? { secret }
}

@Suite struct AuthSchemeProfileTests {
    private let schemes: [any AuthScheme.Type] = AuthSchemes.all + [SigningKey.self]

    @Test func aRegisteredSchemeIsStoredAndReadBackByItsRecord() throws {
        // GIVEN a bearer token and a credential of a scheme registered beside the built-in ones
        var credentials = Credentials()
        credentials.set(SigningKey(keyID: "k1", secret: "sig-secret"), for: .origin("https://api.example"))
        credentials.set(BearerToken("b"), for: .allServices)

        // WHEN stored as a profile stores them
        var kept: [String: String] = [:]
        let stored = StoredCredential.all(of: credentials, schemes: schemes) { id, value in
            kept[id] = value
            return .stored(id)
        }

        // THEN each is written in the registry's order, its secret kept apart under its id, and read back the same
        #expect(stored.map(\.kind) == ["bearer", "signing_key"])
        #expect(stored[1].fields == [Profile.Field("key_id", "k1")])
        #expect(kept == ["bearer.*": "b", "signing_key.https://api.example.k1": "sig-secret"])
        var restored = Credentials()
        for (index, credential) in stored.enumerated() {
            guard case .stored(let id) = credential.secret else { continue }
            try credential.add(to: &restored, secret: try #require(kept[id]), at: "credentials[\(index)]", schemes: schemes)
        }
        #expect(restored == credentials)
    }

    @Test func aKindNoSchemeIsStoredAsIsRefusedWithTheKindsThereAre() {
        let stored = StoredCredential(kind: "hawk", scope: "*", secret: .stored("hawk.*"))
        var credentials = Credentials()
        #expect(throws: ProfileDocument.Failure(
            "credentials[0]: unknown credential kind \"hawk\" (bearer, api_key, header, oauth2, basic, digest)")) {
            try stored.add(to: &credentials, secret: "s", at: "credentials[0]")
        }
        #expect(throws: ProfileDocument.Failure("credentials[0]: a signing_key credential needs \"key_id\"")) {
            try StoredCredential(kind: "signing_key", scope: "*", secret: .stored("x"))
                .add(to: &credentials, secret: "s", at: "credentials[0]", schemes: schemes)
        }
    }

    @Test func aRecordingNamesTheSecretOfARegisteredSchemeByItsVariable() {
        // GIVEN a signing key set / WHEN a line holding its secret is recorded / THEN the secret is the scheme's reference
        var credentials = Credentials()
        credentials.set(SigningKey(keyID: "k1", secret: "sig-secret-9"), for: .allServices)
        let line = Recorder.recordable("post /sign key=sig-secret-9", references: Recorder.references(for: credentials)) { $0 }
        #expect(line == "post /sign key=${env.APISH_SIGNING_KEY:-redacted}")
    }
}
