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
        case pending(bytes: Data, source: String)
    }
    private let interruptions: (@Sendable () -> CancellationToken)?

    /// A document just read, its summary made from it: where its servers send requests is judged
    /// against its source, the place it was read from.
    init(_ document: OpenAPIDocument) {
        var targets = ServerTargetCheck.refusals(in: document, from: document.source)
        if let warning = ServerTargetCheck.warning(for: document, from: document.source) { targets.append(warning) }
        summary = DescriptionCache.Summary(
            title: document.title, version: document.version, openAPIVersion: document.openAPIVersion,
            description: document.description, serverURL: document.serverURL, warnings: document.warnings,
            serverTargetWarnings: targets)
        state = Mutex(.read(document))
        interruptions = nil
    }

    /// A document known by its summary, to be read from `bytes` when first used; a Ctrl-C then stops the
    /// read as it stops a first load (`interruptions` makes the token).
    init(summary: DescriptionCache.Summary, bytes: Data, source: String,
         interruptions: (@Sendable () -> CancellationToken)? = nil) {
        self.summary = summary
        state = Mutex(.pending(bytes: bytes, source: source))
        self.interruptions = interruptions
    }

    /// The whole document, read now if it was not yet.
    var document: OpenAPIDocument {
        state.withLock { state in
            switch state {
            case .read(let document):
                return document
            case .pending(let bytes, let source):
                let token = interruptions?()
                let document = Self.read(bytes, source: source, summary: summary, cancellation: token)
                // A read that Ctrl-C stopped is not the document: the next use reads it again.
                if token?.isCancelled != true { state = .read(document) }
                return document
            }
        }
    }

    /// Whether the document has been read (for tests: a `services` from the cache reads none).
    var isRead: Bool {
        state.withLock { state in
            if case .read = state { return true }
            return false
        }
    }

    /// The bytes read as a first load reads them. They loaded before, so they load again; should they
    /// not, the document says why in its warnings and has no operations, rather than failing a command.
    private static func read(_ bytes: Data, source: String, summary: DescriptionCache.Summary,
                             cancellation: CancellationToken?) -> OpenAPIDocument {
        do {
            return try OpenAPIDocument.parse(bytes, source: source, cancellation: cancellation)
        } catch {
            if cancellation?.isCancelled == true {
                return OpenAPIDocument.unreadable(
                    title: summary.title, version: summary.version, openAPIVersion: summary.openAPIVersion,
                    source: source, reason: "stopped by Ctrl-C; the next command reads it again")
            }
            return OpenAPIDocument.unreadable(
                title: summary.title, version: summary.version, openAPIVersion: summary.openAPIVersion,
                source: source, reason: error.description)
        }
    }
}
