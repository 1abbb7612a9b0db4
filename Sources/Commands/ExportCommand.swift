import Facade
import HTTPTypes
import Importers
import JSON
import Shell

/// `export SCRIPT.apish --format hurl|http [-o FILE] [--force]`: an apish script written in another tool's
/// format, the way back from `import`. A service-relative URL is written with the URL of the version in use;
/// what the format cannot say stays as a comment, with one warning per kind.
struct ExportCommand: Command {
    let name = "export"
    let abstract = "Write an apish script as a .hurl or .http file"
    static let script = Positional("SCRIPT", .file, help: "the apish script to write")
    static let format = TypedOption<ExportFormat>("--format", ExportFormat.placeholder, required: true, help: "hurl (a .hurl file) or http (a .http file)")
    static let output = Option("-o", value: ("FILE", .file), help: "write it to FILE (else print it)")
    static let force = Flag("--force", help: "replace FILE when it exists")

    /// The formats `export` writes.
    enum ExportFormat: String, ArgumentChoice {
        case hurl, http

        var format: ImportFormat {
            switch self {
            case .hurl: .hurl
            case .http: .http
            }
        }
    }

    var signature: CommandSignature {
        CommandSignature([Self.script], options: [Self.format, Self.output, Self.force])
    }
    let details = [
        "export checks.apish --format hurl -o checks.hurl      then: hurl --test checks.hurl",
        "export checks.apish --format http -o checks.http",
        "let becomes [Captures] (hurl) or a # @name and its response reference (.http); expect becomes [Asserts]",
        "(hurl) or a # expect comment (.http has no assertions but in JavaScript). A secret is named as a",
        "variable ({{token}}), never written; a command with no equivalent stays as a # not exported comment.",
    ]

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let path = arguments[Self.script] ?? ""
        let format = (arguments[Self.format] ?? .hurl).format
        let script = try ScriptFile.read(path)
        let written: (text: String, requests: Int, warnings: [String])
        do {
            written = try ScriptFormatWriter().export(script, format: format, source: path, session: context.session)
        } catch {
            throw CommandError("export: \(path)\(error.line.map { ":\($0)" } ?? ""): \(error.message)")
        }
        let (text, requests) = (written.text, written.requests)
        var report: RunResult
        if let output = arguments[Self.output] {
            do throws(OutputFile.WriteError) {
                try OutputFile.write(context.session.redactLine(text), to: LocatorLocation.expandTilde(output), replacing: arguments[Self.force])
            } catch .exists {
                throw CommandError("export: \(output) already exists; to replace it: add --force")
            } catch {
                throw CommandError(error.description)
            }
            report = RunResult(lines: ["wrote \(requests) request\(requests == 1 ? "" : "s") to \(output)"])
        } else {
            report = RunResult(lines: text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
        }
        report.warnings = written.warnings
        report.data = .object(JSONObject([
            ("requests", .number(JSONNumber(requests))),
            ("untranslated", .array(report.warnings.map(JSONValue.string))),
        ]))
        return report
    }
}
