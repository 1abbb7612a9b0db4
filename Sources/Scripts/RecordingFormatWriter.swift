import Shell

/// Writes a recorded script in another tool's format, for `record save FILE --format hurl|http`. The writers
/// live with the importers, which this module does not see; the commands module hands one to `RecordCommand`.
package protocol RecordingFormatWriter: Sendable {
    /// The formats it writes (`hurl`, `http`).
    var formats: [String] { get }
    /// `script` (an apish script) as `format`, and one warning per kind of command it could not say.
    func write(_ script: String, format: String, source: String, session: Session) throws(CommandError) -> (text: String, warnings: [String])
}
