import JSON
import Facade
import Secrets
import HTTPClient
import HTTPTypes
import FoundationFree
import Importers
import ScriptLanguage
import Rendering
import Reports
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs command lines: reads each into statements (`CommandRegistry.statements(in:)`), expands variables,
/// runs the statement's command, renders the report, and keeps score for scripts (failures with `FILE:LINE`, cases for reports).
public final class ShellEngine {
    public let session: Session
    public let registry: CommandRegistry
    /// Where text goes, masked: standard output, or the pipe or file of the command running now.
    package private(set) var output: RedactingOutput
    /// The masked standard output and error, whatever the command running now writes to.
    private let standardOutput: RedactingOutput
    /// The first failures so far, with where each happened: up to `reportedFailureLimit` while cases are
    /// kept for a report, else the first `unreportedFailureLimit`, so a long run of failing lines holds no
    /// more memory than a passing one. `failureCount` counts them all.
    public private(set) var failures: [ScriptFailure] = []
    public private(set) var failureCount = 0
    /// Commands whose result was not whole (`RunResult.incomplete`).
    public private(set) var incompleteCount = 0
    static let reportedFailureLimit = 10_000
    static let unreportedFailureLimit = 16
    /// One case per command run, for `--report`: kept only when `keepsCases` (a long session keeps none).
    public private(set) var cases: [CaseResult] = []
    /// Whether `cases` are kept (reports and `--each-version` need them); the counts are kept always.
    public var keepsCases = true
    /// How many commands and expectations ran, and how many of them failed.
    public private(set) var caseCount = 0
    public private(set) var failedCaseCount = 0
    /// The SIGINT count when a script started: any Ctrl-C since then stops it (`stopOnInterrupt`).
    private var interruptsAtScriptStart: Int?
    /// Whether a Ctrl-C stopped the script.
    public var wasInterrupted: Bool {
        interruptsAtScriptStart.map { session.options.interruptCount() != $0 } ?? false
    }
    /// Set by `quit`.
    public private(set) var exitRequested = false
    /// Files being sourced, innermost last (cycle detection and depth limit).
    package var sourceStack: [String] = []
    static let maxSourceDepth = 16
    /// A request that failed in a script, held until the next command: when that is an `expect status|result`
    /// the expectation judges the outcome instead (so a script can expect a 404), otherwise it counts.
    private var pendingRequestFailure: (result: CaseResult, failure: ScriptFailure, schemaViolation: String?)?

    /// The statements of the line read last, for the same line again.
    private var lastLineReading = LastLineReading()

    /// Tells a script's story as it runs (`ShellOptions.story`); nil otherwise.
    package let story: ScriptStory?

    public init(session: Session, registry: CommandRegistry? = nil, output: OutputSink = StandardOutput()) {
        self.session = session
        self.registry = registry ?? session.registry
        // The one point where a session's text leaves the process: every secret it knows is masked there.
        standardOutput = RedactingOutput(output, session: session, isStandardOutput: true)
        self.output = standardOutput
        story = session.options.story ? ScriptStory(style: session.options.color ? .colored : .plain) : nil
    }

    /// Shown once before the first prompt, so a newcomer knows where to start. Tab is offered only where the
    /// line reader completes (not when libedit could not be loaded and lines are read plainly).
    public static func welcome(completing: Bool) -> String {
        completing
            ? "Type help for the commands, Tab to complete, Ctrl-D to quit."
            : "Type help for the commands, Ctrl-D to quit."
    }

    /// Whether the interactive line reader completes with Tab; the welcome says so only when it does.
    public var completes = true

    /// The SIGINT count when the line typed at the prompt started: a Ctrl-C since then also stops the
    /// scripts that line sources and the rest of its `;`-separated commands.
    private var interruptsAtPromptLine: Int?

    /// Whether to stop now: `quit`, `--fail-fast` after a failure, or Ctrl-C during a prompt line.
    public var shouldStop: Bool {
        exitRequested || (session.options.failFast && failureCount > 0) || wasInterrupted
            || interruptsAtPromptLine.map { session.options.interruptCount() != $0 } ?? false
    }

    /// From now on a Ctrl-C stops the script after the command in flight (which it cancels).
    public func stopOnInterrupt() {
        interruptsAtScriptStart = session.options.interruptCount()
    }

    /// Counts a case, and keeps it when reports need it.
    private func keep(_ result: CaseResult) {
        keep(failed: result.failure != nil) { result }
    }

