import Facade
import Rendering
import ScriptLanguage

/// Context-aware Tab completion: commands; service names; versions after `use NAME`; ids from the last
/// `twits` after `like`; `$` variables; file paths after `source`/`locate`.
public struct Completer {
    package let session: Session
    package let registry: CommandRegistry

    public init(session: Session, registry: CommandRegistry? = nil) {
        self.session = session
        self.registry = registry ?? session.registry
    }

    /// What Tab offers: candidates for the word that starts at `replaceFrom` (a Character offset).
    public struct Result: Equatable {
        public let candidates: [String]
        public let replaceFrom: Int
        /// A space after a single candidate, but not after a folder (`examples/`), whose files come next,
        /// nor after an item waiting for its value (`limit=`, `X-Request-Id:`).
        public var appendSpace: Bool {
            !(candidates.count == 1 && (candidates[0].hasSuffix("/") || candidates[0].hasSuffix("=") || candidates[0].hasSuffix(":")))
        }
    }

    /// Candidates for the word ending at `cursor` (a Character offset), and where that word starts. The
    /// line before the cursor is read as statements, tolerantly (an open quote runs to its end), so a `;`
    /// or a blank inside quotes does not end the word being typed.
    public func complete(line: String, cursor: Int) -> Result {
        let before = String(line.prefix(cursor))
        let words: [String], partial: String
        switch Self.typing(before, statements: registry.statementsTolerantly(in: before, session: session)) {
        case .pipe:
            return Result(candidates: [], replaceFrom: cursor)
        case .file(let typed):
            return Result(candidates: PathCompletion.files(matching: typed), replaceFrom: cursor - typed.count)
        case let .word(previous, typed):
            words = previous
            partial = typed
        }
        let replaceFrom = cursor - partial.count

        // `$na` anywhere in the word (`city==$ci`) completes variable names from the `$`.
        if let dollar = partial.lastIndex(of: "$"),
           partial[partial.index(after: dollar)...].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) {
            let fragment = String(partial[dollar...])
            let names = session.variables.keys.map { "$" + $0 } + session.environment.keys.map { "$env." + $0 }
            let offset = partial.distance(from: partial.startIndex, to: dollar)
            return Result(candidates: names.filter { $0.hasPrefix(fragment) }.sorted(), replaceFrom: replaceFrom + offset)
        }
        guard let name = words.first else {
            return Result(candidates: registry.available(with: session.facade.workspace.serviceNames).allNames.filter { $0.hasPrefix(partial.lowercased()) }, replaceFrom: replaceFrom)
        }
        guard let command = registry.command(named: name) else { return Result(candidates: [], replaceFrom: replaceFrom) }
        let previous = Array(words.dropFirst())
        let offered = command.completion(after: previous, session: session)
        // A path is offered files; an option (`--refresh`) only when its dash is typed.
        if offered.paths, !partial.hasPrefix("-") {
            return Result(candidates: PathCompletion.files(matching: partial), replaceFrom: replaceFrom)
        }
        // `name=` and `name==` are followed by the item's value; `name:=` by JSON, which is not offered.
        if let equals = partial.firstIndex(of: "="), partial[..<equals].last != ":" {
            let item = String(partial[..<equals])
            var valueStart = partial.index(after: equals)
            if valueStart < partial.endIndex, partial[valueStart] == "=" { valueStart = partial.index(after: valueStart) }
            let prefix = String(partial[..<valueStart])
            let typed = String(partial[valueStart...])
            let values = command.completeValue(of: item, previous: previous, session: session)
            let candidates = values.filter { $0.hasPrefix(typed) && TerminalText.safe($0) == $0 && !$0.contains("\n") && !$0.contains(" ") }
            if !candidates.isEmpty {
                return Result(candidates: candidates.map { prefix + $0 }, replaceFrom: replaceFrom)
            }
        }
        let lower = partial.lowercased()
        // A name from a server that holds control characters is never offered: it could drive the terminal.
        let safe = offered.offered(for: partial).filter { TerminalText.safe($0) == $0 && !$0.contains("\n") }
        let prefixed = safe.filter { $0.lowercased().hasPrefix(lower) }
        // Among hundreds of operations (`issues/list-for-repo`), what a person remembers is a word inside the
        // name: when no name starts with the text, the names that hold it are offered.
        guard prefixed.isEmpty, lower.count >= 2 else { return Result(candidates: prefixed, replaceFrom: replaceFrom) }
        return Result(candidates: safe.filter { $0.lowercased().contains(lower) }, replaceFrom: replaceFrom)
    }

    /// What the cursor is in: the file of `<`, `>` or `>>`; a pipe's shell command, which is not apish's
    /// to complete; or a word of a statement.
    private enum Typing {
        case file(String)
        case pipe
        /// The words before the one being typed (the command's name first) and that word as typed.
        case word(previous: [String], partial: String)
    }

    /// Where the cursor is in the last statement of the line before it.
    private static func typing(_ before: String, statements: [Statement]) -> Typing {
        let bytes = Array(before.utf8)
        guard let last = statements.last else { return .word(previous: [], partial: "") }
        let syntax = last.syntax
        func text(_ span: Range<Int>) -> String { String(decoding: bytes[span], as: UTF8.self) }
        if let output = syntax.outputSpan, output.upperBound == bytes.count {
            if case .pipe? = syntax.output { return Typing.pipe }
            return .file(text(output))
        }
        if let input = syntax.inputSpan, input.upperBound == bytes.count { return .file(text(input)) }
        let end = (syntax.wordSpans + [syntax.inputSpan, syntax.outputSpan].compactMap { $0 }).map(\.upperBound).max() ?? 0
        // A `;` after the statement's last word starts the next one, which has no words yet.
        if bytes[end...].contains(UInt8(ascii: ";")) { return .word(previous: [], partial: "") }
        let words = last.words.map { $0.literal ?? $0.text }
        if let span = syntax.wordSpans.last, span.upperBound == bytes.count {
            return .word(previous: Array(words.dropLast()), partial: text(span))
        }
        return .word(previous: words, partial: "")
    }
}
