import FoundationFree
import JSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `credentials.json`: the secrets of every profile, by profile name and secret id, readable by its owner
/// only. `{"profiles": {"staging": {"bearer.twit": "…"}}}`.
struct CredentialsFile {
    package let path: String

    /// Every profile's secrets; none when the file does not exist. Refused when others may read it.
    package func load() throws(StoredFileError) -> [String: [String: String]] {
        guard let bytes = try SecureFile.read(path, private: true) else { return [:] }
        return try Self.decode(bytes, path: path)
    }

    /// Replaces one profile's secrets (nil removes them), reading the file again under its lock so that
    /// what other processes saved meanwhile is kept. A file that cannot be parsed is moved aside first,
    /// and the notes say where.
    package func replace(_ name: String, with secrets: [String: String]?) throws(StoredFileError) -> [String] {
        try SecureFile.withLock(on: path) { () throws(StoredFileError) in
            var notes: [String] = []
            var all: [String: [String: String]]
            do throws(StoredFileError) {
                all = try load()
            } catch {
                guard SecureFile.read(existing: path) else { throw error }
                let backup = try SecureFile.backUp(path)
                notes.append("\(error.description); moved it to \(backup) and started a new one")
                all = [:]
            }
            all[name] = secrets.flatMap { $0.isEmpty ? nil : $0 }
            let document = JSONValue.object(JSONObject([("profiles", .object(JSONObject(
                all.sorted { $0.key < $1.key }.map { profile, values in
                    (profile, JSONValue.object(JSONObject(values.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) })))
                })))]))
            try SecureFile.write(Array((document.encoded(pretty: true) + "\n").utf8), to: path, mode: 0o600)
            return notes
        }
    }

    package static func decode(_ bytes: [UInt8], path: String) throws(StoredFileError) -> [String: [String: String]] {
        let root: JSONValue
        do {
            root = try JSONValue.parse(Data(bytes))
        } catch {
            throw SecureFile.Failure("cannot parse \(path): \(error.description)")
        }
        guard let profiles = root["profiles"]?.objectValue else {
            throw SecureFile.Failure("cannot parse \(path): expected {\"profiles\": {NAME: {ID: SECRET}}}")
        }
        var result: [String: [String: String]] = [:]
        for (name, secrets) in profiles {
            guard let object = secrets.objectValue else { throw SecureFile.Failure("cannot parse \(path): profiles.\(name) is not an object") }
            var values: [String: String] = [:]
            for (id, value) in object {
                guard let text = value.stringValue else { throw SecureFile.Failure("cannot parse \(path): profiles.\(name).\(id) is not a string") }
                values[id] = text
            }
            result[name] = values
        }
        return result
    }
}
