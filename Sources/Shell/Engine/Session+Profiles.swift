import FoundationFree
import Facade
import HTTPClient
import HTTPTypes
import Secrets
import Profiles
import ScriptLanguage

/// Saving a session into a profile and putting one back: the session's parts on one side, the profile's
/// fields and secret references on the other.
extension Session {
    package var profileStore: ProfileStore { ProfileStore(paths: profiles.paths) }

    /// The session as a profile, and the secrets to keep in credentials.json by id. A secret that came from
    /// `${env.NAME}` stays that reference and is not stored.
    func profileSnapshot(autosave: Bool) -> (profile: Profile, secrets: [String: String]) {
        var secrets: [String: String] = [:]
        let references = profiles.environmentReferences
        func keep(_ id: String, _ value: String) -> SecretReference {
            if let reference = references[value] { return reference }
            secrets[id] = value
            return .stored(id)
        }
        let state = facade.workspace.state
        var profile = Profile()
        if let source = facade.workspace.locatorSource, !(profiles.embeddedServer.map { source.hasPrefix($0) } ?? false) {
            profile.locator = Profile.locator(source)
        }
        profile.currentService = state.currentService
        profile.versions = state.choices.sorted { $0.key < $1.key }.map { service, choice in
            switch choice {
            case .latest: Profile.Field(service, "latest")
            case .pinned(let version): Profile.Field(service, version.description)
            }
        }
        let secretValues = Set(Redactor.secretValues(ofVariables: variables))
        // A variable read from `${env.NAME}`, or holding a credential (one the session sent or captured),
        // is saved as a reference too.
        let credentialValues = Set(state.credentials.secrets + sentSecrets)
        profile.variables = variables.sorted { $0.key < $1.key }.map { name, value in
            secretValues.contains(value) || credentialValues.contains(value) || references[value] != nil
                ? Profile.Field(name, keep("variable.\(name)", value).description) : Profile.Field(name, value)
        }
        profile.headers = state.headers.map { Profile.Field($0.name, $0.value) }
        profile.servers = state.serverBases.sorted { $0.key < $1.key }.map { Profile.Field($0.key, $0.value) }
        profile.credentials = StoredCredential.all(of: state.credentials, keep: keep)
        profile.location = state.location
        profile.tls = Profile.tls(facade.requests.tls)
        profile.timing = timing
        profile.verbose = verbose
        profile.autosave = autosave
        if let lines = profiles.cookieJar?.lines(), !lines.isEmpty {
            profile.cookies = keep("cookies", lines.joined(separator: "\n"))
        }
        return (profile, secrets)
    }

    /// Puts a profile back: its locator first (unless `keepingLocator`), then versions, variables, headers,
    /// credentials, location, flags and cookies. Everything is resolved before anything changes, so a
    /// profile that cannot be used leaves the session as it was. Answers warnings (a saved version the
    /// locator no longer has).
    package func apply(_ profile: Profile, named name: String, secrets stored: [String: String], keepingLocator: Bool = false)
        throws(StoredFileError) -> [String]
    {
        var references: [String: SecretReference] = [:]
        func resolve(_ reference: SecretReference, at place: String) throws(StoredFileError) -> String {
            switch reference {
            case .environment(let variable):
                guard let value = environment[variable], !value.isEmpty else {
                    throw SecureFile.Failure("profile \(name): \(place) is \(reference), and \(variable) is not set in the environment")
                }
                references[value] = reference
                return value
            case .stored(let id):
                guard let value = stored[id] else {
                    throw SecureFile.Failure("profile \(name): \(place) is \(reference), which credentials.json does not hold")
                }
                return value
            }
        }
        func value(_ text: String, at place: String) throws(StoredFileError) -> String {
            guard let reference = SecretReference(text) else { return text }
            return try resolve(reference, at: place)
        }
        var credentials = Credentials()
        for (index, credential) in profile.credentials.enumerated() {
            let place = "credentials[\(index)]"
            do throws(StoredFileError) {
                try credential.add(to: &credentials, secret: try resolve(credential.secret, at: place), at: place)
            } catch {
                throw SecureFile.Failure(error.description.hasPrefix("profile ") ? error.description : "profile \(name): \(error.description)")
            }
        }
        var restoredVariables: [String: String] = [:]
        for field in profile.variables {
            guard VariableName.isValid(field.name) else {
                throw SecureFile.Failure("profile \(name): variables.\(field.name) is not a variable name")
            }
            restoredVariables[field.name] = try value(field.value, at: "variables.\(field.name)")
        }
        var headers = HTTPHeaders()
        for field in profile.headers {
            headers.set(field.name, try value(field.value, at: "headers.\(field.name)"))
        }
        var choices: [String: VersionChoice] = [:]
        for field in profile.versions {
            if field.value.lowercased() == "latest" {
                choices[field.name.lowercased()] = .latest
            } else if let version = ServiceVersion(field.value) {
                choices[field.name.lowercased()] = .pinned(version)
            } else {
                throw SecureFile.Failure("profile \(name): versions.\(field.name) \"\(field.value)\" is not a version (v2, 2.1, latest)")
            }
        }
        let cookies = try profile.cookies.map { reference throws(StoredFileError) in try resolve(reference, at: "cookies") }
        if !keepingLocator, let locator = profile.locator, locator != facade.workspace.locatorSource {
            do {
                try facade.workspace.locate(locator, cancellation: cancellationToken())
            } catch {
                throw SecureFile.Failure("profile \(name): \(error.description)")
            }
        }
        var warnings: [String] = []
        if facade.workspace.hasLocator {
            for (service, choice) in choices.sorted(by: { $0.key < $1.key }) {
                guard case .pinned(let version) = choice else { continue }
                let versions = facade.workspace.versions(of: service)
                if !versions.isEmpty, !versions.contains(version) {
                    choices[service] = nil
                    warnings.append("profile \(name): \(service) has no \(version) any more; it follows its default")
                }
            }
        }
        for field in profile.servers where !LocatorLocation.isWeb(field.value) {
            warnings.append("profile \(name): servers.\(field.name) \(field.value) is not an http(s) URL; left out")
        }
        let tls = tls(from: profile)
        warnings += Self.tlsWarnings(profile.tls, inForce: tls, commandLine: options.transport.tls, profile: name)
        facade.workspace.restore(SessionState(
            choices: choices, currentService: profile.currentService, headers: headers, credentials: credentials,
            location: profile.location, recordsSentHeaders: profile.verbose,
            serverBases: Dictionary(
                profile.servers.filter { LocatorLocation.isWeb($0.value) }.map { ($0.name, $0.value) },
                uniquingKeysWith: { _, last in last })))
        facade.requests.setTLS(tls)
        variables = restoredVariables
        timing = profile.timing
        verbose = profile.verbose
        if let cookies { profiles.cookieJar?.restore(cookies.split(separator: "\n").map(String.init)) }
        profiles.environmentReferences = references
        profiles.active = name
        profiles.autosave = profile.autosave
        return warnings
    }

