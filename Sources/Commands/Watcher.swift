import Facade
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
import JSON
import Rendering
import Shell

/// One run of `watch`: refreshes on an interval, prints the model once and then only what changed (by
/// JSON path), and stops at `count=` or when the SIGINT counter moves. Text is written as it comes, to the
/// command's output sink (standard output, or its pipe or file), never through the engine; with `--json`
/// the events are gathered into the command's one JSON object instead.
struct Watcher {
    let entry: LocatorEntry
    let settings: WatchArguments
    let context: CommandContext
    let stopped: () -> Bool
    /// `12:00:05` in text; JSON events get ISO 8601 (`at`).
    var session: Session { context.session }
    /// Where the stream of changes goes as it comes; the summary is the command's result.
    var output: OutputSink { context.output }
    var json: Bool { session.options.json }
    var style: TextStyle { session.options.color ? .colored : .plain }

    var previous: JSONValue?
    var lastError: String?
    var refreshes = 0
    var changedRefreshes = 0
    var stop = StopReason.count
    var warned = Set<String>()
    var warnings: [String] = []
    /// The `--json` events, newest last, at most `maxEvents` (an interactive watch may run for days).
    var events: [JSONValue] = []
    var droppedEvents = 0
    static let maxEvents = 1000

    init(entry: LocatorEntry, settings: WatchArguments, context: CommandContext) {
        self.entry = entry
        self.settings = settings
        self.context = context
        let interrupts = context.session.options.interruptCount
        let start = interrupts()
        stopped = { interrupts() != start }
    }

    mutating func keep(_ event: JSONValue) {
        if events.count >= Self.maxEvents {
            events.removeFirst()
            droppedEvents += 1
        }
        events.append(event)
    }

    mutating func run() -> RunResult {
        let every = settings.interval == settings.interval.rounded() ? String(Int(settings.interval)) : String(settings.interval)
        let limit = settings.count.map { ", \($0) refresh\($0 == 1 ? "" : "es")" } ?? ""
        let howToStop = session.options.interactive ? " (Ctrl-C stops)" : ""
        emit(style.dim("watching \(entry.key) every \(every) s\(limit)\(howToStop)"))
        var started = Date.distantPast
        while settings.count.map({ refreshes < $0 }) ?? true {
            if refreshes > 0, Self.pause(until: started.addingTimeInterval(settings.interval), stop: stopped) {
                stop = .interrupt
                break
            }
            started = Date()
            let exchange: Exchange
            do {
                exchange = try session.facade.requests.refresh(entry.name, query: settings.query, cancellation: context.cancellationToken())
            } catch {
                lastError = error.description
                stop = .error
                break
            }
            if stopped() {
                stop = .interrupt
                break
            }
            refreshes += 1
            show(exchange, at: started)
        }
        return report()
    }

    /// Prints what one refresh brought: the model the first time, then only the changes.
    private mutating func show(_ exchange: Exchange, at time: Date) {
        let stamp = "[\(CivilTime.localClock(secondsSince1970: time.timeIntervalSince1970))]"
        for warning in exchange.warnings where warned.insert(warning).inserted {
            warnings.append(warning)
            if !json { output.writeError(ReportRenderer(session: session).warning(warning)) }
        }
        guard exchange.outcome.isSuccess, let body = exchange.body.map(session.redact) else {
            let message = RunResult.describe(exchange, workspace: session.facade.workspace)
            keep(event(time, [("error", .string(session.redact(message)))]))
            if message != lastError, !json {
                output.writeError(ReportRenderer(session: session).error("\(stamp) \(session.redact(message))"))
            }
            lastError = message
            return
        }
        if lastError != nil, previous != nil, !json { emit("\(stamp) \(entry.key) answers again") }
        lastError = nil
        guard let previous else {
            previous = body
            keep(event(time, [("model", body)]))
            let model = exchange.model
            emit(style.bold("\(stamp) \(entry.key) · \(model?.typeName ?? "JSON")"))
            if !json {
                let text = session.redact(
                    PresentationRenderer.render(model.map(session.presenter.present) ?? .json(body), width: session.options.width(), style: style))
                output.write(text.hasSuffix("\n") || text.isEmpty ? text : text + "\n")
            }
            return
        }
        self.previous = body
        let changes = JSONDiff.compare(previous, body)
        guard !changes.isEmpty else { return }
        changedRefreshes += 1
        keep(event(time, [("changes", ChangeList.json(changes))]))
        emit(style.bold("\(stamp) \(changes.count) change\(changes.count == 1 ? "" : "s")"))
        for line in ChangeList.lines(changes, style: style, indent: "  ") { emit(line) }
    }

    private func event(_ time: Date, _ fields: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject([("refresh", .number(JSONNumber(refreshes))), ("at", .string(CivilTime.iso8601(time)))] + fields))
    }

    private func emit(_ line: String) {
        guard !json else { return }
        output.write(line + "\n")
    }

    private func report() -> RunResult {
        let how = stop == .interrupt ? "stopped" : "done"
        // The terminal echoed `^C` without a newline; the summary starts on a line of its own.
        let newline = stop == .interrupt && context.session.options.interactive ? "\n" : ""
        var report = RunResult(lines: [
            newline + "\(how): \(refreshes) refresh\(refreshes == 1 ? "" : "es") of \(entry.key), \(changedRefreshes) with changes",
        ])
        // Ctrl-C is how a watch ends; only a failure on the last refresh makes the command fail.
        if let lastError, stop != .interrupt {
            report.ok = false
            report.error = lastError
        }
        if json { report.warnings = warnings }
        report.data = .object(JSONObject([
            ("service", .string(entry.name)),
            ("version", .string(entry.version.description)),
            ("every", JSONNumber(settings.interval).map(JSONValue.number) ?? .null),
            ("refreshes", .number(JSONNumber(refreshes))),
            ("changed", .number(JSONNumber(changedRefreshes))),
            ("stoppedBy", .string(stop.rawValue)),
            ("events", .array(events)),
            ("droppedEvents", .number(JSONNumber(droppedEvents))),
        ]))
        return report
    }

    /// Why the loop ended.
    enum StopReason: String {
        case count, interrupt, error
    }

    /// Sleeps until `deadline` in small steps; true when `stop` said so first (Ctrl-C).
    static func pause(until deadline: Date, stop: () -> Bool, step: TimeInterval = 0.05) -> Bool {
        while true {
            if stop() { return true }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return false }
            Threads.sleep(seconds: min(step, remaining))
        }
    }
}
