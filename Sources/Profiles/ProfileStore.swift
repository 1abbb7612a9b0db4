import FoundationFree
/// The profiles on disk: one readable file each (`profiles/NAME.json`), their secrets in credentials.json.
package struct ProfileStore {
    package let paths: ConfigPaths

    package init(paths: ConfigPaths) {
        self.paths = paths
    }

    /// A profile's name: letters, digits, `.`, `_`, `-`, not starting with `.`; at most 64.
    package static func check(_ name: String) throws(StoredFileError) {
        let valid = !name.isEmpty && name.count <= 64 && !name.hasPrefix(".")
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
        guard valid else {
            throw SecureFile.Failure("'\(name)' is not a profile name (letters, digits, . _ -, not starting with .)")
        }
    }

    /// The saved profiles, by name.
    package func names() -> [String] {
        SecureFile.names(in: paths.profiles)
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
            .map { String($0.dropLast(5)) }
            .sorted()
    }

    /// A profile as its file says, its secrets not yet resolved.
    package func load(_ name: String) throws(StoredFileError) -> Profile {
        try Self.check(name)
        let path = paths.profile(name)
        guard let bytes = try SecureFile.read(path) else {
            let known = names()
            throw SecureFile.Failure("no profile \(name)" + (known.isEmpty ? "; save one with: profile save \(name)" : "; profiles: " + known.joined(separator: ", ")))
        }
        do {
            return try ProfileDocument.decode(bytes)
        } catch {
            throw SecureFile.Failure("cannot use profile \(name) (\(path)): \(error.description)")
        }
    }

    /// The secrets credentials.json holds for a profile.
    package func secrets(of name: String) throws(StoredFileError) -> [String: String] {
        try CredentialsFile(path: paths.credentials).load()[name] ?? [:]
    }

    /// Writes a profile and its secrets; notes say what else happened (a file that could not be parsed
    /// moved aside). Under the profile's lock, so two saves of one name never interleave their files.
    package func save(_ profile: Profile, secrets: [String: String], as name: String) throws(StoredFileError) -> [String] {
        try Self.check(name)
        let path = paths.profile(name)
        return try SecureFile.withLock(on: path) { () throws(StoredFileError) in
            var notes: [String] = []
            // A hand-edited file with a mistake is kept: it may hold work that the session never saw.
            if let existing = try SecureFile.read(path), (try? ProfileDocument.decode(existing)) == nil {
                notes.append("\(path) could not be parsed; kept it as \(try SecureFile.backUp(path))")
            }
            notes += try CredentialsFile(path: paths.credentials).replace(name, with: secrets)
            try SecureFile.write(Array(ProfileDocument.encode(profile).utf8), to: path, mode: 0o600)
            return notes
        }
    }

    package func delete(_ name: String) throws(StoredFileError) -> [String] {
        try Self.check(name)
        let path = paths.profile(name)
        return try SecureFile.withLock(on: path) { () throws(StoredFileError) in
            guard SecureFile.read(existing: path) else { throw SecureFile.Failure("no profile \(name)") }
            try SecureFile.remove(path)
            return try CredentialsFile(path: paths.credentials).replace(name, with: nil)
        }
    }
}
