import APIDescriptions
import Facade
import HTTPClient
import HTTPTypes
import JSON
import Reports
import Shell

/// `impact FILE SERVICE A B [--fix OUT] [--run] [--report html FILE]`: which lines of a script the
/// change from version A to version B of a service breaks, read from the script without running it.
package struct ImpactCommand: Command {
    package let name = "impact"
    package let abstract = "Which lines of a script an upgrade of a service breaks (read without running it)"
    package init() {}

    static let script = Positional("FILE", .file, help: "the apish script to read (it is not run)")
    static let service = Positional("SERVICE", .service, help: "the service whose upgrade is judged")
    static let versionA = Positional("A", .version, help: "the version the script is written for")
    static let versionB = Positional("B", .version, help: "the version it would move to")
    static let fix = Option("--fix", value: ("OUT", .file),
                            help: "write the migrated script to OUT (renames, moves, use SERVICE B; a # impact: comment where left to decide)")
    static let runs = Flag("--run", help: "also run the script on A and on B; a review line that passes on B is ok")

    package var signature: CommandSignature {
        CommandSignature([Self.script, Self.service, Self.versionA, Self.versionB], options: [Self.fix, Self.runs, .htmlReport])
    }
    package let details = [
        "impact examples/upgrade-impact.apish petstore v1 v3",
        "Each line that reaches SERVICE: FILE:LINE: command: what changes — breaking|review|ok|unknown;",
        "then a summary. A line that breaks fails the command (a script exits 1).",
    ]

    package func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let reportFile = try HTMLReportOption.file(in: arguments, command: "impact")
        let (fix, runs) = (arguments[Self.fix], arguments[Self.runs])
        let (file, serviceName) = (arguments[Self.script] ?? "", arguments[Self.service] ?? "")
        let (versionA, versionB) = (arguments[Self.versionA] ?? "", arguments[Self.versionB] ?? "")
        let session = context.session
        let facade = session.facade
        // By device and inode, not by spelling: `./s.apish`, an absolute path or a link to it is the script too.
        let script = FileIdentity(path: LocatorLocation.expandTilde(file))
        for (flag, output) in [("--fix", fix), ("--report html", reportFile)] {
            if let output, let script, FileIdentity(path: LocatorLocation.expandTilde(output)) == script {
                throw CommandError("impact: \(flag) \(output) would overwrite the script itself; name another file")
            }
        }
        let text = try ScriptFile.read(file)
        let entryA: LocatorEntry, entryB: LocatorEntry
        let apiA: OpenAPIServiceAPI, apiB: OpenAPIServiceAPI
        do {
            entryA = try Self.entry(serviceName, versionA, facade: facade)
            entryB = try Self.entry(serviceName, versionB, facade: facade)
            apiA = try facade.descriptions.openAPI(of: entryA)
            apiB = try facade.descriptions.openAPI(of: entryB)
        } catch {
            throw CommandError(error)
        }
        let scriptLines = Self.lines(of: text)
        let defaultService = facade.workspace.currentService ?? (try? facade.descriptions.openAPI(nil))?.entry.name
        var scanner = ImpactScanner(
            file: file, service: entryA.name, entryA: entryA, entryB: entryB, apiA: apiA, apiB: apiB,
            serviceNames: facade.workspace.serviceNames, environment: session.environment, defaultService: defaultService,
            registry: session.registry, session: session, redactLine: { session.redactLine($0) })
        scanner.scan(scriptLines)
        var result = ImpactResult(file: file, service: entryA.name, a: entryA.version.description, b: entryB.version.description,
                                  lines: scanner.lines)
        var notes: [String] = []
        if runs {
            let runner = ImpactRun(file: file, service: entryA.name, context: context)
            let mocks = runner.mockUnreachable([entryA, entryB])
            let onA = runner.run(text, version: entryA.version.description)
            let onB = runner.run(ImpactFixWriter.migrated(text, fixes: scanner.versionFixes), version: entryB.version.description)
            mocks.mock?.stop(session: session)
            notes += mocks.notes
            result = ImpactRun.confirm(result, onA: onA, onB: onB)
        }
        if let fix {
            // The script's own text, kept as it is: masking it would change what runs. A script that writes a
            // secret out (not a variable reference to one) gets a migrated copy only its owner can read.
            let migrated = ImpactFixWriter.migrated(text, fixes: scanner.fixes)
            let holdsSecrets = Self.lines(of: migrated).contains { session.redactLine($0) != $0 }
            try ReportFile.write(migrated, to: fix, holdsSecrets: holdsSecrets)
            let edited = scanner.fixes.values.count(where: \.changesText)
            let comments = scanner.fixes.values.reduce(0) { $0 + $1.comments.count }
            notes.append("wrote \(fix): \(edited) line\(edited == 1 ? "" : "s") migrated, \(comments) # impact: comment\(comments == 1 ? "" : "s"); replay it with: use \(entryB.name) \(entryB.version) and apish \(fix)")
        }
        if let path = reportFile {
            try ReportFile.write(HTMLReport.impact(result, mask: { session.redact($0) }), to: path)
            notes.append("wrote \(path)")
        }
        var report = RunResult(.findings(result))
        report.notes = notes
        if result.breaks {
            report.ok = false
            let count = result.count(.breaking)
            report.error = "\(count) line\(count == 1 ? "" : "s") of \(file) break\(count == 1 ? "s" : "") on \(entryB.key)"
        }
        return report
    }

    /// A script's lines as the engine numbers them (a `\r` before each newline dropped).
    package static func lines(of text: String) -> [String] {
        // By bytes: a String holds `\r\n` as one character, so splitting its characters at "\n" misses it.
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    package static func entry(_ service: String, _ version: String, facade: ServiceFacade) throws(FacadeError) -> LocatorEntry {
        if version.lowercased() == "latest" { return try facade.workspace.latestEntry(of: service) }
        return try facade.workspace.entry(of: service, version: version)
    }
}