    /// Counts a case, and keeps it (made by `result`) when cases are kept.
    private func keep(failed: Bool, _ result: () -> CaseResult) {
        caseCount += 1
        if failed { failedCaseCount += 1 }
        if keepsCases { cases.append(result()) }
    }

    private func addFailure(_ failure: ScriptFailure) {
        failureCount += 1
        if failures.count < (keepsCases ? Self.reportedFailureLimit : Self.unreportedFailureLimit) {
            failures.append(failure)
        }
    }

    /// Marks the script as stopped by Ctrl-C: one failed case saying so, for the summary and the reports.
    public func recordInterruption(at location: SourceLocation?) {
        settlePendingRequestFailure(judgedByNext: false, statusOnly: false)
        keep(CaseResult(name: "interrupted (Ctrl-C)", location: location, duration: 0, failure: "interrupted by Ctrl-C"))
        addFailure(ScriptFailure(location: location, message: "interrupted by Ctrl-C"))
    }

    /// Runs every command on one line. `location` is where the line came from (nil when typed at the prompt).
    /// A heredoc (`<<WORD`) needs the lines after it, so it works only in a script or at the prompt.
    @discardableResult
    public func execute(_ line: String, at location: SourceLocation? = nil) -> Bool {
        execute(line, at: location, heredocs: nil)
    }

    /// The prompt of a heredoc's lines, as zsh shows it.
    public static let heredocPrompt = "heredoc> "

    private func execute(_ line: String, at location: SourceLocation?, heredocs: HeredocLines?) -> Bool {
        let commands: [Statement]
        do {
            // Read without a location (the same line's statements serve every line it is on); each is run at
            // this line's.
            commands = try lastLineReading.statements(of: line) { () throws(TokenizerError) in
                try registry.statements(in: line, session: session, markingSecrets: false)
            }
        } catch {
            fail(line: line, location: location, message: error.description, started: Date(), echo: line)
            return false
        }
        // Every heredoc of the line is read before anything runs, as a shell does, so a failing command
        // cannot leave a body's lines to be run as commands.
        var bodies: [Int: String] = [:]
        for index in commands.indices {
            guard case .heredoc(let delimiter) = commands[index].syntax.input else { continue }
            guard let heredocs else {
                fail(line: line, location: location,
                     message: "<<\(delimiter): a heredoc needs the lines after it, in a script or at the prompt",
                     started: Date(), echo: line)
                return false
            }
            switch heredocs.read(until: delimiter, limit: session.options.maxInputBytes) {
            case .text(let text):
                bodies[index] = text
            case .interrupted:
                return false
            case .failed(let message):
                fail(line: line, location: location, message: message, started: Date(), echo: line)
                return false
            }
        }
        var ok = true
        for index in commands.indices where !shouldStop {
            ok = run(commands[index], at: location, in: line, heredoc: bodies[index]) && ok
        }
        return ok
    }

    /// Reads and runs lines until the source ends, `quit`, or (with `--fail-fast`) a failure.
    /// `file` names the source in messages; `interactive` shows prompts and keeps history.
    @discardableResult
    public func run(_ source: LineSource, file: String, interactive: Bool = false) -> Bool {
        var number = 0
        let failuresBefore = failureCount
        if interactive {
            output.write(TextWrapper.wrapped(Self.welcome(completing: completes), width: session.options.width()))
        }
        reading: while !shouldStop {
            let input = source.nextLine(prompt: interactive ? prompt : "")
            switch input {
            case .end:
                break reading
            case .interrupted:
                continue
            case .unreadable(let reason):
                number += 1
                fail(line: "", location: interactive ? nil : SourceLocation(file: file, line: number), message: reason, started: Date())
            case .line(var line):
                number += 1
                // A byte-order mark some editors put at the start of a file is not part of the command.
                if number == 1, line.hasPrefix("\u{FEFF}") { line.removeFirst() }
                let trimmed = line.trimmingBlanks()
                if trimmed.hasPrefix("#"), !interactive,
                   let heading = story?.heading(trimmed, at: SourceLocation(file: file, line: number)) {
                    output.write(heading)
                }
                if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                let heredocs = HeredocLines(source: source, prompt: interactive ? Self.heredocPrompt : "")
                defer { number += heredocs.taken }
                guard interactive else {
                    _ = execute(line, at: SourceLocation(file: file, line: number), heredocs: heredocs)
                    continue
                }
                source.remember(session.redactLine(line))
                interruptsAtPromptLine = session.options.interruptCount()
                _ = execute(line, at: nil, heredocs: heredocs)
                interruptsAtPromptLine = nil
            }
        }
        settlePendingRequestFailure(judgedByNext: false, statusOnly: false)
        return failureCount == failuresBefore
    }

