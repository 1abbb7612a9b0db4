import ScriptLanguage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        if let last = self.line, Self.sameBytes(last, line) { return statements }
        self.line = nil
        statements = []
        let read = try read()
        self.line = line
        statements = read
        return read
    }

    /// Whether two texts are the same bytes: `memcmp` of their contiguous storage when both have it (a native
    /// string always does), a tenth of what walking two UTF-8 views element by element costs.
    private static func sameBytes(_ left: String, _ right: String) -> Bool {
        guard left.utf8.count == right.utf8.count else { return false }
        let compared: Bool?? = left.utf8.withContiguousStorageIfAvailable { leftBytes in
            right.utf8.withContiguousStorageIfAvailable { rightBytes in
                guard let leftBase = leftBytes.baseAddress, let rightBase = rightBytes.baseAddress else { return true }
                return memcmp(leftBase, rightBase, leftBytes.count) == 0
            }
        }
        return (compared ?? nil) ?? left.utf8.elementsEqual(right.utf8)
    }
}
