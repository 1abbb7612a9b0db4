import APIDescriptions
import Facade
import HTTPTypes
import FoundationFree
import Shell
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `diff FILE@REV FILE --spec` (or `diff FILE@REV FILE@REV2 --spec`): two descriptions read from files and
/// git revisions (`GitRevision`) rather than a locator's entries, so CI can hold a pull request's
/// description against `main`'s. `diff SERVICE V1 V2 --spec --against REV` reads the files two locator
/// entries name, both at REV.
struct SpecFileSides {
    /// The file's name, as the diff names its "service".
    let service: String
    /// Each side: the file, and `at REV` for a git revision of it (`openapi.json at main`); for two
    /// locator entries, each version at the revision (`v1@main`).
    let a: String
    let b: String
    /// The two sides in a sentence: `openapi.json at main and openapi.json`, `pets v1@main and v2@main`.
    let between: String
    /// Whether each side names its own file, so a heading needs no service before them.
    let sidesAreFiles: Bool
    private let sideA: (file: String, revision: String?)
    private let sideB: (file: String, revision: String?)
    private let session: Session

    /// The sides the words name, or nil when the first word is a plain name or names no file (then `diff`
    /// compares locator entries as before).
    init?(_ arguments: DiffArguments, session: Session) throws(CommandError) {
        let first = arguments.service
        // A service's name is a plain word; a file is named with its extension or folder (and asking the
        // locator would start the embedded demo for nothing).
        guard first.contains(where: { $0 == "." || $0 == "/" || $0 == "@" }) else { return nil }
        func side(_ word: String) -> (file: String, revision: String?)? {
            if let split = GitRevision.split(word), !FileManager.default.fileExists(atPath: word) { return (split.file, split.revision) }
            return FileManager.default.fileExists(atPath: word) ? (word, nil) : nil
        }
        guard let sideA = side(first) else { return nil }
        guard arguments.versions.count == 1, let sideB = side(arguments.versions[0]) else {
            throw CommandError("diff FILE@REV FILE --spec: name the two sides (a file, or FILE@REVISION for a git revision of it)")
        }
        self.sideA = sideA
        self.sideB = sideB
        self.session = session
        service = sideA.file.split(separator: "/").last.map(String.init) ?? sideA.file
        func label(_ side: (file: String, revision: String?)) -> String {
            side.file + (side.revision.map { " at \($0)" } ?? "")
        }
        a = label(sideA)
        b = label(sideB)
        between = "\(a) and \(b)"
        sidesAreFiles = true
    }

    /// The description files of two locator entries, each as git revision `revision` holds it.
    init(_ entries: (LocatorEntry, LocatorEntry), against revision: String, session: Session) throws(CommandError) {
        func side(_ entry: LocatorEntry) throws(CommandError) -> (file: String, revision: String?) {
            let named = "\(entry.name) \(entry.version)"
            guard let reference = entry.openapi else {
                throw CommandError("diff --against: \(named) has no \"openapi\" description in the locator")
            }
            guard !LocatorLocation.isWeb(reference) else {
                throw CommandError("diff --against: \(named)'s description is on the web (\(reference)); --against reads files in a git work tree")
            }
            guard !reference.contains("#") else {
                throw CommandError("diff --against: \(named)'s description is a part of a file (\(reference)); --against reads whole files")
            }
            let file = reference.lowercased().hasPrefix("file:") ? (URL(string: reference)?.path ?? reference) : reference
            return (file, revision)
        }
        sideA = try side(entries.0)
        sideB = try side(entries.1)
        self.session = session
        service = entries.0.name
        a = "\(entries.0.version)@\(revision)"
        b = "\(entries.1.version)@\(revision)"
        between = "\(service) \(a) and \(b)"
        sidesAreFiles = false
    }

    /// Reads and parses both sides.
    func load() throws(CommandError) -> (OpenAPIDocument, OpenAPIDocument) {
        (try document(sideA), try document(sideB))
    }

    private func document(_ side: (file: String, revision: String?)) throws(CommandError) -> OpenAPIDocument {
        let limit = DocumentLimits().bytes
        let token = session.cancellationToken()
        let data: Data
        if let revision = side.revision {
            data = Data(try GitRevision.read(side.file, at: revision, limit: limit, interrupted: { token.isCancelled }))
        } else {
            let size = (try? FileManager.default.attributesOfItem(atPath: side.file))?[.size].flatMap { $0 as? any BinaryInteger }
            guard let size, Int(size) <= limit,
                  let read = FileManager.default.contents(atPath: side.file)
            else { throw CommandError("cannot read \(side.file) (or it is larger than \(limit / 1_048_576) MiB)") }
            data = read
        }
        do {
            let source = URL(fileURLWithPath: side.file).absoluteString
            return try OpenAPIDocument.parse(data, source: source, cancellation: token)
        } catch {
            throw CommandError("\(side.file)\(side.revision.map { "@" + $0 } ?? ""): \(error.description)")
        }
    }
}