    /// Runs a script file (also `source FILE`): nested up to a depth, with cycles refused.
    public func runFile(_ path: String) throws(CommandError) -> Bool {
        let expanded = LocatorLocation.expandTilde(path)
        let absolute = URL(fileURLWithPath: expanded).standardizedFileURL.path
        guard !sourceStack.contains(absolute) else {
            throw CommandError("source cycle: \(path) is already being run (\(sourceStack.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: " → ")))")
        }
        guard sourceStack.count < Self.maxSourceDepth else {
            throw CommandError("source nested more than \(Self.maxSourceDepth) deep")
        }
        let lines: LineSource
        if ScriptImport.isImportable(expanded) {
            // `apish requests.http`, `apish test.hurl`, `apish -f export.har`: imported in memory, then run.
            let imported: ScriptImport
            do {
                imported = try ScriptImport.script(files: [expanded])
            } catch {
                throw CommandError(error.description)
            }
            for warning in imported.warnings { output.writeError(ReportRenderer(session: session).warning(warning)) }
            lines = LineListSource(text: imported.script)
        } else if let opened = session.options.openScript?(expanded) {
            lines = opened
        } else {
            // Not opened: read whole, which also gives the one error line when it cannot be read.
            lines = LineListSource(text: try ScriptFile.read(path))
        }
        sourceStack.append(absolute)
        defer { sourceStack.removeLast() }
        return run(lines, file: path)
    }

    /// `weather v2> ` — the current service and version, or `apish> `.
    public var prompt: String {
        guard let current = session.facade.workspace.currentService, let version = session.facade.workspace.activeVersion(of: current) else {
            return "apish> "
        }
        // A service named by a document may hold controls: the prompt reaches the terminal as output does.
        return TerminalText.singleLine("apish \(current) \(version)> ")
    }

    // MARK: One command

    /// The words as typed, one space apart.
    package static func typedLine(_ words: [Word]) -> String {
        words.map(\.text).joined(separator: " ")
    }

