import JSON
import Facade
import Secrets
import HTTPClient
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs command lines: tokenizes, expands variables, finds the command, runs it, renders the report,
/// and keeps score for scripts (failures with `FILE:LINE`, cases for reports).
public final class ShellEngine {
    public let session: Session
    public let registry: CommandRegistry
    let output: OutputSink
    /// Every failure so far, with where it happened.
    public private(set) var failures: [ScriptFailure] = []
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
    var sourceStack: [String] = []
    static let maxSourceDepth = 16
    /// A request that failed in a script, held until the next command: when that is an `expect status|result`
    /// the expectation judges the outcome instead (so a script can expect a 404), otherwise it counts.
    private var pendingRequestFailure: (result: CaseResult, failure: ScriptFailure)?

    /// Tells a script's story as it runs (`ShellOptions.story`); nil otherwise.
    let story: ScriptStory?

    public init(session: Session, registry: CommandRegistry = .standard, output: OutputSink = StandardOutput()) {
        self.session = session
        self.registry = registry
        // The one point where a session's text leaves the process: every secret it knows is masked there.
        self.output = RedactingOutput(output, session: session)
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
        exitRequested || (session.options.failFast && !failures.isEmpty) || wasInterrupted
            || interruptsAtPromptLine.map { session.options.interruptCount() != $0 } ?? false
    }

    /// From now on a Ctrl-C stops the script after the command in flight (which it cancels).
    public func stopOnInterrupt() {
        interruptsAtScriptStart = session.options.interruptCount()
    }

    /// Counts a case, and keeps it when reports need it.
    private func keep(_ result: CaseResult) {
        caseCount += 1
        if result.failure != nil { failedCaseCount += 1 }
        if keepsCases { cases.append(result) }
    }

    /// Marks the script as stopped by Ctrl-C: one failed case saying so, for the summary and the reports.
    public func recordInterruption(at location: SourceLocation?) {
        settlePendingRequestFailure(judgedByNext: false)
        keep(CaseResult(name: "interrupted (Ctrl-C)", location: location, duration: 0, failure: "interrupted by Ctrl-C"))
        failures.append(ScriptFailure(location: location, message: "interrupted by Ctrl-C"))
    }

    /// Runs every command on one line. `location` is where the line came from (nil when typed at the prompt).
    @discardableResult
    public func execute(_ line: String, at location: SourceLocation? = nil) -> Bool {
        let commands: [[Word]]
        do {
            commands = try Tokenizer.split(line)
        } catch {
            fail(line: line, location: location, message: error.description, started: Date(), echo: line)
            return false
        }
        var ok = true
        for words in commands where !shouldStop {
            ok = run(words, line: line, location: location) && ok
        }
        return ok
    }

