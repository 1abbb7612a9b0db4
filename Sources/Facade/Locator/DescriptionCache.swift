import JSON
import FoundationFree
import APIDescriptions
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `locate` made of an OpenAPI description read before (local or from the web): its summary (title,
/// versions, server, the warnings the load gave), kept under `descriptions/` in the folder of the
/// `DocumentCache`, one file per source. A later load of the same bytes from the same source by the same
/// apish build takes the summary and leaves the document itself to be read when a command first needs it
/// (`LoadedDescription`); a `services` one-shot then reads no document at all.
///
/// An entry is keyed by the source, the bytes' length and a 128-bit hash of them, and the build that
/// wrote it (the executable's size and time): other bytes, or another apish, never reuse it, they replace
/// it. Only a description in one file is kept (one whose `$ref`s reach no other file, whose bytes are then
/// all it is). Files are 0600 in a 0700 folder; at most `entryLimit` entries, the oldest going first.
/// A cache that cannot be read or written is no error: the description is simply read.
struct DescriptionCache: Sendable {
    /// The part of a description's load that `locate` shows before any command uses the document.
    struct Summary: Sendable, Equatable {
        var title: String
        var version: String
        var openAPIVersion: String
        var description: String?
        var serverURL: String?
        /// The document's published mistakes (`OpenAPIDocument.warnings`).
        var warnings: [String]
        /// Where its servers send requests, as `ServerTargetCheck` judged it from the source.
        var serverTargetWarnings: [String]
    }

    let directory: String
    /// How many descriptions are kept; storing one more removes the oldest.
    static let entryLimit = 64
    /// A summary larger than this is not kept (its warnings are capped by the reader, so this is a guard).
    static let entryByteLimit = 1 << 20
    /// Bumped whenever what a summary holds changes.
    static let format = 1

    init(directory: String) {
        self.directory = directory
    }

    /// The cache beside a document cache's files.
    init(beside cache: DocumentCache) {
        self.init(directory: cache.directory + "/descriptions")
    }

    /// The summary of `bytes` read from `source`, when this build stored one for exactly these bytes.
    func summary(for bytes: Data, source: String) -> Summary? {
        guard let build = Self.build,
              let data = try? LocalFile.read(path(for: source), limit: Self.entryByteLimit),
              case .object(let entry)? = try? JSONValue.parse(data),
              entry["format"]?.intValue == Self.format, entry["build"]?.stringValue == build,
              entry["source"]?.stringValue == source, entry["length"]?.intValue == bytes.count,
              entry["hash"]?.stringValue == Self.hash(bytes),
              case .object(let summary)? = entry["summary"],
              let title = summary["title"]?.stringValue, let version = summary["version"]?.stringValue,
              let openAPIVersion = summary["openAPIVersion"]?.stringValue,
              let warnings = Self.strings(summary["warnings"]), let targets = Self.strings(summary["serverTargetWarnings"])
        else { return nil }
        return Summary(title: title, version: version, openAPIVersion: openAPIVersion,
                       description: summary["description"]?.stringValue, serverURL: summary["serverURL"]?.stringValue,
                       warnings: warnings, serverTargetWarnings: targets)
    }

    /// Whether a document as bundled is the one file it was read from: no `$ref` brought other files in.
    static func isOneFile(_ document: JSONValue) -> Bool {
        document[DocumentBundle.member] == nil
    }

    /// Keeps `summary` as what `bytes` from `source` load to, replacing what the source had.
    func store(_ summary: Summary, for bytes: Data, source: String) {
        guard let build = Self.build else { return }
        var fields: JSONObject = [
            "title": .string(summary.title), "version": .string(summary.version),
            "openAPIVersion": .string(summary.openAPIVersion),
            "warnings": .array(summary.warnings.map(JSONValue.string)),
            "serverTargetWarnings": .array(summary.serverTargetWarnings.map(JSONValue.string)),
        ]
        if let description = summary.description { fields["description"] = .string(description) }
        if let serverURL = summary.serverURL { fields["serverURL"] = .string(serverURL) }
        let entry: JSONObject = [
            "format": .number(JSONNumber(Self.format)), "build": .string(build), "source": .string(source),
            "length": .number(JSONNumber(bytes.count)), "hash": .string(Self.hash(bytes)), "summary": .object(fields),
        ]
        let text = Data(JSONValue.object(entry).encoded().utf8)
        guard text.count <= Self.entryByteLimit else { return }
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let target = path(for: source)
            let temporary = target + ".partial"
            guard manager.createFile(atPath: temporary, contents: text, attributes: [.posixPermissions: 0o600]) else { return }
            guard rename(temporary, target) == 0 else {
                _ = unlink(temporary)
                return
            }
        } catch {
            return
        }
        trim()
    }

    /// Removes the oldest entries past `entryLimit`.
    private func trim() {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory) else { return }
        let entries = names.filter { $0.hasSuffix(".json") }
        guard entries.count > Self.entryLimit else { return }
        let dated = entries.map { name -> (name: String, date: Date) in
            let date = (try? manager.attributesOfItem(atPath: directory + "/" + name))?[.modificationDate] as? Date
            return (name, date ?? .distantPast)
        }
        for old in dated.sorted(by: { $0.date < $1.date }).prefix(entries.count - Self.entryLimit) {
            _ = unlink(directory + "/" + old.name)
        }
    }

    /// The source's file: a 64-bit hash of it, in hex (the source itself is checked on reading).
    func path(for source: String) -> String {
        var hash = WordHash(seed: 0x6A09_E667_F3BC_C908)
        hash.add(source)
        return directory + "/" + Self.hex(hash.value) + ".json"
    }

    /// Two independent 64-bit hashes of the bytes, eight bytes at a time, as 32 hex digits.
    static func hash(_ bytes: Data) -> String {
        var first = WordHash(seed: 0xCBF2_9CE4_8422_2325)
        var second = WordHash(seed: 0x8422_2325_CBF2_9CE4, multiplier: 0xC2B2_AE3D_27D4_EB4F, shift: 31)
        bytes.withUnsafeBytes { raw in first.add(raw, alongside: &second) }
        return hex(first.value) + hex(second.value)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func strings(_ value: JSONValue?) -> [String]? {
        guard case .array(let elements)? = value else { return nil }
        var strings: [String] = []
        for element in elements {
            guard case .string(let text) = element else { return nil }
            strings.append(text)
        }
        return strings
    }

    /// The running executable's size and modification time: a summary written by another build (whose
    /// reader may warn differently) is not taken. Nil where it cannot be told, and nothing is kept.
    static let build: String? = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return nil }
        return "\(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }()
}