    /// Runs a statement read from `line` (its spans are `line`'s bytes), which came from `location`.
    private func run(_ statement: Statement, at location: SourceLocation?, in line: String, heredoc: String?) -> Bool {
        let started = Date()
        let parsed = statement.syntax
        let words = parsed.words
        // The line as typed, for a failure's message and a recording: worked out only for them.
        func typed() -> String { Self.typedLine(words) + parsed.operatorText }
        let arguments: [String]
        var input: CommandInput? = heredoc.map(CommandInput.text)
        var outputPath: String?
        do {
            arguments = try Expansion.expand(words) { self.session.variable($0) }
            if case .file(let word)? = parsed.input { input = .file(try word.expand { self.session.variable($0) }) }
            if case .file(let word, _)? = parsed.output { outputPath = try word.expand { self.session.variable($0) } }
        } catch {
            fail(line: typed(), location: location, message: error.description, started: started, echo: typed())
            return false
        }
        guard let name = arguments.first else { return true }
        // A line recalled from history (or copied from output) has its secrets masked: running it would
        // set or send the mask itself.
        if arguments.contains(where: Redactor.containsMask) {
            fail(line: typed(), location: location,
                 message: "this line holds a masked secret (\(Redactor.mask)), e.g. recalled from history; type the secret itself",
                 started: started, echo: typed())
            return false
        }
        // A credential typed in a request item is one the session holds from now on.
        session.addSentSecrets(TypedCredentials.values(in: arguments.dropFirst()))
        guard let (command, expectation) = registry.lookup(name) else {
            fail(line: typed(), location: location, message: registry.available(with: session.facade.workspace.serviceNames).unknownCommandMessage(name), started: started, echo: typed())
            return false
        }
        if input != nil, !command.readsInput {
            fail(line: typed(), location: location,
                 message: "\(command.name) sends no body: < FILE and <<WORD go with get, post, put, patch and delete",
                 started: started, echo: typed())
            return false
        }
        let isExpectation = expectation != nil
        let judges = expectation?.judgesRequestOutcome(Array(arguments.dropFirst())) ?? false
        let judgesStatusOnly = expectation?.judgesStatusOnly(Array(arguments.dropFirst())) ?? false
        settlePendingRequestFailure(judgedByNext: judges, statusOnly: judgesStatusOnly)
        if shouldStop { return false }
        // A command is told before it runs, so its output (or a slow request) follows its line; an
        // expectation after, with its verdict.
        if let story, let location, !isExpectation {
            output.write(story.command(session.redactLine(statement, in: line), at: location))
        }
        let destination: Destination
        // Only a pipe's command asks whether Ctrl-C came since it started.
        let interruption: InterruptBaseline? = if case .pipe? = parsed.output { InterruptBaseline(session.options.interruptCount) } else { nil }
        do {
            destination = try Destination.open(parsed.output, path: outputPath, ownGroup: !session.options.interactive,
                                               errors: standardOutput.base, interruption: interruption)
        } catch {
            fail(line: typed(), location: location, message: error.message, started: started, echo: typed())
            return false
        }
        redirect(to: destination)
        var context = CommandContext(session: session, engine: self, output: output, words: words)
        context.input = input
        let report: RunResult
        do {
            // The statement's reading is what the signature reads the words as when their values are the
            // words it read (no variable in them) and they fit; else they are read now, or refused with why.
            if let reading = statement.reading, reading.fits, parsed.words.first?.literal == name,
               reading.arguments.words.elementsEqual(arguments.dropFirst()) {
                report = try command.run(reading.arguments, in: context)
            } else {
                report = try command.run(words: Array(arguments.dropFirst()), in: context)
            }
        } catch {
            report = .failure(error.message)
        }
        // The Ctrl-C that ended a stream ended only the stream: its pipe's command reads to the end of what
        // arrived, as after a finished answer (`| jq -s length` still counts); another Ctrl-C stops it.
        if report.interrupted { interruption?.rebase() }
        defer { if let failure = endRedirection(destination) { countOutputFailure(failure, typed: typed(), location: location) } }
        // The line as shown, masked once the command has run and the session holds what it set; worked out
        // only where it is shown or kept (a story, `--json`, the cases a report keeps).
        var shownLine: String?
        func shown() -> String {
            if let shownLine { return shownLine }
            let masked = session.redactLine(statement, in: line)
            shownLine = masked
            return masked
        }
        if let story, let location, isExpectation {
            output.write(story.expectation(shown(), at: location, passed: report.ok))
        }
        let counts = !report.ok && !report.failuresCounted
        if report.incomplete { incompleteCount += 1 }
        var violation: String?
        if case .decodeError(_, let decodeFailure)? = report.exchange?.outcome { violation = decodeFailure.description }
        // A case's name is read only from the cases kept (`keep`, and a held request failure kept later);
        // a case and a failure are made only where they are kept or counted.
        func result() -> CaseResult {
            CaseResult(name: keepsCases ? shown() : "", location: location, duration: Date().timeIntervalSince(started),
                       failure: counts ? report.error ?? "failed" : nil, schemaViolation: violation)
        }
        func failure() -> ScriptFailure { ScriptFailure(location: location, message: report.error ?? "failed") }
        if !report.ok, report.exchange != nil, location != nil {
            render(report, command: shown(), location: location, showingError: false)
            pendingRequestFailure = (result(), failure(), violation)
        } else {
            render(report, command: shown(), location: location)
            keep(failed: counts, result)
            if counts { addFailure(failure()) }
        }
        if command.isReplayable, session.recorder?.isRecording == true {
            // A heredoc is replayed with its lines, masked like the line that opened it; the session's
            // secrets become their environment references (`Session.record(typed:report:)`).
            var recorded = typed()
            if let heredoc, case .heredoc(let delimiter)? = parsed.input {
                recorded += "\n" + session.redactLine(heredoc) + "\n" + delimiter
            }
            session.record(typed: recorded, report: report)
        }
        return report.ok
    }

    /// Counts and shows a line that failed before its command could run; `echo` is the line as a story
    /// tells it (a bad line is told too, so its error has a line above it).
    private func fail(line: String, location: SourceLocation?, message: String, started: Date, echo: String? = nil) {
        settlePendingRequestFailure(judgedByNext: false, statusOnly: false)
        if let story, let location, let echo {
            output.write(story.command(session.redactLine(echo), at: location))
        }
        let shown = session.redactLine(line)
        render(.failure(message), command: shown, location: location)
        keep(CaseResult(name: shown, location: location, duration: Date().timeIntervalSince(started), failure: message))
        addFailure(ScriptFailure(location: location, message: message))
    }

    /// Quits after the current line.
    package func requestExit() {
        exitRequested = true
    }

