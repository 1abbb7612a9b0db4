import Facade
import FoundationFree
import JSON
import Profiles
import Rendering
import Reports
import Shell
import ShellCommandLine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `apish present FILE`: plays a talk in one live session. Each line is typed out (or one character per
/// key with `--keys`) and runs on Enter; `#pause` waits for a key; `#hide` … `#show` lines run unseen;
/// `#say` shows a caption. Keys: Enter or space next, `s` skip the typing, `r` run the last line again,
/// `l` the live shell (Ctrl-D comes back), `q` quit. A failing step stops and offers retry, skip or the
/// live shell. `--check` runs it all at once and fails when a step fails. Everything is written through
/// the engine's masking sink, whose base (`TalkOutput`) feeds the recording and the slides.
public final class TalkPlayer {
    /// Reads one key within a time (nil: waits); nil when none came or input ended.
    public typealias KeyRead = (_ timeout: Double?) -> UInt8?

    private let engine: ShellEngine
    private let output: TalkOutput
    private let options: PresentOptions
    private let readKey: KeyRead
    /// Runs the live shell; what the line editor draws itself (prompt and typed line) goes to its argument.
    private let liveShell: (_ echo: @escaping (String) -> Void) -> Void
    private var random = SplitMix64(seed: 48)
    /// The talk's own clock with `--mock`: typing, runs and pauses advance it by fixed amounts.
    private var talkTime = 0.0
    private let started = ContinuousClock.now
    private var lastLine: String?
    private var failures = 0
    private var quitting = false
    /// When the locator the mocks serve was loaded (`--mock`).
    private var mockedLocator: Date?

    /// What `--mock` puts in place of a loopback server's port, the same on every run.
    static let stablePort = "PORT"
    /// What a step's run, a pause and a `#wait` count for on the talk's own clock (`--mock`).
    static let runSeconds = 0.5
    static let pauseSeconds = 2.0

    /// The sink to give the engine for a talk: the screen, and what `options` records beside it.
    public static func output(for options: PresentOptions, session: Session) -> OutputSink {
        let output = TalkOutput()
        if options.mock {
            output.stable = { [unowned session] text in
                let origins = [session.profiles.embeddedServer].compactMap { $0 } + session.mocks.values.map(\.server.baseURL)
                return stabilized(text, authorities: origins.map { $0.hasPrefix("http://") ? String($0.dropFirst(7)) : $0 })
            }
        }
        return output
    }

    /// `text` with the port of each loopback `HOST:PORT` in `authorities` written `PORT`, in URLs and in
    /// `Host:` headers alike; a longer port that starts with the same digits is left alone.
    static func stabilized(_ text: String, authorities: [String]) -> String {
        var text = text
        for authority in authorities where text.contains(authority) {
            guard let colon = authority.lastIndex(of: ":") else { continue }
            let stable = authority[...colon] + stablePort
            let pieces = text.split(separator: authority, omittingEmptySubsequences: false)
            var joined = String(pieces[0])
            for piece in pieces.dropFirst() {
                joined += piece.first.map { ("0"..."9").contains($0) } == true ? authority : String(stable)
                joined += piece
            }
            text = joined
        }
        return text
    }

    /// `output` is the engine's base sink, made by `output(for:session:)`.
    public init(engine: ShellEngine, options: PresentOptions, readKey: @escaping KeyRead, liveShell: @escaping (_ echo: @escaping (String) -> Void) -> Void) {
        self.engine = engine
        self.options = options
        self.readKey = readKey
        self.liveShell = liveShell
        output = (engine.output.base as? TalkOutput) ?? TalkOutput()
    }

    private var session: Session { engine.session }
    private var style: TextStyle { session.options.color ? .colored : .plain }

    /// Plays the talk; the exit status: 0, 1 when a step failed under `--check`, 2 when the talk cannot be
    /// read or a file cannot be written.
    public func play(environment: [String: String]) -> Int32 {
        let talk: Talk
        do throws(CommandError) {
            talk = try Talk(text: try ScriptFile.read(options.file))
        } catch {
            engine.output.writeError("apish: \(error.description)\n")
            return 2
        }
        if options.mock { mockDescribedServices() }
        if options.record != nil {
            output.cast = CastRecorder(
                title: options.file, size: terminalSize(), timestamp: Int(Date.now.timeIntervalSince1970),
                environment: environment, idleLimit: options.idleLimit,
                clock: { [unowned self] in options.mock ? talkTime : seconds(since: started) })
        }
        if options.render != nil { output.deck = SlideDeck(title: options.file) }
        for step in talk.steps where !quitting {
            output.cast?.resized(to: terminalSize())
            perform(step)
        }
        return finish()
    }

    private func perform(_ step: Talk.Step) {
        switch step {
        case .command(let line, let number, let hidden):
            if hidden { runHidden(line, number: number) } else { present(line) }
        case .pause(let label):
            output.cast?.marker(label)
            output.deck?.nextSlide(label)
            talkTime += Self.pauseSeconds
            if !options.check { waitForNext() }
        case .say(let text):
            output.feedsSlides = false
            engine.output.write(style.dim("» " + text) + "\n")
            output.feedsSlides = true
            output.deck?.caption(text)
        case .clear:
            engine.output.clearScreen()
        case .wait(let seconds):
            talkTime += seconds
            if !options.check { _ = readKey(seconds) }
        }
    }

    /// A line typed out, run on Enter, and on failure the presenter's choice.
    private func present(_ line: String) {
        type(line)
        guard !quitting else { return }
        if !options.check { waitForNext(running: line) }
        guard !quitting else { return }
        run(line)
    }

    private func run(_ line: String) {
        engine.output.write("\n")
        lastLine = line
        talkTime += Self.runSeconds
        let ran = engine.execute(line)
        if options.mock { mockDescribedServices() }
        guard !ran else { return }
        failures += 1
        guard !options.check else { return }
        offerAfterFailure(line)
    }

    /// `#hide` lines: run with nothing shown; a failure is said all the same.
    private func runHidden(_ line: String, number: Int) {
        output.muted = true
        let ok = engine.execute(line)
        if options.mock { mockDescribedServices() }
        output.muted = false
        guard !ok else { return }
        failures += 1
        engine.output.writeError(style.red("hidden step failed (line \(number)): \(session.redactLine(line))") + "\n")
        if !options.check { offerAfterFailure(line) }
    }

    private func offerAfterFailure(_ line: String) {
        while !quitting {
            engine.output.writeError(style.red("✗ step failed") + style.dim("  r retry · s skip · l live shell · q quit") + "\n")
            switch readKey(nil) {
            case UInt8(ascii: "r")?:
                failures -= 1
                prompt()
                engine.output.write(session.redactLine(line))
                run(line)
                return
            case UInt8(ascii: "s")?, 10?, 13?, 32?:
                return
            case UInt8(ascii: "l")?:
                goLive()
            case UInt8(ascii: "q")?, nil:
                quitting = true
            default:
                continue
            }
        }
    }

    private func prompt() {
        engine.output.write(style.bold(engine.prompt))
    }

    /// The prompt and the line, typed out at the speed asked with a little jitter (one key a character with
    /// `--keys`); `s` writes the rest at once, `q` quits.
    private func type(_ line: String) {
        prompt()
        let shown = session.redactLine(line)
        guard !options.check else {
            engine.output.write(shown)
            return
        }
        var characters = Substring(shown)
        while let character = characters.first {
            let delay = 1 / options.speed * (0.5 + Double(random.next() % 1000) / 1000)
            talkTime += delay
            let key = options.keys ? readKey(nil) : readKey(delay)
            if key == UInt8(ascii: "q") || (options.keys && key == nil) {
                quitting = true
                return
            }
            if key == UInt8(ascii: "s") {
                engine.output.write(String(characters))
                return
            }
            engine.output.write(String(character))
            characters = characters.dropFirst()
        }
    }

    /// Waits for Enter or space (after a line: to run it; at a pause: to go on), serving `l`, `r` and `q`.
    private func waitForNext(running line: String? = nil) {
        while !quitting {
            switch readKey(nil) {
            case 10?, 13?, 32?:
                return
            case UInt8(ascii: "q")?, nil:
                quitting = true
            case UInt8(ascii: "l")?:
                goLive()
                if let line {
                    prompt()
                    engine.output.write(session.redactLine(line))
                }
            case UInt8(ascii: "r")?:
                guard let last = lastLine else { continue }
                if line != nil { engine.output.write("\n") }
                prompt()
                engine.output.write(session.redactLine(last))
                run(last)
                if let line {
                    prompt()
                    engine.output.write(session.redactLine(line))
                }
            default:
                continue
            }
        }
    }

    /// The live shell at the talk's state, until Ctrl-D.
    private func goLive() {
        engine.output.write("\n" + style.dim("live shell: Ctrl-D goes back to the talk") + "\n")
        liveShell { [output, session] shown in output.echo(session.redactLine(shown)) }
        if options.mock { mockDescribedServices() }
        engine.output.write(style.dim("back to the talk") + "\n")
        if engine.exitRequested { quitting = true }
    }

    /// Every version the locator describes served by the mock: at the start, and again after a step
    /// that loaded a locator (`locate` points every entry back at its published URL).
    private func mockDescribedServices() {
        let workspace = session.facade.workspace
        guard let loadedAt = workspace.locatorLoadedAt, loadedAt != mockedLocator else { return }
        mockedLocator = loadedAt
        for name in workspace.serviceNames {
            guard let (_, warnings) = try? ServiceMock.start(name, versions: [], session: session) else { continue }
            for warning in warnings { engine.output.writeError("apish: warning: \(warning)\n") }
        }
    }

    /// Writes the recording and the slides; the exit status.
    private func finish() -> Int32 {
        var status: Int32 = options.check && failures > 0 ? 1 : 0
        if options.check {
            let summary = failures == 0 ? "every step ran" : "\(failures) step\(failures == 1 ? "" : "s") failed"
            engine.output.writeError("present --check: \(summary)\n")
        }
        do {
            if let path = options.record, let cast = output.cast {
                try ReportFile.write(cast.text, to: path)
                if cast.dropped > 0 {
                    engine.output.writeError(
                        "apish: warning: \(path) stops at \(cast.maxEvents) events; \(cast.dropped) more were not recorded\n")
                }
            }
            if let path = options.render, let deck = output.deck {
                try ReportFile.write(TalkSlides.html(deck.finished(), title: options.file), to: path)
            }
        } catch {
            engine.output.writeError("apish: \(error.description)\n")
            status = 2
        }
        return status
    }

    private func terminalSize() -> (columns: Int, rows: Int) {
        (TerminalWidth.columns(of: STDOUT_FILENO), Platform.terminalRows(of: STDOUT_FILENO) ?? 24)
    }

    private func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
