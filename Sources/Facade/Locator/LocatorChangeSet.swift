import JSON
/// What changed between two loads of the locator.
public struct LocatorChangeSet: Sendable, Equatable {
    /// A version whose URL changed.
    public struct Move: Sendable, Equatable {
        public let key: ServiceKey
        public let from: String
        public let to: String
    }

    public let added: [LocatorEntry]
    public let removed: [LocatorEntry]
    public let moved: [Move]
    /// Entries deprecated (or given a sunset) now that were not before.
    public let newlyDeprecated: [LocatorEntry]

    public init(from old: Locator?, to new: Locator) {
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

    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && moved.isEmpty && newlyDeprecated.isEmpty }

    /// One line per change, for the shell: `+ weather v3`, `- stockQuote v1`, `~ twit v1 moved …`, `! weather v1 deprecated (sunset 2027-06-30)`.
    public var lines: [String] {
        added.map { "+ \($0.key) added (\($0.url))" }
            + removed.map { "- \($0.key) removed" }
            + moved.map { "~ \($0.key) moved \($0.from) → \($0.to)" }
            + newlyDeprecated.map { entry in
                "! \(entry.key) deprecated" + (entry.sunset.map { " (sunset \($0))" } ?? "")
            }
    }
}