    /// Loads and applies a saved profile.
    @discardableResult
    public func useProfile(_ name: String, keepingLocator: Bool = false) throws(StoredFileError) -> [String] {
        let store = profileStore
        let profile = try store.load(name)
        return try apply(profile, named: name, secrets: try store.secrets(of: name), keepingLocator: keepingLocator)
    }

    /// Saves the session into a profile and makes it the one in use.
    @discardableResult
    package func saveProfile(_ name: String, autosave: Bool? = nil) throws(StoredFileError) -> [String] {
        let keepsAutosave = autosave ?? (profiles.active == name ? profiles.autosave : ((try? profileStore.load(name))?.autosave ?? false))
        let (profile, secrets) = profileSnapshot(autosave: keepsAutosave)
        let notes = try profileStore.save(profile, secrets: secrets, as: name)
        profiles.active = name
        profiles.autosave = keepsAutosave
        return notes
    }

    /// `profile delete NAME`: the file goes, and so does its use when it is the profile in use.
    public func deleteProfile(_ name: String) throws(StoredFileError) -> [String] {
        let notes = try profileStore.delete(name)
        if profiles.active == name { profiles.active = nil }
        return notes
    }

    /// The demo server apish started itself serves at `baseURL`: a profile never saves a locator there.
    public func servesEmbeddedDemo(at baseURL: String) {
        profiles.embeddedServer = baseURL
    }

    /// At the end of a session: saves into the profile in use when its autosave is on. One line when that
    /// failed (or noted something), nil otherwise.
    public func finishProfile() -> [String] {
        guard let name = profiles.active, profiles.autosave else { return [] }
        do {
            return try saveProfile(name)
        } catch {
            return ["cannot save profile \(name): \(error.description)"]
        }
    }

    /// The profile named on the command line (`--profile`, `$APISH_PROFILE`), read before the locator is
    /// chosen: its TLS settings are put in force at once (the first load may need its CA), and its locator
    /// is answered, to be used when the command line gives none. `useProfile` puts back the rest.
    public func prepareStartupProfile(_ name: String) throws(StoredFileError) -> String? {
        let profile = try profileStore.load(name)
        facade.requests.setTLS(tls(from: profile))
        return profile.locator
    }

    /// The TLS settings a profile puts in force: the command line's options win over the profile's, one by
    /// one, as its `--locator` wins over the profile's locator.
    private func tls(from profile: Profile) -> TLSSettings {
        options.transport.tls.over(profile.tls)
    }

    /// What to say about a profile's TLS settings: that it turns verification off (as `--insecure` says at
    /// start), and each file it names that is not there.
    private static func tlsWarnings(_ saved: TLSSettings, inForce: TLSSettings, commandLine: TLSSettings, profile name: String) -> [String] {
        var warnings: [String] = []
        if saved.insecure, !commandLine.insecure {
            warnings.append("profile \(name): tls.insecure: TLS certificates and host names are not verified")
        }
        let files: [(String, String?, String?)] = [
            ("cacert", saved.caFile, inForce.caFile), ("capath", saved.caPath, inForce.caPath),
            ("cert", saved.clientCertificate, inForce.clientCertificate), ("key", saved.clientKey, inForce.clientKey),
        ]
        for (member, path, used) in files {
            guard let path, path == used, FileKind.isDirectory(path) == nil else { continue }
            warnings.append("profile \(name): tls.\(member) \(path) does not exist; requests that need it will fail")
        }
        return warnings
    }
}
