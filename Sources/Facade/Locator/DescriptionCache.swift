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
/// all it is). The entry of a local file also keeps the file's stamp (`FileStamp`) when the read that
/// stored it saw one throughout: a later load of a file with that stamp takes the length and hash from the
/// entry without reading the file (`known(source:file:)`). Files are 0600 in a 0700 folder, written
/// whole (`CacheFile`); at most `entryLimit` entries, the oldest going first.
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
        summary(for: bytes, hash: Self.hash(bytes), source: source)
    }

    /// The same, the bytes' `hash` already made (a caller that needs it again makes it once).
    func summary(for bytes: Data, hash: String, source: String) -> Summary? {
        guard let (entry, summary) = entry(of: source), entry["length"]?.intValue == bytes.count, entry["hash"]?.stringValue == hash
        else { return nil }
        return summary
    }

    /// What the entry of a local file knows without its bytes: their summary, length and hash.
    struct Known: Sendable, Equatable {
        let summary: Summary
        let length: Int
        let hash: String
    }

    /// What the entry of `source` knows, when the file it was read from is still stamped `current` and the
    /// read that stored it vouches for that stamp (`StampedRead`); nil when the file must be read.
    func known(source: String, file current: FileStamp) -> Known? {
        guard let (entry, summary) = entry(of: source), case .object(let file)? = entry["file"],
              let identity = file["stamp"]?.stringValue, let modified = file["modified"]?.stringValue.flatMap({ Int64($0) }),
              let readAt = file["readAt"]?.stringValue.flatMap({ Int64($0) }),
              StampedRead(stamp: FileStamp(identity: identity, modified: modified), readAt: readAt).vouches(for: current),
              let length = entry["length"]?.intValue, let hash = entry["hash"]?.stringValue
        else { return nil }
        return Known(summary: summary, length: length, hash: hash)
    }

    /// The entry of `source` written by this build, with its summary.
    private func entry(of source: String) -> (entry: JSONObject, summary: Summary)? {
        guard let build = Self.build,
              let data = try? LocalFile.read(path(for: source), limit: Self.entryByteLimit),
              case .object(let entry)? = try? JSONValue.parse(data),
              entry["format"]?.intValue == Self.format, entry["build"]?.stringValue == build,
              entry["source"]?.stringValue == source,
              case .object(let summary)? = entry["summary"],
              let title = summary["title"]?.stringValue, let version = summary["version"]?.stringValue,
              let openAPIVersion = summary["openAPIVersion"]?.stringValue,
              let warnings = Self.strings(summary["warnings"]), let targets = Self.strings(summary["serverTargetWarnings"])
        else { return nil }
        return (entry, Summary(title: title, version: version, openAPIVersion: openAPIVersion,
                               description: summary["description"]?.stringValue, serverURL: summary["serverURL"]?.stringValue,
                               warnings: warnings, serverTargetWarnings: targets))
    }

    /// Whether a document as bundled is the one file it was read from: no `$ref` brought other files in.
    static func isOneFile(_ document: JSONValue) -> Bool {
        document[DocumentBundle.member] == nil
    }

    /// Keeps `summary` as what `bytes` from `source` load to, replacing what the source had.
    func store(_ summary: Summary, for bytes: Data, source: String, file: StampedRead? = nil) {
        store(summary, length: bytes.count, hash: Self.hash(bytes), source: source, file: file)
    }

    /// The same, for bytes of `length` whose hash is `hash`; with the stamp of the local file they were
    /// read from, when it stayed the same throughout the read, so that a later load can tell them unchanged.
    func store(_ summary: Summary, length: Int, hash: String, source: String, file: StampedRead?) {
        guard let build = Self.build else { return }
        var fields: JSONObject = [
            "title": .string(summary.title), "version": .string(summary.version),
            "openAPIVersion": .string(summary.openAPIVersion),
            "warnings": .array(summary.warnings.map(JSONValue.string)),
            "serverTargetWarnings": .array(summary.serverTargetWarnings.map(JSONValue.string)),
        ]
        if let description = summary.description { fields["description"] = .string(description) }
        if let serverURL = summary.serverURL { fields["serverURL"] = .string(serverURL) }
        var entry: JSONObject = [
            "format": .number(JSONNumber(Self.format)), "build": .string(build), "source": .string(source),
            "length": .number(JSONNumber(length)), "hash": .string(hash), "summary": .object(fields),
        ]
        if let file {
            entry["file"] = .object([
                "stamp": .string(file.stamp.identity), "modified": .string("\(file.stamp.modified)"), "readAt": .string("\(file.readAt)"),
            ])
        }
        let text = Data(JSONValue.object(entry).encoded().utf8)
        guard text.count <= Self.entryByteLimit, CacheFile.write(text, to: path(for: source), in: directory) else { return }
        trim()
    }

    /// Removes the oldest entries past `entryLimit`.
    private func trim() {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory) else { return }
        CacheFile.removeStalePartials(names, in: directory)
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
    /// Four lanes of words, each its own chain of multiplications, so the processor runs them side by
    /// side (a one-shot `call` hashes its whole description each time); the lanes and the last bytes
    /// then go into the two hashes.
    static func hash(_ bytes: Data) -> String {
        var first = WordHash(seed: 0xCBF2_9CE4_8422_2325)
        var second = WordHash(seed: 0x8422_2325_CBF2_9CE4, multiplier: 0xC2B2_AE3D_27D4_EB4F, shift: 31)
        bytes.withUnsafeBytes { raw in
            var lanes: (UInt64, UInt64, UInt64, UInt64) = (0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344, 0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89)
            func mixed(_ lane: UInt64, _ word: UInt64) -> UInt64 {
                let product = (lane ^ word) &* 0x9E37_79B9_7F4A_7C15
                return product ^ product >> 29
            }
            var index = 0
            while index + 32 <= raw.count {
                lanes.0 = mixed(lanes.0, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                lanes.1 = mixed(lanes.1, raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
                lanes.2 = mixed(lanes.2, raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self))
                lanes.3 = mixed(lanes.3, raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self))
                index += 32
            }
            for lane in [lanes.0, lanes.1, lanes.2, lanes.3] {
                first.add(lane)
                second.add(lane)
            }
            // The rest, then the whole length (which `add` folds into the last word).
            first.add(UnsafeRawBufferPointer(rebasing: raw[index...]), alongside: &second)
            first.add(UInt64(raw.count))
            second.add(UInt64(raw.count))
        }
        return hex(first.value) + hex(second.value)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The value as a list of strings; nil when it is anything else.
    static func strings(_ value: JSONValue?) -> [String]? {
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
        let modified = Platform.modificationTime(of: info)
        return "\(info.st_size)-\(modified.tv_sec).\(modified.tv_nsec)"
    }()
}