    /// Reads and runs lines until the source ends, `quit`, or (with `--fail-fast`) a failure.
    /// `file` names the source in messages; `interactive` shows prompts and keeps history.
    @discardableResult
    public func run(_ source: LineSource, file: String, interactive: Bool = false) -> Bool {
        var number = 0
        let failuresBefore = failures.count
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
                guard interactive else {
                    execute(line, at: SourceLocation(file: file, line: number))
                    continue
                }
                source.remember(session.redactLine(line))
                interruptsAtPromptLine = session.options.interruptCount()
                execute(line)
                interruptsAtPromptLine = nil
            }
        }
        settlePendingRequestFailure(judgedByNext: false)
        return failures.count == failuresBefore
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
        if let opened = session.options.openScript?(expanded) {
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
        guard let current = session.facade.currentService, let version = session.facade.activeVersion(of: current) else {
            return "apish> "
        }
        return "apish \(current) \(version)> "
    }

    // MARK: One command

    /// The words as typed, one space apart. Built by hand: the standard library's `joined(separator:)` is a
    /// generic its runtime completes on first use, which cost a one-shot run more than its whole command line.
    static func typedLine(_ words: [Word]) -> String {
        var line = ""
        for index in words.indices {
            if index > words.startIndex { line += " " }
            line += words[index].text
        }
        return line
    }

    private func run(_ words: [Word], line: String, location: SourceLocation?) -> Bool {
        let started = Date()
        let typed = Self.typedLine(words)
        let arguments: [String]
        do {
            arguments = try Expansion.expand(words) { self.session.variable($0) }
        } catch {
            fail(line: typed, location: location, message: error.description, started: started, echo: typed)
            return false
        }
        guard let name = arguments.first else { return true }
        // A line recalled from history (or copied from output) has its secrets masked: running it would
        // set or send the mask itself.
        if arguments.contains(where: Redactor.containsMask) {
            fail(line: typed, location: location,
                 message: "this line holds a masked secret (\(Redactor.mask)), e.g. recalled from history; type the secret itself",
                 started: started, echo: typed)
            return false
        }
        guard let (command, expectation) = registry.lookup(name) else {
            fail(line: typed, location: location, message: registry.unknownCommandMessage(name), started: started, echo: typed)
            return false
        }
        let isExpectation = expectation != nil
        let judges = expectation?.judgesRequestOutcome(Array(arguments.dropFirst())) ?? false
        settlePendingRequestFailure(judgedByNext: judges)
        if shouldStop { return false }
        // A command is told before it runs, so its output (or a slow request) follows its line; an
        // expectation after, with its verdict.
        if let story, let location, !isExpectation {
            output.write(story.command(session.redactLine(typed), at: location))
        }
        let context = CommandContext(session: session, engine: self, words: words)
        var report: CommandReport
        do {
            report = try command.run(Array(arguments.dropFirst()), in: context)
        } catch {
            report = CommandReport()
            report.ok = false
            report.error = error.message
        }
        let shown = session.redactLine(typed)
        if let story, let location, isExpectation {
            output.write(story.expectation(shown, at: location, passed: report.ok))
        }
        let counts = !report.ok && !report.failuresCounted
        let result = CaseResult(name: shown, location: location, duration: Date().timeIntervalSince(started),
                                failure: counts ? report.error ?? "failed" : nil)
        let failure = ScriptFailure(location: location, message: report.error ?? "failed")
        if !report.ok, report.exchange != nil, location != nil {
            render(report, command: shown, location: location, showingError: false)
            pendingRequestFailure = (result, failure)
        } else {
            render(report, command: shown, location: location)
            keep(result)
            if counts { failures.append(failure) }
        }
        if command.name != "record" { session.record(typed: typed, report: report) }
        return report.ok
    }

    /// Counts and shows a line that failed before its command could run; `echo` is the line as a story
    /// tells it (a bad line is told too, so its error has a line above it).
    private func fail(line: String, location: SourceLocation?, message: String, started: Date, echo: String? = nil) {
        settlePendingRequestFailure(judgedByNext: false)
        if let story, let location, let echo {
            output.write(story.command(session.redactLine(echo), at: location))
        }
        var report = CommandReport()
        report.ok = false
        report.error = message
        let shown = session.redactLine(line)
        render(report, command: shown, location: location)
        keep(CaseResult(name: shown, location: location, duration: Date().timeIntervalSince(started), failure: message))
        failures.append(ScriptFailure(location: location, message: message))
    }

    /// Quits after the current line.
    func requestExit() {
        exitRequested = true
    }

    /// Counts a held request failure, or drops it when the command after it judges the outcome itself.
    private func settlePendingRequestFailure(judgedByNext judged: Bool) {
        guard let pending = pendingRequestFailure else { return }
        pendingRequestFailure = nil
        if judged {
            keep(CaseResult(name: pending.result.name, location: pending.result.location,
                            duration: pending.result.duration, failure: nil))
            return
        }
        keep(pending.result)
        failures.append(pending.failure)
        renderError(pending.failure.message, location: pending.failure.location)
    }

    private func render(_ report: CommandReport, command: String, location: SourceLocation?, showingError: Bool = true) {
        let renderer = ReportRenderer(session: session)
        if session.options.json {
            output.write(renderer.jsonLine(report, command: command) + "\n")
        } else {
            renderer.write(report) { output.write($0) }
            for warning in report.warnings { output.writeError(renderer.warning(warning)) }
        }
        // Shown: a large body keeps only its bytes (a later path or `show --raw` parses it again).
        report.exchange?.document?.releaseIndex()
        report.formattedJSON?.releaseIndex()
        if showingError, !report.ok, let error = report.error {
            renderError(error, location: location)
        }
    }

    private func renderError(_ message: String, location: SourceLocation?) {
        if session.options.json {
            if let location { output.writeError("\(location): \(TerminalText.singleLine(session.redact(message)))\n") }
            return
        }
        let prefix = location.map { "\($0): " } ?? "error: "
        output.writeError(ReportRenderer(session: session).error(prefix + session.redact(message)))
    }

    /// Writes text straight to the output (used by `watch` while it runs).
    func emit(_ text: String) {
        output.write(text)
    }
}

/// A failed command or expectation and where it was.
public struct ScriptFailure: Sendable, Equatable, CustomStringConvertible {
    public let location: SourceLocation?
    public let message: String

    public var description: String {
        (location.map { "\($0): " } ?? "") + message
    }
}

/// One command as a test case of a report.
public struct CaseResult: Sendable, Equatable {
    public let name: String
    public let location: SourceLocation?
    public let duration: TimeInterval
    /// Nil when it passed.
    public let failure: String?
}
