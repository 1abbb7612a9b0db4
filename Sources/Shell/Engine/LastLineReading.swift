import ScriptLanguage
import FoundationFree

/// The statements of the line an engine read last, given again for the same text (a replayed script
/// repeats its lines) instead of tokenizing it and reading its words once more.
///
/// Sound because what a line reads into (`CommandRegistry.statements(in:…markingSecrets: false)`, read
/// without a location) depends on its text and the registry alone, and an engine keeps one registry for its
/// life: no variable, service or session state goes into it (`$name` is read as written and expanded when
/// the command runs; the secrets a line holds are marked later, by the session as it is then). One line is
/// kept, never more; a line that does not read is not kept.
struct LastLineReading {
    private var line: String?
    private var statements: [Statement] = []

    /// The statements of `line`: the last ones when `line` is the last line read, byte for byte, else what
    /// `read` gives (kept for the next line).
    mutating func statements(of line: String, read: () throws(TokenizerError) -> [Statement]) throws(TokenizerError) -> [Statement] {
        // By bytes: Swift's `==` calls canonically equal texts equal (`é` and `e` + U+0301), whose words differ.
        if let last = self.line, last.hasSameBytes(as: line) { return statements }
        self.line = nil
        statements = []
        let read = try read()
        self.line = line
        statements = read
        return read
    }
}
