import Facade
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
import JSON
import HTTPClient
import HTTPTypes
import Rendering
import Reports
import Shell
import ShellCommandLine

/// Runs apish without a prompt: `-c` commands (each `-c` is line N of the file `-c`), a script file
/// (`-` reads standard input) or piped standard input (the file `<stdin>`), once or — with
/// `--each-version SERVICE` — once per version of a service. Writes `--report junit|tap` files and turns
/// the outcome into the exit status: 0 all passed, 1 a command or expectation failed, 2 a usage error.
public final class ScriptRunner {
    package let engine: ShellEngine
    package let arguments: ShellArguments

    public init(engine: ShellEngine, arguments: ShellArguments) {
        self.engine = engine
        self.arguments = arguments
    }

    /// Where the commands come from.
    package enum Script {
        case commands([String])
        case file(String)
        case standardInput
    }

    package var script: Script {
        if !arguments.commands.isEmpty { return .commands(arguments.commands) }
        if let path = arguments.script, path != "-" { return .file(path) }
        return .standardInput
    }

    /// Runs everything and returns the exit status. `stdin` makes the reader of standard input (called at
    /// most once, and only when the commands come from there).
    public func run(stdin: () -> LineSource) -> Int32 {
        // A report that cannot be written is a usage error found before the script runs, not after.
        for file in arguments.reports where !OutputFile.writesThrough(LocatorLocation.expandTilde(file.path)) {
            let directory = URL(fileURLWithPath: LocatorLocation.expandTilde(file.path)).deletingLastPathComponent().path
            guard FileKind.isDirectory(directory) == true,
                  FileManager.default.isWritableFile(atPath: directory) else {
                return usageError("cannot write report \(file.path): no writable folder \(directory)")
            }
        }
        if let service = arguments.eachVersion {
            return runEachVersion(service, stdin: stdin)
        }
        engine.keepsCases = !arguments.reports.isEmpty
        engine.stopOnInterrupt()
        let started = Date()
        switch script {
        case .commands(let commands) where arguments.isSubcommand:
            for command in commands { _ = engine.execute(command) }
        case .commands(let commands):
            engine.run(LineListSource(commands), file: "-c")
        case .file(let path):
            do {
                _ = try engine.runFile(path)
            } catch {
                return usageError(error.message + commandHint(path))
            }
        case .standardInput:
            engine.run(stdin(), file: "<stdin>")
        }
        let interrupted = engine.wasInterrupted
        if interrupted { engine.recordInterruption(at: nil) }
        if engine.story != nil || interrupted {
            let failed = engine.failedCaseCount
            engine.output.write(ScriptStory.summary(
                passed: engine.caseCount - failed, failed: failed, seconds: Date().timeIntervalSince(started),
                style: engine.session.options.color ? .colored : .plain))
        }
        // 130 = 128 + SIGINT, as shells report a command stopped by Ctrl-C; 3 when a result was not whole
        // (a diff cut short), which no count of failures may hide; the reports are written first.
        let status: Int32 = interrupted ? 130 : engine.incompleteCount > 0 ? 3 : (engine.failureCount == 0 ? 0 : 1)
        return writeReports([TestReport.Run(cases: engine.cases)]) ?? status
    }

    // MARK: --each-version

    private func runEachVersion(_ service: String, stdin: () -> LineSource) -> Int32 {
        let facade = engine.session.facade
        let workspace = facade.workspace
        guard workspace.hasLocator else { return usageError("--each-version: no locator loaded") }
        guard let name = workspace.canonicalName(of: service) else {
            return usageError("--each-version: " + FacadeError.unknownService(service, known: workspace.serviceNames).description)
        }
        // Standard input can be read only once, so its lines are kept for every run.
        var inputs: [LineInput] = []
        switch script {
        case .commands(let commands):
            inputs = commands.map(LineInput.line)
        case .standardInput:
            inputs = LineListSource.inputs(of: stdin())
        case .file(let path):
            do {
                _ = try ScriptFile.read(path)
            } catch {
                return usageError(error.message)
            }
        }

        let json = engine.session.options.json
        var cells: [EachVersionMatrix.Cell] = []
        var runs: [TestReport.Run] = []
        for version in ((try? workspace.entries(of: name)) ?? []).map(\.version) {
            do {
                try facade.workspace.use(name, version: version.description)
            } catch {
                return usageError("--each-version: \(error.description)")
            }
            let session = Session(facade: facade, commands: engine.session.shellCommands, options: engine.session.options, environment: engine.session.environment)
            session.readHistory(from: engine.session.historyProvider)
            if !json { engine.output.write((cells.isEmpty ? "" : "\n") + "── \(name) \(version) ──\n") }
            let run = ShellEngine(session: session, registry: engine.registry, output: json ? ErrorsOnlyOutput(engine.output) : engine.output)
            switch script {
            case .file(let path):
                do {
                    _ = try run.runFile(path)
                } catch {
                    return usageError(error.message)
                }
            case .commands:
                run.run(LineListSource(inputs: inputs), file: "-c")
            case .standardInput:
                run.run(LineListSource(inputs: inputs), file: "<stdin>")
            }
            let first = run.failures.first.map { ScriptFailure(location: $0.location, message: session.redact($0.message)) }
            cells.append(EachVersionMatrix.Cell(version: version.description, failureCount: run.failureCount, firstFailure: first))
            runs.append(TestReport.Run(label: "\(name) \(version)", cases: run.cases))
        }
        let matrix = EachVersionMatrix(service: name, cells: cells)
        engine.output.write(json ? matrix.json.encoded() + "\n" : "\n" + matrix.text)
        return writeReports(runs, matrix: matrix) ?? (matrix.ok ? 0 : 1)
    }

    // MARK: Reports and errors

    /// Writes every `--report`; returns 2 when one cannot be written, nil when all were.
    private func writeReports(_ runs: [TestReport.Run], matrix: EachVersionMatrix? = nil) -> Int32? {
        guard !arguments.reports.isEmpty else { return nil }
        let report = TestReport(runs: runs)
        var status: Int32?
        for file in arguments.reports {
            // Failure messages quote what a server answered (an echoed token too): masked like all output.
            guard let rendered = file.format.scriptRun(report, matrix: matrix, mask: { [session = engine.session] in session.redact($0) }) else {
                continue
            }
            let text = engine.session.redact(rendered)
            // A report replaces a regular file (CI writes one per run), and writes through a device or a FIFO.
            do {
                try OutputFile.write(text, to: LocatorLocation.expandTilde(file.path), replacing: true)
            } catch {
                status = usageError("cannot write report \(file.path): " + error.reason)
            }
        }
        return status
    }

    /// `apish services` names a command, not a file: say how to run it.
    private func commandHint(_ path: String) -> String {
        guard !FileManager.default.fileExists(atPath: LocatorLocation.expandTilde(path)),
              engine.registry.command(named: path) != nil else { return "" }
        return "; to run the command: apish -c '\(path)'"
    }

    private func usageError(_ message: String) -> Int32 {
        engine.output.writeError("apish: \(message)\n")
        if engine.session.options.json {
            let object = JSONValue.object(JSONObject([("command", .string("apish")), ("ok", .bool(false)), ("error", .string(message))]))
            engine.output.write(object.encoded() + "\n")
        }
        return 2
    }
}
