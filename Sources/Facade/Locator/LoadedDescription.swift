import JSON
import APIDescriptions
import Synchronization
import FoundationFree
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An OpenAPI document as `locate` holds it: read at once, or, for bytes loaded before, known by the
/// summary the `DescriptionCache` kept, and read from those bytes the first time a command needs more
/// than the summary (operations, schemas, servers). Reading the same bytes from the same source again
/// gives the document the first load read, so what a command sees is the same either way.
final class LoadedDescription: Sendable {
    let summary: DescriptionCache.Summary
    private let state: Mutex<State>

    private enum State {
        case read(OpenAPIDocument)
        case pending(bytes: Bytes, source: String)
    }

    /// Where a pending document's bytes are: at hand, or in the local file whose stamp vouched for their
    /// length and hash (`FileStamp`), read only when the whole document is needed (a `call` from the
    /// `OperationCache` needs their length and hash alone).
    private enum Bytes {
        case data(Data)
        case file(path: String, length: Int)

        var length: Int {
            switch self {
            case .data(let data): data.count
            case .file(_, let length): length
            }
        }

        /// Their hash, when they are at hand (a file's comes with it).
        var hash: String? {
            guard case .data(let data) = self else { return nil }
            return DescriptionCache.hash(data)
        }
    }
    /// The operations as a load outlined them (`OpenAPIOutline`), listed without reading the whole: a
    /// first load's, or a later load's the first time it is listed.
    private let listing: Mutex<[OperationListing]?>
    private let interruptions: (@Sendable () -> CancellationToken)?
    /// Where the converted form of these bytes is kept, for `document(calling:)`.
    private let operationCache: OperationCache?
    private let calls = Mutex(Calls())

    /// What `document(calling:)` read: the bytes' hash, their `OperationCache` entry (nil until looked
    /// for, `.some(nil)` when there is none or it could not be used), and the documents made of it.
    private struct Calls {
        var hash: String?
        var entry: OperationCache.Entry??
        var documents: [String: OpenAPIDocument] = [:]

        /// The cache's entry of `bytes`, looked for once (their hash worked out then, if not given).
        mutating func entry(for bytes: Bytes, in cache: OperationCache) -> OperationCache.Entry? {
            if entry == nil {
                guard let hash = hash ?? bytes.hash else { return nil }
                self.hash = hash
                entry = .some(cache.entry(length: bytes.length, hash: hash))
            }
            return entry ?? nil
        }
    }

    /// A document just read, its summary made from it: where its servers send requests is judged
    /// against its source, the place it was read from.
    init(_ document: OpenAPIDocument) {
        summary = Self.summary(of: document)
        state = Mutex(.read(document))
        listing = Mutex(nil)
        interruptions = nil
        operationCache = nil
    }

    /// A description a first load outlined (`OpenAPIOutline`): its summary made from the outline's header
    /// as from a document read whole, its operations listed, and the whole read from `bytes` when first used.
    /// `hash` is the bytes' hash when the load worked it out already, so a later call does not hash them again.
    convenience init(outline: OpenAPIOutline, bytes: Data, source: String,
                     interruptions: (@Sendable () -> CancellationToken)?, operationCache: OperationCache?, hash: String?) {
        self.init(summary: Self.summary(of: outline.header), bytes: bytes, source: source, interruptions: interruptions,
                  operationCache: operationCache, hash: hash, listing: outline.operations)
    }

    /// A document's summary: where its servers send requests is judged against its source, the place it
    /// was read from.
    private static func summary(of document: OpenAPIDocument) -> DescriptionCache.Summary {
        var targets = ServerTargetCheck.refusals(in: document, from: document.source)
        if let warning = ServerTargetCheck.warning(for: document, from: document.source) { targets.append(warning) }
        return DescriptionCache.Summary(
            title: document.title, version: document.version, openAPIVersion: document.openAPIVersion,
            description: document.description, serverURL: document.serverURL, warnings: document.warnings,
            serverTargetWarnings: targets)
    }

