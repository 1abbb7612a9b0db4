import Facade
import Importers
import Scripts
import Shell

/// An apish script written as a `.hurl` or `.http` file: read into the import model (`ScriptExport`, service
/// URLs of the versions in use), then written by that format's writer. `export` and `record save --format`
/// both write through it.
struct ScriptFormatWriter: RecordingFormatWriter {
    let formats = ["hurl", "http"]

    /// The file's text, how many requests it has, and one warning per kind of command it could not say.
    func export(_ script: String, format: ImportFormat, source: String, session: Session) throws(ImportError) -> (text: String, requests: Int, warnings: [String]) {
        let workspace = session.facade.workspace
        let read = try ScriptExport.read(script, serviceURL: { service in try? workspace.activeEntry(of: service).url }, redact: session.redactLine)
        let text = format == .hurl ? HurlWriter.write(read.document, source: source) : HTTPFileWriter.write(read.document, source: source)
        let warnings = read.untranslated.map { "not exported: \($0.kind)\($0.count > 1 ? " (\($0.count)×)" : ""), kept as a # comment" }
        return (text, read.document.requests.count, warnings)
    }

    func write(_ script: String, format: String, source: String, session: Session) throws(CommandError) -> (text: String, warnings: [String]) {
        guard let format = ImportFormat(rawValue: format), format == .hurl || format == .http else {
            throw CommandError("record save: --format is hurl or http, not \(format)")
        }
        do {
            let written = try export(script, format: format, source: source, session: session)
            return (written.text, written.warnings)
        } catch {
            throw CommandError("record save: \(error.line.map { "line \($0): " } ?? "")\(error.message)")
        }
    }
}
