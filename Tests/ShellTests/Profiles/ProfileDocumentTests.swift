@testable import Facade
import HTTPClient
import HTTPTypes
import FoundationFree
import Secrets
import Foundation
@testable import Shell
import Testing
@testable import Profiles

@Suite struct ProfileDocumentTests {
    private func sample() -> Profile {
        var profile = Profile()
        profile.locator = "http://127.0.0.1:8080/services.json"
        profile.currentService = "weather"
        profile.versions = [Profile.Field("weather", "v2"), Profile.Field("stockquote", "latest")]
        profile.variables = [Profile.Field("city", "Boston"), Profile.Field("token", "${secret.variable.token}")]
        profile.headers = [Profile.Field("X-Trace", "demo")]
        profile.credentials = [
            StoredCredential(kind: "bearer", scope: "twit", secret: .stored("bearer.twit")),
            StoredCredential(kind: "oauth2", scope: "*", fields: [Profile.Field("token_url", "https://a/token"), Profile.Field("client_id", "app")],
                             secret: .environment("CLIENT_SECRET")),
        ]
        profile.location = Coordinate(latitude: 37.5, longitude: 127)
        profile.timing = true
        profile.cookies = .stored("cookies")
        return profile
    }

    @Test func aProfileReadsBackAsItWasWritten() throws {
        let profile = sample()
        let text = ProfileDocument.encode(profile)
        #expect(try ProfileDocument.decode(Array(text.utf8)) == profile)
        // One member per line, in a fixed order: diffable.
        #expect(text.contains("\n  \"versions\": {\n    \"weather\": \"v2\",\n    \"stockquote\": \"latest\"\n  },\n"))
        #expect(text.contains(#""secret": "${env.CLIENT_SECRET}""#))
    }

    @Test func tlsFilesAreKeptByPathAndOnlyWhenSet() throws {
        // GIVEN a session that set no TLS option  THEN its profile has no tls member
        #expect(!ProfileDocument.encode(Profile()).contains("tls"))
        // GIVEN one with a CA, a client certificate and its key, relative to a folder
        var profile = Profile()
        profile.tls = Profile.tls(TLSSettings(caFile: "certs/ca.pem", clientCertificate: "/etc/me.pem", clientKey: "me.key"),
                                  from: "/home/ada/work")
        // THEN the paths are absolute, named as curl's options, and read back the same
        let text = ProfileDocument.encode(profile)
        #expect(text.contains(#""tls": {\#n    "cacert": "/home/ada/work/certs/ca.pem",\#n    "cert": "/etc/me.pem",\#n    "key": "/home/ada/work/me.key"\#n  }"#), "\(text)")
        #expect(!text.contains("insecure"))
        #expect(try ProfileDocument.decode(Array(text.utf8)) == profile)
        // AND insecure is written only when on
        profile.tls.insecure = true
        #expect(try ProfileDocument.decode(Array(ProfileDocument.encode(profile).utf8)).tls.insecure)
    }

    @Test func aTLSMemberThatIsNoSettingIsRefused() {
        #expect(throws: StoredFileError("tls.password: not a TLS setting (cacert, capath, cert, key, insecure)")) {
            try ProfileDocument.decode(Array(#"{"tls": {"password": "x"}}"#.utf8))
        }
        #expect(throws: StoredFileError("tls.cacert: expected a file's path, found number")) {
            try ProfileDocument.decode(Array(#"{"tls": {"cacert": 3}}"#.utf8))
        }
    }

    @Test func aSecretInPlaceOfAReferenceIsRefused() {
        let text = #"{"credentials": [{"kind": "bearer", "scope": "*", "secret": "plain-token"}]}"#
        #expect(throws: StoredFileError("credentials[0]: \"secret\" must be a reference like ${env.NAME} or ${secret.ID}, never the secret itself")) {
            try ProfileDocument.decode(Array(text.utf8))
        }
    }

    @Test func aPlaceIsWrittenOnlyWhenTheSessionSetOne() throws {
        // GIVEN a profile of a session that set no place  THEN its file has no location, and reads back without one
        let unset = ProfileDocument.encode(Profile())
        #expect(!unset.contains("location"))
        #expect(try ProfileDocument.decode(Array(unset.utf8)).location == nil)
        // An older file's explicit null is no place either.
        #expect(try ProfileDocument.decode(Array(#"{"location": null}"#.utf8)).location == nil)
        // GIVEN a place  THEN it is written and read back
        var placed = Profile()
        placed.location = Coordinate(latitude: -33.9, longitude: 151.2)
        let text = ProfileDocument.encode(placed)
        #expect(text.contains(#""latitude": -33.9"#))
        #expect(try ProfileDocument.decode(Array(text.utf8)).location == Coordinate(latitude: -33.9, longitude: 151.2))
    }

    @Test func mistakesAreOneLineNamingWhere() {
        #expect(throws: StoredFileError("versions.weather: expected a string, found number")) {
            try ProfileDocument.decode(Array(#"{"versions": {"weather": 2}}"#.utf8))
        }
        #expect((try? ProfileDocument.decode(Array("{".utf8))) == nil)
        #expect(throws: StoredFileError("credentials[0]: no \"kind\"")) {
            try ProfileDocument.decode(Array(#"{"credentials": [{"scope": "*", "secret": "${env.X}"}]}"#.utf8))
        }
    }

    @Test func referencesAreWholeValuesOnly() {
        #expect(SecretReference("${env.GITHUB_TOKEN}") == .environment("GITHUB_TOKEN"))
        #expect(SecretReference("${secret.bearer.https://api.github.com}") == .stored("bearer.https://api.github.com"))
        #expect(SecretReference("x ${env.A}") == nil)
        #expect(SecretReference("${env.A-B}") == nil)
        #expect(SecretReference("${other.A}") == nil)
    }

    @Test func everyCredentialKindRoundTripsThroughStoredCredentials() throws {
        var credentials = Credentials()
        credentials.set(BearerToken("b"), for: .service("twit"))
        credentials.set(APIKey(parameter: "key", value: "k"), for: .allServices)
        credentials.setHeader("X-Api-Key", "h", for: .origin("https://api.example"))
        credentials.set(OAuth2Credential(OAuth2Client(tokenURL: "https://a/token", clientID: "app", clientSecret: "s", scopes: ["read", "write"],
                                                      audience: "api", authentication: .post)), for: .service("secure"))
        var kept: [String: String] = [:]
        let stored = StoredCredential.all(of: credentials) { id, value in
            kept[id] = value
            return .stored(id)
        }
        var restored = Credentials()
        for (index, credential) in stored.enumerated() {
            guard case .stored(let id) = credential.secret else { continue }
            try credential.add(to: &restored, secret: try #require(kept[id]), at: "credentials[\(index)]")
        }
        #expect(restored == credentials)
        #expect(stored.map(\.kind) == ["bearer", "api_key", "header", "oauth2"])
    }
}