    /// A document known by its summary, to be read from `bytes` when first used; a Ctrl-C then stops the
    /// read as it stops a first load (`interruptions` makes the token).
    init(summary: DescriptionCache.Summary, bytes: Data, source: String,
         interruptions: (@Sendable () -> CancellationToken)? = nil, operationCache: OperationCache? = nil, hash: String? = nil,
         listing: [OperationListing]? = nil) {
        self.summary = summary
        state = Mutex(.pending(bytes: .data(bytes), source: source))
        self.listing = Mutex(listing)
        self.interruptions = interruptions
        self.operationCache = operationCache
        calls.withLock { $0.hash = hash }
    }

    /// The same, for the bytes of the local file at `path`, not read yet: its stamp says it holds `length`
    /// bytes whose hash is `hash`, and they are read when a command needs the whole document.
    init(summary: DescriptionCache.Summary, file path: String, length: Int, hash: String, source: String,
         interruptions: (@Sendable () -> CancellationToken)?, operationCache: OperationCache?) {
        self.summary = summary
        state = Mutex(.pending(bytes: .file(path: path, length: length), source: source))
        listing = Mutex(nil)
        self.interruptions = interruptions
        self.operationCache = operationCache
        calls.withLock { $0.hash = hash }
    }

    /// The document `call NAME` needs, made of the operation's fragment in the `OperationCache` without
    /// reading the rest of the description: it reads to the same operation, servers, security and schemas
    /// as the whole. Its schemas are read as the call uses them (a check reads those its answer reaches):
    /// the whole read that kept the pieces read every one of them, and each piece's hash vouches it is
    /// the same text. Nil when the whole is read already (it serves), or when the cache has no fragment
    /// for `name` (the whole is then read, and that read writes the cache for the next process).
    func document(calling name: String) -> OpenAPIDocument? {
        guard let operationCache, case .pending(let bytes, let source) = state.withLock({ $0 }) else { return nil }
        return calls.withLock { calls in
            if let known = calls.documents[name] { return known }
            guard let entry = calls.entry(for: bytes, in: operationCache), entry.hasFragment(calling: name) else { return nil }
            // A fragment that does not read back is a damaged entry: the whole read writes it again.
            guard let (tree, components) = entry.documentOnDemand(calling: name),
                  let document = try? OpenAPIDocument.parse(tree, source: source, readsSchemasOnDemand: true, components: components),
                  document.operation(named: name) != nil
            else {
                calls.entry = .some(nil)
                return nil
            }
            calls.documents[name] = document
            return document
        }
    }

    /// Whether the description surely has no operation `name` names: its `OperationCache` entry, read
    /// without the whole, does not list it. False when that cannot be told without reading the whole.
    func lacksOperation(named name: String) -> Bool {
        guard let operationCache, case .pending(let bytes, _) = state.withLock({ $0 }) else { return false }
        return calls.withLock { calls in
            guard let entry = calls.entry(for: bytes, in: operationCache) else { return false }
            return entry.operations.operationIndex(named: name) == nil
        }
    }

    /// After the whole was read from `bytes`: its converted form kept when a `call` looked for it and
    /// found none it could use. Only a call pays for writing it (a first load, `ops` or `diff` never do),
    /// and the next call reads it.
    /// `readFromFile`: the bytes were read from the file now, and may no longer be those its stamp vouched
    /// for, so their hash is taken from them (only when the form is kept: a diff never pays for it).
    private func keepConvertedForm(_ tree: JSONValue, of document: OpenAPIDocument, bytes: Data, readFromFile: Bool) {
        guard let operationCache else { return }
        let (known, entry) = calls.withLock { calls in (calls.hash, calls.entry) }
        guard case .some(nil) = entry, let fragments = OperationFragments.make(tree, read: document) else { return }
        let hash = readFromFile ? DescriptionCache.hash(bytes) : known ?? DescriptionCache.hash(bytes)
        operationCache.store(fragments, for: bytes, hash: hash)
    }

