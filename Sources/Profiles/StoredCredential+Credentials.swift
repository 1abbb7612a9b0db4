import Facade
import FoundationFree
import Secrets

/// Where credentials meet the profile format: each auth scheme says how it is stored (`AuthScheme.record`,
/// `restore`), so a new scheme needs nothing here.
extension StoredCredential {
    /// Every credential of a session, in a stable order (the schemes' order, each by scope; the credential
    /// headers where `AuthSchemes.headersStoredAt` says); `keep` stores each secret under an id and answers
    /// the reference written in its place.
    package static func all(
        of credentials: Credentials, schemes: [any AuthScheme.Type] = AuthSchemes.all,
        keep: (_ id: String, _ secret: String) -> SecretReference
    ) -> [StoredCredential] {
        var groups: [[StoredCredential]] = schemes.map { scheme in
            credentials.entries.filter { ObjectIdentifier(type(of: $0.credential)) == ObjectIdentifier(scheme) }
                .sorted { $0.scope.description < $1.scope.description }
                .compactMap { entry in
                    guard let record = (entry.credential as? any AuthScheme)?.record else { return nil }
                    let text = Self.text(of: entry.scope)
                    let id = ([record.kind, text] + (record.secretIDSuffix.map { [$0] } ?? [])).joined(separator: ".")
                    return StoredCredential(
                        kind: record.kind, scope: text, fields: record.fields.map { Profile.Field($0.name, $0.value) },
                        secret: keep(id, record.secret))
                }
        }
        let headers = credentials.headers.map { header in
            let text = Self.text(of: header.scope)
            return StoredCredential(
                kind: "header", scope: text, fields: [Profile.Field("name", header.name)],
                secret: keep("header.\(text).\(header.name)", header.value))
        }
        groups.insert(headers, at: min(AuthSchemes.headersStoredAt, groups.count))
        return groups.flatMap { $0 }
    }

    /// Adds this credential, its secret resolved, to `credentials`.
    package func add(
        to credentials: inout Credentials, secret value: String, at place: String, schemes: [any AuthScheme.Type] = AuthSchemes.all
    ) throws(ProfileDocument.Failure) {
        let scope = Self.scope(self.scope)
        if kind == "header" {
            guard let name = field("name"), !name.isEmpty else { throw ProfileDocument.Failure("\(place): a header credential needs \"name\"") }
            credentials.setHeader(name, value, for: scope)
            return
        }
        guard let scheme = AuthSchemes.scheme(storedAs: kind, in: schemes) else {
            var kinds = schemes.flatMap { $0.storedKinds }
            kinds.insert("header", at: min(schemes.prefix(AuthSchemes.headersStoredAt).flatMap { $0.storedKinds }.count, kinds.count))
            throw ProfileDocument.Failure("\(place): unknown credential kind \"\(kind)\" (\(kinds.joined(separator: ", ")))")
        }
        let record = CredentialRecord(kind: kind, fields: fields.map { CredentialRecord.Field($0.name, $0.value) }, secret: value)
        do {
            credentials.set(try scheme.restore(record), for: scope)
        } catch {
            throw ProfileDocument.Failure("\(place): \(error.message)")
        }
    }

    /// `*`, a service name, or an origin URL.
    package static func text(of scope: Credentials.Scope) -> String {
        switch scope {
        case .allServices: "*"
        case .service(let name): name
        case .origin(let url): url
        }
    }

    package static func scope(_ text: String) -> Credentials.Scope {
        if text == "*" { return .allServices }
        return text.contains("://") ? .origin(text) : .service(text.lowercased())
    }
}
