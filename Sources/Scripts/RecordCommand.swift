import Declarations
import Facade
import JSON
import HTTPClient
import HTTPTypes
import Shell
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `record start | stop | save FILE [--format hurl|http]` (and `record` alone for the state): turns a session
/// into a script, or into a `.hurl` or `.http` file through `formatWriter`.
package struct RecordCommand: Command {
    package let name = "record"
    package let abstract = "Record commands into a replayable script with pinned expectations"
    package let isReplayable = false
    let formatWriter: (any RecordingFormatWriter)?

    package init(formatWriter: (any RecordingFormatWriter)? = nil) {
        self.formatWriter = formatWriter
    }

    static let file = Positional("FILE", .file, help: "the script to write; replay it with: apish FILE", validator: .nonEmpty)
    static let force = Flag("--force", help: "overwrite FILE if it exists")

    /// `--format hurl|http`: the formats the writer knows.
    var format: TypedOption<String> {
        let formats = formatWriter?.formats ?? []
        return TypedOption("--format", formats.isEmpty ? "FORMAT" : formats.joined(separator: "|"), kind: .choice(formats), help: "write it as a .hurl or .http file (as export does a script)",
                           validator: formats.isEmpty ? nil : .oneOf(formats))
    }

    package var signature: CommandSignature {
        CommandSignature([
            ArgumentForm(["start"], help: "begin (the versions, credentials and variables in use are written first)"),
            ArgumentForm(["stop"], help: "stop recording; what was recorded is kept until record start"),
            ArgumentForm(["save"], [Self.file], options: [Self.force, format], help: "write what was recorded as a script"),
            ArgumentForm(),
        ])
    }
    package let details = [
        "record start",
        "record save checks.apish",
        "Each request is followed by expect status N and expect result KIND as it happened.",
        "Secrets are not saved: the script reads ${env.APISH_BEARER:-redacted} (or APISH_API_KEY, APISH_SECRET).",
    ]

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let session = context.session
        switch arguments.subcommand {
        case "start"?:
            if let recorder = session.recorder, recorder.isRecording {
                throw CommandError("already recording (\(recorder.commandCount) commands); record save FILE or record stop")
            }
            session.startRecording()
            return state(session)
        case "stop"?:
            guard session.recorder?.isRecording == true else { throw CommandError("not recording; record start begins") }
            session.stopRecording()
            return state(session)
        case "save"?:
            return try save(to: arguments[Self.file] ?? "", force: arguments[Self.force], format: arguments[format], session: session)
        default:
            return state(session)
        }
    }

    private func save(to path: String, force: Bool, format: String?, session: Session) throws(CommandError) -> RunResult {
        guard let recorder = session.recorder else { throw CommandError("nothing recorded; record start first") }
        var text = recorder.script(locator: session.facade.workspace.locatorSource, file: path, redact: session.redactLine)
        let placeholders = recorder.replayable(redact: session.redactLine).placeholders
        var warnings: [String] = []
        if let format {
            guard let formatWriter, formatWriter.formats.contains(format) else {
                throw CommandError("record save: --format is \((formatWriter?.formats ?? []).joined(separator: " or ")), not \(format)")
            }
            (text, warnings) = try formatWriter.write(text, format: format, source: path, session: session)
            text = session.redactLine(text)
        }
        // A recording is easy to lose over an older one: replacing a regular file is asked for. A device or a
        // FIFO is written through, and a symbolic link followed (see `OutputFile`).
        do {
            try OutputFile.write(text, to: LocatorLocation.expandTilde(path), replacing: force)
        } catch .exists {
            throw CommandError("record save: \(path) already exists; to replace it: record save \(path) --force")
        } catch {
            throw CommandError(error.description)
        }
        let count = recorder.commandCount
        var report = RunResult(lines: ["saved \(count) command\(count == 1 ? "" : "s") to \(path); replay: apish \(path)"])
        report.warnings = warnings
        if !placeholders.isEmpty {
            report.warnings.append("\(path) reads secrets from the environment: set \(placeholders.joined(separator: ", ")) before replaying")
        }
        report.data = .object(JSONObject([
            ("file", .string(path)), ("commands", .number(JSONNumber(count))),
            ("secrets", .array(placeholders.map(JSONValue.string))),
        ]))
        return report
    }

    private func state(_ session: Session) -> RunResult {
        guard let recorder = session.recorder else {
            var report = RunResult(lines: ["not recording; record start begins"])
            report.data = .object(JSONObject([("recording", .bool(false)), ("commands", .number(0))]))
            return report
        }
        let count = recorder.commandCount
        let line = recorder.isRecording
            ? "recording: \(count) command\(count == 1 ? "" : "s") so far; record save FILE writes them"
            : "recording stopped: \(count) command\(count == 1 ? "" : "s"); record save FILE writes them"
        var report = RunResult(lines: [line])
        report.data = .object(JSONObject([("recording", .bool(recorder.isRecording)), ("commands", .number(JSONNumber(count)))]))
        return report
    }
}
