import Facade

/// Context-aware Tab completion: commands; service names; versions after `use NAME`; ids from the last
/// `twits` after `like`; `$` variables; file paths after `source`/`locate`.
public struct Completer {
    let session: Session
    let registry: CommandRegistry

    public init(session: Session, registry: CommandRegistry = .standard) {
        self.session = session
        self.registry = registry
    }

    /// Candidates for the word ending at `cursor` (a Character offset), and where that word starts.
    public func complete(line: String, cursor: Int) -> (candidates: [String], replaceFrom: Int) {
        let before = String(line.prefix(cursor))
        let segmentStart = before.lastIndex(of: ";").map { before.index(after: $0) } ?? before.startIndex
        let segment = before[segmentStart...]
        let endsWithSpace = segment.last.map(\.isWhitespace) ?? true
        var words = segment.split(whereSeparator: \.isWhitespace).map(String.init)
        let partial = endsWithSpace ? "" : (words.popLast() ?? "")
        let replaceFrom = cursor - partial.count

        // `$na` anywhere in the word (`city==$ci`) completes variable names from the `$`.
        if let dollar = partial.lastIndex(of: "$"),
           partial[partial.index(after: dollar)...].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) {
            let fragment = String(partial[dollar...])
            let names = session.variables.keys.map { "$" + $0 } + session.environment.keys.map { "$env." + $0 }
            let offset = partial.distance(from: partial.startIndex, to: dollar)
            return (names.filter { $0.hasPrefix(fragment) }.sorted(), replaceFrom + offset)
        }
        guard let name = words.first else {
            return (registry.allNames.filter { $0.hasPrefix(partial.lowercased()) }, replaceFrom)
        }
        guard let command = registry.command(named: name) else { return ([], replaceFrom) }
        let previous = Array(words.dropFirst())
        if command.completesPath(previous) {
            return (PathCompletion.files(matching: partial), replaceFrom)
        }
        let offered = command.complete(previous, session: session)
        let lower = partial.lowercased()
        return (offered.filter { $0.lowercased().hasPrefix(lower) }, replaceFrom)
    }
}
