import FoundationFree
import Facade
import JSON
import Secrets
import HTTPClient
import HTTPTypes
import Rendering
import Profiles
import Shell

/// `profile save|use|show|delete NAME | profile list | profile autosave on|off`.
struct ProfileCommand: Command {
    let name = "profile"
    let abstract = "Save the session (versions, variables, headers, credentials, cookies, TLS files, flags) as a profile, or restore one"
    static let profile = Positional("NAME", .profile, help: "the profile's name")
    static let autosave = Positional("on|off", .choice(["on", "off"]), help: "whether the profile in use is saved when the session ends")

    var signature: CommandSignature {
        CommandSignature([
            ArgumentForm(["save", "use", "show", "delete"], [Self.profile], help: "save the session as NAME, restore it, show it, or delete it"),
            ArgumentForm(["list"], help: "list the saved profiles"),
            ArgumentForm(["autosave"], [Self.autosave], help: "save the profile in use when the session ends, or not"),
            ArgumentForm(),
        ])
    }
    let details = [
        "profile save staging        the session into ~/.config/apish/profiles/staging.json (secrets in credentials.json)",
        "profile use staging         put it back (apish --profile staging, or APISH_PROFILE=staging, at start)",
        "profile show staging        what it holds, secrets masked",
        "profile autosave on         save into the profile in use when the session ends",
        "in a profile file, a secret may be \"${env.GITHUB_TOKEN}\": read from the environment when used",
    ]

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let session = context.session
        let action = arguments.subcommand ?? "list"
        func name() -> String { arguments[Self.profile] ?? "" }
        do {
            switch action {
            case "save":
                let name = name()
                let notes = try session.saveProfile(name)
                return report(["profile \(name) saved (\(session.profiles.paths.profile(name)))"] + notes, name: name)
            case "use":
                let name = name()
                let warnings = try session.useProfile(name)
                var report = report(["profile \(name) in use"] + summary(session), name: name)
                report.warnings = warnings
                return report
            case "show":
                return try show(name(), session: session)
            case "delete":
                let name = name()
                let notes = try session.deleteProfile(name)
                return report(["profile \(name) deleted"] + notes, name: name)
            case "autosave":
                guard let active = session.profiles.active else {
                    throw CommandError("profile autosave: no profile in use; profile use NAME or profile save NAME first")
                }
                let on = arguments[Self.autosave]?.lowercased() == "on"
                let notes = try session.saveProfile(active, autosave: on)
                return report(["profile \(active): autosave \(on ? "on (saved now and when the session ends)" : "off")"] + notes, name: active)
            default:
                let names = session.profileStore.names()
                var report = RunResult(lines: names.isEmpty
                    ? ["no profiles; save one with: profile save NAME"]
                    : names.map { $0 == session.profiles.active ? "* \($0)" + (session.profiles.autosave ? " (autosave)" : "") : "  \($0)" })
                report.data = .object(JSONObject([
                    ("profiles", .array(names.map(JSONValue.string))),
                    ("active", session.profiles.active.map(JSONValue.string) ?? .null),
                ]))
                return report
            }
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError("profile \(action): \(error)")
        }
    }

    private func report(_ lines: [String], name: String) -> RunResult {
        var report = RunResult(lines: lines)
        report.data = .object(JSONObject([("profile", .string(name))]))
        return report
    }

    /// What `profile use` put back, in a line or two.
    private func summary(_ session: Session) -> [String] {
        let facade = session.facade
        var parts: [String] = []
        let versions = facade.workspace.state.choices.sorted { $0.key < $1.key }.compactMap { service, _ in
            facade.workspace.activeVersion(of: service).map { "\(service) \($0)" }
        }
        if !versions.isEmpty { parts.append("versions: " + versions.joined(separator: ", ")) }
        parts.append("\(session.variables.count) variable\(session.variables.count == 1 ? "" : "s")")
        parts.append("\(facade.credentials.headers.count) header\(facade.credentials.headers.count == 1 ? "" : "s")")
        let credentials = facade.credentials.held.summary.count
        parts.append("\(credentials) credential\(credentials == 1 ? "" : "s")")
        return ["  " + parts.joined(separator: " · ")]
    }

    /// The profile's file as rows, every secret masked (the file holds references only, but a hand-edited
    /// one may not).
    private func show(_ name: String, session: Session) throws(SecureFile.Failure) -> RunResult {
        let profile = try session.profileStore.load(name)
        var rows: [LabelledRow] = [LabelledRow("file", session.profiles.paths.profile(name))]
        rows.append(LabelledRow("locator", profile.locator ?? "(the one apish is started with)"))
        if let current = profile.currentService { rows.append(LabelledRow("current service", current)) }
        for field in profile.versions { rows.append(LabelledRow("version", "\(field.name) \(field.value)")) }
        for field in profile.variables {
            let shown = SecretReference(field.value) != nil || Redactor.isCredentialName(field.name) ? masked(field.value) : field.value
            rows.append(LabelledRow("variable", "\(field.name) = \(session.redact(shown))"))
        }
        for field in profile.headers { rows.append(LabelledRow("header", session.redact("\(field.name): \(field.value)"))) }
        for credential in profile.credentials {
            let fields = credential.fields.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
            rows.append(LabelledRow("credential", "\(credential.kind) \(credential.scope == "*" ? "every service" : credential.scope) "
                + (fields.isEmpty ? "" : fields + " ") + "secret=\(masked(credential.secret.description))"))
        }
        if let cookies = profile.cookies { rows.append(LabelledRow("cookies", masked(cookies.description))) }
        if let place = profile.location { rows.append(LabelledRow("location", "\(place.latitude) \(place.longitude)")) }
        let tls = profile.tls
        for (member, path) in [("cacert", tls.caFile), ("capath", tls.caPath), ("cert", tls.clientCertificate), ("key", tls.clientKey)] {
            if let path { rows.append(LabelledRow("tls", "\(member) \(path)")) }
        }
        if tls.insecure { rows.append(LabelledRow("tls", "insecure (certificates and host names not verified)")) }
        rows.append(LabelledRow("flags", "timing \(profile.timing ? "on" : "off") · verbose \(profile.verbose ? "on" : "off") · autosave \(profile.autosave ? "on" : "off")"))
        var report = RunResult(.rows(rows))
        report.data = .array(rows.map { .object(JSONObject([("label", .string($0.label)), ("value", .string($0.value))])) })
        return report
    }

    /// `••• (from ${env.NAME})` for an environment reference, `•••` for anything else.
    private func masked(_ text: String) -> String {
        if case .environment? = SecretReference(text) { return "\(Redactor.mask) (from \(text))" }
        if case .stored? = SecretReference(text) { return "\(Redactor.mask) (in credentials.json)" }
        return Redactor.mask
    }
}
