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
    var signature: CommandSignature {
        CommandSignature([Positional("SCRIPT", .file)], options: [
            Option("--format", value: ("FORMAT", .choice(["hurl", "http"]))),
            Option("-o", value: ("FILE", .file)),
            .flag("--force"),
        ])
    }
    let details = [
        "export checks.apish --format hurl -o checks.hurl      then: hurl --test checks.hurl",
        "export checks.apish --format http -o checks.http",
        "let becomes [Captures] (hurl) or a # @name and its response reference (.http); expect becomes [Asserts]",
        "(hurl) or a # expect comment (.http has no assertions but in JavaScript). A secret is named as a",
        "variable ({{token}}), never written; a command with no equivalent stays as a # not exported comment.",
    ]

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let path = arguments.value("SCRIPT") ?? ""
        let format: ImportFormat
        switch arguments.option("--format") {
        case "hurl"?: format = .hurl
        case "http"?: format = .http
        case let other?: throw CommandError("export: --format is hurl or http, not \(other)")
        case nil: throw CommandError("export: give --format hurl or --format http; usage: \(usage)")
        }
        let script = try ScriptFile.read(path)
        let written: (text: String, requests: Int, warnings: [String])
        do {
            written = try ScriptFormatWriter().export(script, format: format, source: path, session: context.session)
        } catch {
            throw CommandError("export: \(path)\(error.line.map { ":\($0)" } ?? ""): \(error.message)")
        }
        let (text, requests) = (written.text, written.requests)
        var report: RunResult
        if let output = arguments.option("-o") {
            do throws(OutputFile.WriteError) {
                try OutputFile.write(context.session.redactLine(text), to: LocatorLocation.expandTilde(output), replacing: arguments.flag("--force"))
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