    /// The whole document, read now if it was not yet.
    var document: OpenAPIDocument {
        state.withLock { state in
            switch state {
            case .read(let document):
                return document
            case .pending(let pending, let source):
                let token = interruptions?()
                let bytes: Data
                var readFromFile = false
                switch pending {
                case .data(let data):
                    bytes = data
                case .file(let path, _):
                    do {
                        bytes = try LocalFile.read(path)
                    } catch {
                        return OpenAPIDocument.unreadable(
                            title: summary.title, version: summary.version, openAPIVersion: summary.openAPIVersion, source: source,
                            reason: LocalFile.reason(error))
                    }
                    readFromFile = true
                }
                let (document, tree) = Self.read(bytes, source: source, summary: summary, cancellation: token)
                // A read that Ctrl-C stopped is not the document: the next use reads it again.
                if token?.isCancelled != true { state = .read(document) }
                if let tree, token?.isCancelled != true { keepConvertedForm(tree, of: document, bytes: bytes, readFromFile: readFromFile) }
                return document
            }
        }
    }

    /// Whether the description's bytes are at hand (for tests: a file its stamp vouches for is not read
    /// until the whole document is needed).
    var holdsBytes: Bool {
        state.withLock { state in
            if case .pending(.file, _) = state { return false }
            return true
        }
    }

    /// The operations as `ops` lists them: the outline's until the whole is read (the same operations,
    /// `OpenAPIOutline` vouches), then the whole's. A description known by its summary is outlined from its
    /// bytes when first listed, so a later load lists as the first did, without the whole.
    var operations: [OperationListing] {
        if !isRead {
            if let listed = listing.withLock({ $0 }) { return listed }
            if let outline = outlinePendingBytes() {
                listing.withLock { $0 = outline.operations }
                return outline.operations
            }
        }
        return document.operations.map(\.listing)
    }

    /// The outline of the bytes still to be read (a file's read now, and taken only while they are the
    /// bytes its stamp vouched for), or nil when they do not outline.
    private func outlinePendingBytes() -> OpenAPIOutline? {
        guard case .pending(let pending, let source) = state.withLock({ $0 }) else { return nil }
        switch pending {
        case .data(let data):
            return OpenAPIOutline.read(data, source: source)
        case .file(let path, let length):
            guard let data = try? LocalFile.read(path), data.count == length, let hash = calls.withLock({ $0.hash }),
                  DescriptionCache.hash(data) == hash
            else { return nil }
            return OpenAPIOutline.read(data, source: source)
        }
    }

    /// Why the whole document could not be read, once it was (`OpenAPIDocument.unreadableReason`).
    var problem: String? {
        document.unreadableReason
    }

    /// How many bytes the document is still to be read from: 0 once it is read.
    var pendingLength: Int {
        state.withLock { state in
            if case .pending(let bytes, _) = state { return bytes.length }
            return 0
        }
    }

    /// Whether the document has been read (for tests: a `services` from the cache reads none).
    var isRead: Bool {
        state.withLock { state in
            if case .read = state { return true }
            return false
        }
    }

    /// The bytes read as a first load reads them (as `OpenAPIDocument.parse` reads bytes), with the
    /// tree they parse to. They loaded before, so they load again; should they not, the document says why
    /// in its warnings and has no operations, rather than failing a command.
    private static func read(_ bytes: Data, source: String, summary: DescriptionCache.Summary,
                             cancellation: CancellationToken?) -> (document: OpenAPIDocument, tree: JSONValue?) {
        func unreadable(_ error: OpenAPIError) -> OpenAPIDocument {
            OpenAPIDocument.unreadable(
                title: summary.title, version: summary.version, openAPIVersion: summary.openAPIVersion, source: source,
                reason: cancellation?.isCancelled == true ? "stopped by Ctrl-C; the next command reads it again" : error.description)
        }
        let tree: JSONValue
        do {
            tree = try APIDocumentText.parse(bytes, cancellation: cancellation)
        } catch {
            return (unreadable(.notJSON(error.description)), nil)
        }
        do {
            return (try OpenAPIDocument.parse(tree, source: source, cancellation: cancellation), tree)
        } catch {
            return (unreadable(error), nil)
        }
    }
}
