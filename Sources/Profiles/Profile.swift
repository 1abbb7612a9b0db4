import FoundationFree
import Facade
import HTTPClient
import HTTPTypes
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A saved session as its file holds it (`profiles/NAME.json`): the locator, versions, variables, headers,
/// credentials with their scopes, location and flags, every secret replaced by a `SecretReference`.
package struct Profile: Sendable, Equatable {
    /// A name and a value, in the order they were saved.
    package struct Field: Sendable, Equatable {
        package let name: String
        package let value: String
        package init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    package init() {}

    /// Nil: the session keeps the locator it was started with.
    package var locator: String?
    package var currentService: String?
    /// Service (lower-cased) → `v2` or `latest`.
    package var versions: [Field] = []
    /// Values may be references (a variable that holds a credential).
    package var variables: [Field] = []
    package var headers: [Field] = []
    /// Service (lower-cased) → the base URL `server URL` gave it.
    package var servers: [Field] = []
    package var credentials: [StoredCredential] = []
    /// The place the session set; nil when it set none (written as no member; `null` reads as none too).
    package var location: Coordinate?
    package var timing = false
    package var verbose = false
    /// Saved into on exit when the session was started with it.
    package var autosave = false
    /// The cookie jar (Netscape lines), kept in credentials.json: cookies carry sessions.
    package var cookies: SecretReference?
    /// The CA bundle and folder, the client certificate and key (paths, never their contents), and
    /// whether verification is off; the default when the session set none.
    package var tls = TLSSettings()

    /// The locator as a profile keeps it: a URL as it is, a path made absolute against `directory` (the
    /// current one when saving). A relative path would name another folder's file when the profile is used
    /// there, and the profile's secrets would go to the services that file lists.
    package static func locator(_ source: String, from directory: String = FileManager.default.currentDirectoryPath) -> String {
        if LocatorLocation.isWeb(source) || source.lowercased().hasPrefix("file://") { return source }
        return absolutePath(source, from: directory)
    }

    /// A file's path as a profile keeps it: absolute (against `directory`, `~` expanded), so that the
    /// profile names the same file wherever it is used.
    static func absolutePath(_ path: String, from directory: String = FileManager.default.currentDirectoryPath) -> String {
        let path = LocatorLocation.expandTilde(path)
        guard !path.hasPrefix("/") else { return path }
        return URL(fileURLWithPath: directory).appendingPathComponent(path).standardizedFileURL.path
    }

    /// The TLS settings as a profile keeps them: their files by absolute path.
    package static func tls(_ settings: TLSSettings, from directory: String = FileManager.default.currentDirectoryPath) -> TLSSettings {
        func absolute(_ path: String?) -> String? { path.map { absolutePath($0, from: directory) } }
        return TLSSettings(
            insecure: settings.insecure, caFile: absolute(settings.caFile), caPath: absolute(settings.caPath),
            clientCertificate: absolute(settings.clientCertificate), clientKey: absolute(settings.clientKey))
    }
}

/// One credential of a profile: its kind (`bearer`, `api_key`, `header`, `oauth2`), where it may go
/// (`*` every service, a service name, or an origin URL), what is not secret about it (a parameter or
/// header name, a token URL and client id), and a reference to its secret. A new kind of credential is a
/// new `kind` with its own fields; the shape stays the same.
package struct StoredCredential: Sendable, Equatable {
    package var kind: String
    package var scope: String
    package var fields: [Profile.Field] = []
    package var secret: SecretReference

    package func field(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }
}
