/// Supplies Tab completion to an ``EditLineReader``.
///
/// Called on the thread that is inside ``LineReader/readLine(prompt:)``, while the terminal is in raw
/// mode, so it must answer quickly and must not print.
public protocol CompletionProvider: AnyObject {
    /// Candidates for the word that ends at `cursor`.
    /// - Parameters:
    ///   - line: the whole line being edited.
    ///   - cursor: Character offset of the cursor in `line`.
    func complete(line: String, cursor: Int) -> Completion
}