    /// Counts a held request failure, or drops it when the command after it judges the outcome itself. A
    /// schema violation judged only by its status (`expect status 200`) is never dropped unseen: it is a
    /// warning, counted in reports, and a failure with `--strict-schema`.
    private func settlePendingRequestFailure(judgedByNext judged: Bool, statusOnly: Bool) {
        guard let pending = pendingRequestFailure else { return }
        pendingRequestFailure = nil
        if judged, statusOnly, let violation = pending.schemaViolation {
            let message = "the answer does not match its schema: \(violation)"
            if session.options.strictSchema {
                let strict = message + " (--strict-schema)"
                keep(CaseResult(name: pending.result.name, location: pending.result.location, duration: pending.result.duration,
                                failure: strict, schemaViolation: violation))
                addFailure(ScriptFailure(location: pending.failure.location, message: strict))
                renderError(strict, location: pending.failure.location)
            } else {
                keep(CaseResult(name: pending.result.name, location: pending.result.location, duration: pending.result.duration,
                                failure: nil, schemaViolation: violation))
                renderWarning(message + " (expect schema asserts it; --strict-schema fails the script)", location: pending.failure.location)
            }
            return
        }
        if judged {
            keep(CaseResult(name: pending.result.name, location: pending.result.location,
                            duration: pending.result.duration, failure: nil, schemaViolation: pending.schemaViolation))
            return
        }
        keep(pending.result)
        addFailure(pending.failure)
        renderError(pending.failure.message, location: pending.failure.location)
    }

    // MARK: Pipes and files

    /// Whether the command running now writes to a pipe or a file.
    var redirected = false
    /// The same, for a command that shows its answer while it arrives.
    var isRedirected: Bool { redirected }
    /// The display settings a redirected command changed, to put back after it.
    private var displayBeforeRedirection: (color: Bool, width: @Sendable () -> Int)?

    /// Sends the output to `destination` until `endRedirection`: masked as ever, without colour, and not
    /// cut to a terminal's width.
    private func redirect(to destination: Destination) {
        guard let sink = destination.sink else { return }
        output = RedactingOutput(sink, session: session, isStandardOutput: false)
        redirected = true
        displayBeforeRedirection = (session.options.color, session.options.width)
        session.options.color = false
        session.options.width = { 0 }
    }

    /// Back to standard output; closes the file or waits for the pipe's command, and says why that failed.
    private func endRedirection(_ destination: Destination) -> String? {
        guard destination.sink != nil else { return nil }
        output = standardOutput
        redirected = false
        if let display = displayBeforeRedirection {
            session.options.color = display.color
            session.options.width = display.width
            displayBeforeRedirection = nil
        }
        return destination.finish()?.message
    }

    /// A pipe's command that failed, or a file that could not be written, fails the line.
    private func countOutputFailure(_ message: String, typed: String, location: SourceLocation?) {
        let shown = session.redactLine(typed)
        keep(CaseResult(name: shown, location: location, duration: 0, failure: message))
        addFailure(ScriptFailure(location: location, message: message))
        renderError(message, location: location)
    }
}

/// Whether Ctrl-C came since a point, which `rebase` moves to now.
private final class InterruptBaseline {
    private let count: @Sendable () -> Int
    private var start: Int

    package init(_ count: @escaping @Sendable () -> Int) {
        self.count = count
        start = count()
    }

    package var moved: Bool { count() != start }

    func rebase() { start = count() }
}

/// Where one command's output goes.
private enum Destination {
    case standard
    case pipe(PipeOutput)
    case file(FileOutput)

    /// Opens the file or starts the pipe's command before the command runs, as a shell does.
    package static func open(
        _ output: ParsedCommand.Output?, path: String?, ownGroup: Bool, errors: OutputSink,
        interruption: InterruptBaseline?
    ) throws(CommandError) -> Destination {
        switch output {
        case nil:
            return .standard
        case .pipe(let command)?:
            return .pipe(try PipeOutput(command: command, ownGroup: ownGroup, errors: errors,
                                        interrupted: { interruption?.moved ?? false }))
        case .file(_, let append)?:
            return .file(try FileOutput(path: path ?? "", append: append, errors: errors))
        }
    }

    var sink: OutputSink? {
        switch self {
        case .standard: nil
        case .pipe(let pipe): pipe
        case .file(let file): file
        }
    }

    package func finish() -> CommandError? {
        switch self {
        case .standard: nil
        case .pipe(let pipe): pipe.finish()
        case .file(let file): file.close()
        }
    }
}
