/// The answer of a ``CompletionProvider``: which words could replace the word at the cursor.
public struct Completion: Sendable, Equatable {
    /// Full replacement words (not suffixes), e.g. `["help", "history"]` for `he`.
    public var candidates: [String]
    /// Character offset in the line where the replaced word starts; the text from here to the cursor
    /// is what the candidates replace.
    public var replaceFrom: Int
    /// Whether a space follows a single, unambiguous candidate once it is inserted (false for a
    /// directory path that the user will keep typing into, for example).
    public var appendSpace: Bool

    public init(candidates: [String], replaceFrom: Int, appendSpace: Bool = true) {
        self.candidates = candidates
        self.replaceFrom = replaceFrom
        self.appendSpace = appendSpace
    }

    /// Nothing to offer; Tab leaves the line alone.
    public static let none = Completion(candidates: [], replaceFrom: 0, appendSpace: false)
}
