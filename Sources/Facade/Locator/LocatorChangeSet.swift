import JSON
import APIDescriptions
/// What changed between two loads of the locator.
public struct LocatorChangeSet: Sendable, Equatable {
    /// A version whose URL changed.
    public struct Move: Sendable, Equatable {
        public let key: ServiceKey
        public let from: String
        public let to: String
    }

    /// A version whose OpenAPI document changed its operations while the version stayed (documents that
    /// all say `info.version: 1.0.0`).
    struct DocumentChange: Sendable, Equatable {
        public let key: ServiceKey
        /// Operations by `operationId` (else `METHOD /path`), in document order.
        let addedOperations: [String]
        let removedOperations: [String]
        /// Operations in both whose definition changed (parameters, body, responses, through their `$ref`s).
        var changedOperations: [String] = []
        /// Named schemas (`components.schemas`), sorted.
        var addedSchemas: [String] = []
        var removedSchemas: [String] = []
        var changedSchemas: [String] = []
    }

    /// Operation names a change line shows before it only counts the rest.
    static let namedOperations = 3

    public let added: [LocatorEntry]
    public let removed: [LocatorEntry]
    public let moved: [Move]
    /// Entries deprecated (or given a sunset) now that were not before.
    public let newlyDeprecated: [LocatorEntry]
    /// Set by the facade, which holds the documents of both loads.
    var documentChanges: [DocumentChange] = []

    init(from old: Locator?, to new: Locator) {
        let before = old?.entries ?? []
        var added: [LocatorEntry] = []
        var moved: [Move] = []
        var newlyDeprecated: [LocatorEntry] = []
        for entry in new.entries {
            guard let previous = old?.resolve(entry.key) else {
                added.append(entry)
                continue
            }
            if previous.url != entry.url { moved.append(Move(key: entry.key, from: previous.url, to: entry.url)) }
            if entry.isDeprecated && !previous.isDeprecated { newlyDeprecated.append(entry) }
        }
        self.added = added
        self.removed = before.filter { new.resolve($0.key) == nil }
        self.moved = moved
        self.newlyDeprecated = newlyDeprecated
    }

    public var isEmpty: Bool {
        added.isEmpty && removed.isEmpty && moved.isEmpty && newlyDeprecated.isEmpty && documentChanges.isEmpty
    }

    /// The document changes between the OpenAPI documents of the entries both loads have.
    mutating func compareDocuments(
        from old: Locator?, to new: Locator, before: (ServiceKey) -> OpenAPIDocument?, after: (ServiceKey) -> OpenAPIDocument?
    ) {
        guard let old else { return }
        for entry in new.entries {
            guard old.resolve(entry.key) != nil, let previous = before(entry.key), let current = after(entry.key) else { continue }
            let oldNames = previous.operations.map(\.displayName)
            let newNames = current.operations.map(\.displayName)
            let oldSet = Set(oldNames)
            let newSet = Set(newNames)
            let addedOperations = newNames.filter { !oldSet.contains($0) }
            let removedOperations = oldNames.filter { !newSet.contains($0) }
            var change = DocumentChange(key: entry.key, addedOperations: addedOperations, removedOperations: removedOperations)
            change.changedOperations = current.operations.compactMap { operation in
                guard oldSet.contains(operation.displayName), let before = previous.operationFingerprints[operation.signature],
                      let after = current.operationFingerprints[operation.signature], before != after
                else { return nil }
                return operation.displayName
            }
            let oldSchemas = previous.schemaFingerprints, newSchemas = current.schemaFingerprints
            change.addedSchemas = newSchemas.keys.filter { oldSchemas[$0] == nil }.sorted()
            change.removedSchemas = oldSchemas.keys.filter { newSchemas[$0] == nil }.sorted()
            change.changedSchemas = newSchemas.compactMap { name, print in
                oldSchemas[name].flatMap { $0 == print ? nil : name }
            }.sorted()
            guard !(addedOperations + removedOperations + change.changedOperations + change.addedSchemas
                + change.removedSchemas + change.changedSchemas).isEmpty else { continue }
            documentChanges.append(change)
        }
    }

    /// One line per change, for the shell: `+ weather v3`, `- stockQuote v1`, `~ twit v1 moved …`, `! weather v1 deprecated (sunset 2027-06-30)`.
    public var lines: [String] {
        added.map { "+ \($0.key) added (\($0.url))" }
            + removed.map { "- \($0.key) removed" }
            + moved.map { "~ \($0.key) moved \($0.from) → \($0.to)" }
            + newlyDeprecated.map { entry in
                "! \(entry.key) deprecated" + (entry.sunset.map { " (sunset \($0))" } ?? "")
            }
            + documentChanges.map { change in
                func counted(_ names: [String], _ noun: String, _ what: String) -> String? {
                    guard !names.isEmpty else { return nil }
                    let shown = names.prefix(Self.namedOperations).joined(separator: ", ")
                        + (names.count > Self.namedOperations ? ", …" : "")
                    return "\(names.count) \(noun)\(names.count == 1 ? "" : "s") \(what) (\(shown))"
                }
                let parts = [
                    counted(change.addedOperations, "operation", "added"), counted(change.removedOperations, "operation", "removed"),
                    counted(change.changedOperations, "operation", "changed"),
                    counted(change.addedSchemas, "schema", "added"), counted(change.removedSchemas, "schema", "removed"),
                    counted(change.changedSchemas, "schema", "changed"),
                ].compactMap { $0 }
                return "~ \(change.key) document changed: " + parts.joined(separator: ", ")
            }
    }
}
