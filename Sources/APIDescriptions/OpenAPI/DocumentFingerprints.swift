import FoundationFree
import JSON
import Synchronization

/// A 64-bit fingerprint of each named schema (`components.schemas`) and each operation of a document, taken
/// through the `$ref`s it follows, so that `locate` can say what changed between two loads of a document
/// whose version stayed the same: a schema edited in a file three `$ref`s away changes the fingerprint of
/// every schema and operation that reaches it. Each `$ref` target is taken once (remembered), so the work
/// follows the document's size; a `$ref` back into a target being taken counts as its text.
struct DocumentFingerprints {
    private let document: JSONValue
    private var byReference: [String: UInt64] = [:]
    private var inProgress = Set<String>()
    /// Levels of nesting and `$ref`s followed together; past it a value counts by its kind alone, so a chain
    /// of 30,000 `$ref`s or a deep document cannot exhaust the stack. Deterministic: both loads of a
    /// document walk it the same way, so equal documents still get equal fingerprints.
    static let depthLimit = 256
    private var depth = 0

    init(document: JSONValue) {
        self.document = document
    }

    /// A document's fingerprints, taken the first time they are asked for and then kept (its tree is let
    /// go of then). A load that no reload compares never pays for them: they were a tenth of the load.
    final class Deferred: Sendable {
        private enum State {
            case pending(JSONValue)
            case taken(schemas: [String: UInt64], operations: [String: UInt64])
        }
        private let state: Mutex<State>

        init(document: JSONValue) {
            state = Mutex(.pending(document))
        }

        /// The document's tree while no fingerprint has been taken (it is let go of then).
        var tree: JSONValue? {
            state.withLock { state in
                guard case .pending(let document) = state else { return nil }
                return document
            }
        }

        var value: (schemas: [String: UInt64], operations: [String: UInt64]) {
            state.withLock { state in
                switch state {
                case .taken(let schemas, let operations):
                    return (schemas, operations)
                case .pending(let document):
                    let taken = DocumentFingerprints.of(document)
                    state = .taken(schemas: taken.schemas, operations: taken.operations)
                    return taken
                }
            }
        }
    }

    /// Schema name → fingerprint, and operation (`METHOD /path`) → fingerprint.
    static func of(_ document: JSONValue) -> (schemas: [String: UInt64], operations: [String: UInt64]) {
        var fingerprints = DocumentFingerprints(document: document)
        var schemas: [String: UInt64] = [:]
        if case .object(let named)? = document["components"]?["schemas"] {
            for (name, schema) in named {
                var hash = WordHash()
                fingerprints.add(schema, to: &hash)
                schemas[name] = hash.value
            }
        }
        var operations: [String: UInt64] = [:]
        if case .object(let paths)? = document["paths"] {
            for (path, item) in paths {
                var shared = WordHash()
                var resolvedItem = item
                if case .string(let reference)? = item["$ref"], let target = JSONPointer(reference)?.resolve(in: document) {
                    resolvedItem = target
                }
                if let parameters = resolvedItem["parameters"] { fingerprints.add(parameters, to: &shared) }
                if let servers = resolvedItem["servers"] { fingerprints.add(servers, to: &shared) }
                guard case .object(let methods) = resolvedItem else { continue }
                for (method, operation) in methods where OpenAPIReader.methods.contains(method) {
                    var hash = shared
                    fingerprints.add(operation, to: &hash)
                    operations[method.uppercased() + " " + path] = hash.value
                }
            }
        }
        return (schemas, operations)
    }

    private mutating func add(_ value: JSONValue, to hash: inout WordHash) {
        guard depth < Self.depthLimit else {
            hash.add(byte: 0x2E)
            return
        }
        depth += 1
        defer { depth -= 1 }
        switch value {
        case .object(let object):
            hash.add(byte: 0x7B)
            for (key, member) in object {
                hash.add(key)
                if key == "$ref", case .string(let reference) = member {
                    hash.add(fingerprint(of: reference))
                } else {
                    add(member, to: &hash)
                }
            }
            hash.add(byte: 0x7D)
        case .array(let elements):
            hash.add(byte: 0x5B)
            for element in elements { add(element, to: &hash) }
            hash.add(byte: 0x5D)
        case .string(let text):
            hash.add(byte: 0x22)
            hash.add(text)
        default:
            hash.add(value.displayText)
        }
    }

    /// What a `$ref` leads to, taken once.
    private mutating func fingerprint(of reference: String) -> UInt64 {
        if let known = byReference[reference] { return known }
        var hash = WordHash()
        // Only a reference that is not followed counts by its text, as the document wrote it: the keys a
        // bundle gives other files depend on the order they were found in.
        guard reference.hasPrefix("#"), !inProgress.contains(reference),
              let target = JSONPointer(reference)?.resolve(in: document) else {
            hash.add(DocumentBundle.written(reference, in: document))
            return hash.value
        }
        inProgress.insert(reference)
        add(target, to: &hash)
        inProgress.remove(reference)
        byReference[reference] = hash.value
        return hash.value
    }

}
