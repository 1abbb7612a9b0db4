import FoundationFree
import Facade
import JSON
import HTTPClient
import HTTPTypes
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The text of a profile file and back: pretty JSON with members in a fixed order, so that a person can
/// read it, edit it, and diff two of them. Pure: no file, no session.
package enum ProfileDocument {
    /// Why a profile's text cannot be used, in one line (`credentials[1]: no "kind"`).
    package typealias Failure = StoredFileError

    static let formatVersion = 1

    package static func encode(_ profile: Profile) -> String {
        var members: [(String, JSONValue)] = [("apish_profile", .number(JSONNumber(formatVersion)))]
        if let locator = profile.locator { members.append(("locator", .string(locator))) }
        if let current = profile.currentService { members.append(("current_service", .string(current))) }
        members.append(("versions", object(profile.versions)))
        members.append(("variables", object(profile.variables)))
        members.append(("headers", object(profile.headers)))
        if !profile.servers.isEmpty { members.append(("servers", object(profile.servers))) }
        members.append(("credentials", .array(profile.credentials.map(encode))))
        if let place = profile.location {
            members.append(("location", .object(JSONObject([
                ("latitude", number(place.latitude)), ("longitude", number(place.longitude)),
            ]))))
        }
        if !profile.tls.isDefault { members.append(("tls", encode(profile.tls))) }
        members += [("timing", .bool(profile.timing)), ("verbose", .bool(profile.verbose)), ("autosave", .bool(profile.autosave))]
        if let cookies = profile.cookies { members.append(("cookies", .string(cookies.description))) }
        return JSONValue.object(JSONObject(members)).encoded(pretty: true) + "\n"
    }

    package static func decode(_ bytes: [UInt8]) throws(Failure) -> Profile {
        let root: JSONValue
        do {
            root = try JSONValue.parse(Data(bytes))
        } catch {
            throw Failure("not JSON: \(error.description)")
        }
        guard case .object(let object) = root else { throw Failure("the document is not a JSON object") }
        if let version = object["apish_profile"], version.intValue != formatVersion {
            throw Failure("apish_profile \(version) is a format this apish does not read (it reads \(formatVersion))")
        }
        var profile = Profile()
        profile.locator = try string(object["locator"], "locator")
        profile.currentService = try string(object["current_service"], "current_service")
        profile.versions = try fields(object["versions"], "versions")
        profile.variables = try fields(object["variables"], "variables")
        profile.headers = try fields(object["headers"], "headers")
        profile.servers = try fields(object["servers"], "servers")
        if let list = object["credentials"], !list.isNull {
            guard let elements = list.arrayValue else { throw Failure("credentials: expected an array, found \(list.typeName)") }
            profile.credentials = try elements.enumerated().map { index, element throws(Failure) in
                try credential(element, at: "credentials[\(index)]")
            }
        }
        if let location = object["location"] {
            if location.isNull {
                profile.location = nil
            } else {
                guard let latitude = location["latitude"]?.doubleValue, let longitude = location["longitude"]?.doubleValue,
                      (-90...90).contains(latitude), (-180...180).contains(longitude) else {
                    throw Failure("location: expected {\"latitude\": -90…90, \"longitude\": -180…180} or null")
                }
                profile.location = Coordinate(latitude: latitude, longitude: longitude)
            }
        }
        profile.tls = try tls(object["tls"])
        profile.timing = try bool(object["timing"], "timing")
        profile.verbose = try bool(object["verbose"], "verbose")
        profile.autosave = try bool(object["autosave"], "autosave")
        if let text = try string(object["cookies"], "cookies") {
            guard let reference = SecretReference(text) else {
                throw Failure("cookies: expected a reference like ${secret.cookies}, not the cookies themselves")
            }
            profile.cookies = reference
        }
        return profile
    }

    // MARK: TLS

    /// The members of `tls`, named as curl's options are: `cacert`, `capath`, `cert`, `key`, `insecure`.
    private static var tlsPaths: [(name: String, path: WritableKeyPath<TLSSettings, String?>)] { [
        ("cacert", \.caFile), ("capath", \.caPath), ("cert", \.clientCertificate), ("key", \.clientKey),
    ] }

    private static func encode(_ tls: TLSSettings) -> JSONValue {
        var members: [(String, JSONValue)] = tlsPaths.compactMap { member in tls[keyPath: member.path].map { (member.name, .string($0)) } }
        if tls.insecure { members.append(("insecure", .bool(true))) }
        return .object(JSONObject(members))
    }

    private static func tls(_ value: JSONValue?) throws(Failure) -> TLSSettings {
        guard let value, !value.isNull else { return TLSSettings() }
        guard case .object(let object) = value else { throw Failure("tls: expected an object, found \(value.typeName)") }
        var settings = TLSSettings()
        for (name, member) in object {
            if name == "insecure" {
                settings.insecure = try bool(member, "tls.insecure")
            } else if let known = tlsPaths.first(where: { $0.name == name }) {
                guard let path = member.stringValue, !path.isEmpty else {
                    throw Failure("tls.\(name): expected a file's path, found \(member.typeName)")
                }
                settings[keyPath: known.path] = path
            } else {
                throw Failure("tls.\(name): not a TLS setting (cacert, capath, cert, key, insecure)")
            }
        }
        return settings
    }

    // MARK: Credentials

    private static func encode(_ credential: StoredCredential) -> JSONValue {
        var members: [(String, JSONValue)] = [("kind", .string(credential.kind)), ("scope", .string(credential.scope))]
        members += credential.fields.map { ($0.name, .string($0.value)) }
        members.append(("secret", .string(credential.secret.description)))
        return .object(JSONObject(members))
    }

    private static func credential(_ value: JSONValue, at place: String) throws(Failure) -> StoredCredential {
        guard case .object(let object) = value else { throw Failure("\(place): expected an object, found \(value.typeName)") }
        guard let kind = object["kind"]?.stringValue, !kind.isEmpty else { throw Failure("\(place): no \"kind\"") }
        guard let scope = object["scope"]?.stringValue, !scope.isEmpty else {
            throw Failure("\(place): no \"scope\" (* for every service, a service name, or a URL)")
        }
        guard let secretText = object["secret"]?.stringValue else { throw Failure("\(place): no \"secret\"") }
        guard let secret = SecretReference(secretText) else {
            throw Failure("\(place): \"secret\" must be a reference like ${env.NAME} or ${secret.ID}, never the secret itself")
        }
        var fields: [Profile.Field] = []
        for (name, field) in object where !["kind", "scope", "secret"].contains(name) {
            guard let text = field.stringValue else { throw Failure("\(place).\(name): expected a string, found \(field.typeName)") }
            fields.append(Profile.Field(name, text))
        }
        return StoredCredential(kind: kind, scope: scope, fields: fields, secret: secret)
    }

    // MARK: Members

    private static func object(_ fields: [Profile.Field]) -> JSONValue {
        .object(JSONObject(fields.map { ($0.name, JSONValue.string($0.value)) }))
    }

    private static func number(_ value: Double) -> JSONValue {
        JSONNumber(value).map(JSONValue.number) ?? .null
    }

    private static func string(_ value: JSONValue?, _ name: String) throws(Failure) -> String? {
        guard let value, !value.isNull else { return nil }
        guard let text = value.stringValue else { throw Failure("\(name): expected a string, found \(value.typeName)") }
        return text
    }

    private static func bool(_ value: JSONValue?, _ name: String) throws(Failure) -> Bool {
        guard let value, !value.isNull else { return false }
        guard let flag = value.boolValue else { throw Failure("\(name): expected true or false, found \(value.typeName)") }
        return flag
    }

    private static func fields(_ value: JSONValue?, _ name: String) throws(Failure) -> [Profile.Field] {
        guard let value, !value.isNull else { return [] }
        guard case .object(let object) = value else { throw Failure("\(name): expected an object, found \(value.typeName)") }
        var fields: [Profile.Field] = []
        for (key, member) in object {
            guard let text = member.stringValue else { throw Failure("\(name).\(key): expected a string, found \(member.typeName)") }
            fields.append(Profile.Field(key, text))
        }
        return fields
    }
}
