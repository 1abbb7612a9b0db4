import FoundationFree
import JSON
import HTTPTypes
import Schemas
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An API document together with the files its `$ref`s reach (`./schemas/pet.yaml#/Pet`,
/// `https://example.com/common.json#/Error`), made into one document: each other file is kept under
/// `x-apish-documents` at the root, and every `$ref` to it, in any of the files, becomes a `$ref` into
/// the root (`#/x-apish-documents/1/Pet`). What reads the document (schemas, parameters, responses) then
/// follows references in one document only, with its cycle and bomb checks unchanged.
///
/// A reference resolves against the file that holds it. A file fetched from the web may refer only to
/// http(s) URLs. Each file is fetched and parsed once, and at most `limits.files` files and
/// `limits.bytes` bytes are. Files are asked for in waves: every file the files read so far name is
/// handed to `prefetch` at once (a fetcher may then fetch them concurrently), then read one by one.
public enum DocumentBundle {
    /// The root member that holds the other files.
    public static let member = BundledReference.member
    /// The root member that holds each other file's address, by the same keys, so a message can name the
    /// file and pointer the document wrote rather than the rewrite.
    public static let addressMember = BundledReference.addressMember

    /// The document with every file it refers to; `document` itself when it refers to none. `fetch` gives
    /// a file's bytes from its absolute address (or the reason it cannot).
    public static func bundle(
        _ document: JSONValue, source: String, limits: DocumentLimits = DocumentLimits(),
        cancellation: CancellationToken? = nil,
        prefetch: ([String]) -> Void = { _ in },
        fetch: (String) throws(DocumentBundleError) -> Data
    ) throws(DocumentBundleError) -> JSONValue {
        var bundler = Bundler(rootAddress: Self.address(source), fileLimit: limits.files)
        let rewritten = try bundler.rewriteFile(document, in: 0)
        // A metaschema brought in rewrites nothing, but the bundle holds it.
        guard rewritten != nil || bundler.addresses.count > 1 else { return document }
        let rewrittenRoot = rewritten ?? document
        var files: [JSONValue] = []
        files.reserveCapacity(bundler.addresses.count)
        var next = 1
        var prefetched = 1
        var bytes = 0
        while next < bundler.addresses.count {
            if cancellation?.isCancelled == true { throw .cancelled }
            if next == prefetched {
                prefetch(Array(bundler.addresses[next...]))
                prefetched = bundler.addresses.count
            }
            let address = bundler.addresses[next]
            let data = try fetch(address)
            bytes += data.count
            guard bytes <= limits.bytes else { throw .tooLarge(limit: limits.bytes) }
            let value: JSONValue
            do {
                value = try APIDocumentText.parse(data, cancellation: cancellation)
            } catch {
                if error.isCancellation { throw .cancelled }
                throw .unreadable(address: address, reason: error.description)
            }
            files.append(try bundler.rewriteFile(value, in: next) ?? value)
            next += 1
        }
        guard case .object(var root) = rewrittenRoot else { return rewrittenRoot }
        var held = JSONObject()
        var addresses = JSONObject()
        for (offset, file) in files.enumerated() {
            held[String(offset + 1)] = file
            addresses[String(offset + 1)] = .string(bundler.addresses[offset + 1])
        }
        root[member] = .object(held)
        root[addressMember] = .object(addresses)
        return .object(root)
    }

    /// A reference as the document wrote it: `#/x-apish-documents/4/x` → `file:///etc/passwd#/x`; any other
    /// reference as it is.
    public static func written(_ reference: String, in document: JSONValue) -> String {
        BundledReference.written(reference, in: document)
    }

    /// A message with every place in a bundled file (`'#/x-apish-documents/4/a/b'`) written as the
    /// document wrote it (`'https://h/pet.yaml#/a/b'`).
    public static func writtenPlaces(in message: String, document: JSONValue) -> String {
        let prefix = "#/" + member + "/"
        guard message.contains(prefix) else { return message }
        var result = ""
        var rest = message
        while let range = rest.literalRange(of: prefix) {
            result += rest[..<range.lowerBound]
            let end = rest[range.lowerBound...].firstIndex { $0 == "'" || $0 == " " || $0 == "\"" } ?? rest.endIndex
            result += written(String(rest[range.lowerBound..<end]), in: document)
            rest = String(rest[end...])
        }
        return result + rest
    }

    /// A document's address without its fragment.
    static func address(_ reference: String) -> String {
        guard let hash = reference.firstIndex(of: "#") else { return reference }
        return String(reference[..<hash])
    }

    private struct Bundler {
        /// The root's address first, then each other file in the order first referred to.
        var addresses: [String]
        var indexByAddress: [String: Int]
        let fileLimit: Int
        /// Each file as read, for the identifiers its schemas declare.
        var roots: [Int: JSONValue] = [:]
        /// The absolute URIs each file's `$id`s declare, found when it first holds a reference that is not
        /// a pointer (most documents never do): such a reference names a schema of the document itself
        /// (`urn:example:tag`, `https://example.com/item`), not a file.
        var identifiers: [Int: Set<String>] = [:]
        /// `declares`'s answers by file and reference: a description repeats its references (GitHub's name
        /// the same few hundred files), and each answer costs a resolution against every declared base.
        var declaredReferences: [Int: [String: Bool]] = [:]

        init(rootAddress: String, fileLimit: Int) {
            self.fileLimit = fileLimit
            // A plain path is spelled as the file URL that references resolve to, so a `$ref` back to the
            // root names the root.
            var root = rootAddress
            if !LocatorLocation.isWeb(root), !root.lowercased().hasPrefix("file:"), !root.isEmpty {
                root = URL(fileURLWithPath: LocatorLocation.expandTilde(root)).absoluteString
            }
            addresses = [root]
            indexByAddress = [root: 0]
        }

        /// The value with its references rewritten into the bundle; nil when nothing changed, so a
        /// document without references to other files is not copied.
        /// A whole file's references rewritten.
        mutating func rewriteFile(_ value: JSONValue, in file: Int) throws(DocumentBundleError) -> JSONValue? {
            roots[file] = value
            defer { roots[file] = nil }
            return try rewrite(value, in: file, base: addresses[file])
        }

        /// `kind` says how the value's members read: as keywords, as names, or as Example Objects (whose
        /// only reference is their own `$ref`; their `value` is data).
        /// `base` is the URI references resolve against there: the file's address, or the `$id` around.
        mutating func rewrite(
            _ value: JSONValue, in file: Int, base: String, as kind: DocumentMembers.Kind = .keywords
        ) throws(DocumentBundleError) -> JSONValue? {
            switch value {
            case .object(let object):
                var changed: JSONObject?
                var base = base
                if kind == .keywords, case .string(let id)? = object["$id"] {
                    base = SchemaURI.split(SchemaURI.resolve(id, against: base)).resource
                }
                if kind == .keywords, case .string(let dialect)? = object["$schema"] {
                    try bringIn(metaschema: dialect, in: file, base: base)
                }
                for (position, (key, member)) in object.enumerated() {
                    let replacement: JSONValue?
                    switch member {
                    case .string(let reference) where key == "$ref" && kind != .data:
                        replacement = try rewrite(reference: reference, in: file, base: base).map(JSONValue.string)
                    case .object, .array:
                        let memberKind: DocumentMembers.Kind = switch kind {
                        case .keywords: DocumentMembers.kind(of: key, member: member)
                        case .names: .keywords
                        case .exampleObjects: .data
                        case .data: .data
                        }
                        switch memberKind {
                        case .data:
                            continue
                        case .exampleObjects:
                            // Each member is an Example Object or a reference to one.
                            guard case .object(let examples) = member else { continue }
                            var rewritten: JSONObject?
                            for (index, (_, example)) in examples.enumerated() {
                                guard let replaced = try rewrite(example, in: file, base: base, as: .exampleObjects) else { continue }
                                if rewritten == nil { rewritten = examples }
                                rewritten?.replaceValue(at: index, with: replaced)
                            }
                            replacement = rewritten.map(JSONValue.object)
                        default:
                            replacement = try rewrite(member, in: file, base: base, as: memberKind)
                        }
                    default:
                        continue
                    }
                    guard let replacement else { continue }
                    if changed == nil { changed = object }
                    changed?.replaceValue(at: position, with: replacement)
                }
                return changed.map(JSONValue.object)
            case .array(let elements):
                var changed: [JSONValue]?
                for (position, element) in elements.enumerated() {
                    guard let replacement = try rewrite(element, in: file, base: base, as: kind) else { continue }
                    if changed == nil { changed = elements }
                    changed?[position] = replacement
                }
                return changed.map(JSONValue.array)
            default:
                return nil
            }
        }

        /// `other.yaml#/Pet` → `#/x-apish-documents/N/Pet`; a local `#/…` in another file gets that file's
        /// prefix; a local one in the root is left alone (nil). A reference resolves against `base` (the
        /// `$id` around it, else the file's address). An anchor (`#foo`, `other.json#foo`) is left to the
        /// schema engine, which knows each bundled file by its address; the file it names is still brought in.
        private mutating func rewrite(reference: String, in file: Int, base: String) throws(DocumentBundleError) -> String? {
            let target: Int
            let fragment: Substring
            if !reference.hasPrefix("#"), declares(reference, in: file) { return nil }
            if reference.hasPrefix("#") {
                guard file != 0 else { return nil }
                target = file
                fragment = reference.dropFirst()
                guard fragment.isEmpty || fragment.hasPrefix("/") else { return nil }
            } else {
                let hash = reference.firstIndex(of: "#") ?? reference.endIndex
                let holder = addresses[file]
                let path = String(reference[..<hash])
                guard let resolved = LocatorLocation.resolve(path, against: base) ?? LocatorLocation.resolve(path, against: holder) else {
                    throw .invalidReference(reference, in: holder)
                }
                if LocatorLocation.isWeb(holder) && !LocatorLocation.isWeb(resolved) {
                    throw .localFromRemote(reference, in: holder)
                }
                target = try index(of: resolved)
                fragment = hash < reference.endIndex ? reference[reference.index(after: hash)...] : ""
                guard fragment.isEmpty || fragment.hasPrefix("/") else { return resolved + "#" + fragment }
            }
            if target == 0 { return "#" + fragment }
            return "#/\(DocumentBundle.member)/\(target)" + fragment
        }

        /// A `$schema` naming a metaschema of the document's own rather than one of json-schema.org's (which
        /// the schema engine knows): its file is brought in, so the engine reads its `$vocabulary`.
        private mutating func bringIn(metaschema: String, in file: Int, base: String) throws(DocumentBundleError) {
            let address = DocumentBundle.address(metaschema)
            guard !address.isEmpty, !address.lowercased().contains("://json-schema.org/"), !declares(metaschema, in: file),
                  let resolved = LocatorLocation.resolve(address, against: base) else { return }
            if LocatorLocation.isWeb(addresses[file]) && !LocatorLocation.isWeb(resolved) {
                throw .localFromRemote(metaschema, in: addresses[file])
            }
            _ = try index(of: resolved)
        }

        /// Whether `reference` names a schema resource the file declares with `$id`.
        private mutating func declares(_ reference: String, in file: Int) -> Bool {
            if identifiers[file] == nil {
                var found = Set<String>()
                if let root = roots[file] { Self.collectIdentifiers(root, base: addresses[file], into: &found) }
                identifiers[file] = found
            }
            guard let declared = identifiers[file], !declared.isEmpty else { return false }
            if let known = declaredReferences[file]?[reference] { return known }
            let answer = Self.resolves(reference, among: declared, address: addresses[file])
            declaredReferences[file, default: [:]][reference] = answer
            return answer
        }

        private static func resolves(_ reference: String, among declared: Set<String>, address: String) -> Bool {
            // Against the file's address, and against each base an `$id` of the file sets: the walk does not
            // carry bases, and a reference that resolves to a declared resource from any of them is the
            // schema engine's to resolve (it knows the base at the reference and says when it dangles).
            let resource = SchemaURI.split(reference).resource
            if declared.contains(resource) { return true }
            for base in [address] + declared
            where declared.contains(SchemaURI.split(SchemaURI.resolve(reference, against: base)).resource) {
                return true
            }
            return false
        }

        /// Every `$id` under `value`, resolved against the ids around it; values that are data are skipped.
        /// An explicit stack, so a deep document costs no recursion.
        private static func collectIdentifiers(_ value: JSONValue, base: String, into found: inout Set<String>) {
            var stack: [(JSONValue, String, DocumentMembers.Kind)] = [(value, base, .keywords)]
            while let (value, base, kind) = stack.popLast() {
                switch value {
                case .object(let object):
                    var here = base
                    if kind == .keywords, case .string(let id)? = object["$id"] {
                        here = SchemaURI.split(SchemaURI.resolve(id, against: base)).resource
                        found.insert(here)
                    }
                    for (key, member) in object {
                        switch member {
                        case .object, .array: break
                        default: continue
                        }
                        let memberKind: DocumentMembers.Kind = kind == .keywords ? DocumentMembers.kind(of: key, member: member) : .keywords
                        if memberKind == .data || memberKind == .exampleObjects { continue }
                        stack.append((member, here, memberKind))
                    }
                case .array(let elements):
                    for element in elements { stack.append((element, base, kind)) }
                default:
                    break
                }
            }
        }

        private mutating func index(of address: String) throws(DocumentBundleError) -> Int {
            if let known = indexByAddress[address] { return known }
            guard addresses.count <= fileLimit else { throw .tooManyFiles(limit: fileLimit) }
            addresses.append(address)
            indexByAddress[address] = addresses.count - 1
            return addresses.count - 1
        }
    }
}

/// Why the files a document refers to could not be brought together: one line.
public enum DocumentBundleError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidReference(String, in: String)
    case localFromRemote(String, in: String)
    case unreachable(address: String, reason: String)
    case unreadable(address: String, reason: String)
    case tooManyFiles(limit: Int)
    case tooLarge(limit: Int)
    case cancelled

    public var description: String {
        switch self {
        case let .invalidReference(reference, holder):
            "$ref \"\(reference)\" in \(holder) is not a file and JSON pointer (like other.yaml#/Pet)"
        case let .localFromRemote(reference, holder):
            "$ref \"\(reference)\" in \(holder): a document from the web may refer only to http(s) URLs, not to local files"
        case let .unreachable(address, reason):
            "cannot load \(address), which a $ref names: \(reason)"
        case let .unreadable(address, reason):
            "cannot read \(address), which a $ref names: \(reason)"
        case .tooManyFiles(let limit):
            "the document's $refs reach more than \(limit) other files; \(DocumentLimits.filesOption) N raises the cap"
        case .tooLarge(let limit):
            "the files the document's $refs reach pass \(DocumentLimits.mebibytes(limit)) MiB together; "
                + "\(DocumentLimits.bytesOption) MIB raises the cap"
        case .cancelled:
            "cancelled"
        }
    }
}
