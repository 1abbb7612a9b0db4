import HTTPClient
import HTTPTypes
import Facade
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
import Secrets
import ScriptLanguage

/// Turns what is typed between `record start` and `record save FILE` into a script that replays green.
///
/// Kept: commands that succeeded and requests whatever their outcome; dropped: typos (unknown commands and
/// usage errors never reach it or failed without a request), failed expectations, and commands that make
/// no sense on replay (`help`, `history`, `quit`: the engine asks the command, `Command.isReplayable`). After each request it pins what happened with
/// `expect status N` and `expect result KIND`; in a script those judge a failed request, so a recorded
/// 404 replays as an expected 404.
///
/// Secrets are never written. A secret the session holds becomes its environment reference wherever it
/// appears in a line (a URL path, a body, the `auth` line itself), the same reference every time:
/// `${env.APISH_BEARER:-redacted}` for bearer tokens, `${env.APISH_API_KEY:-redacted}` for `auth key`
/// values, `${env.APISH_PASSWORD:-redacted}` for Basic and Digest passwords, `${env.APISH_SECRET:-redacted}`
/// for credential headers (after their scheme: `Basic ${env.APISH_SECRET:-redacted}`, scope kept). A secret
/// the line's statement marks becomes the reference its argument declares (`Positional.recordedAs`), else
/// `APISH_SECRET`, and so does anything else masked (`•••`). The script's header says which variables to set.
public struct Recorder: Sendable {
    public let startedAt: Date
    /// The lines so far as shown (masked): the prelude, then each kept command and its pinned expectations.
    public private(set) var recorded: [String]
    /// How many typed commands were kept (not counting the prelude and the added `expect` lines).
    public private(set) var commandCount = 0
    public private(set) var isRecording = true
    /// The expectations added after the last request, so a user typing the same one is not doubled.
    private var pinned: Set<String> = []

    package static let secretPlaceholder = "APISH_SECRET"

    /// `${env.APISH_BEARER:-redacted}`: the real secret from the environment when set, else a stand-in,
    /// so a recording replays at once against APIs that accept any value (the demo) and pins a 401 elsewhere.
    package static func placeholder(_ name: String) -> String {
        "${env.\(name):-redacted}"
    }
    /// The comment after a request whose stream Ctrl-C ended while recording.
    static let interruptedNote = "# the stream above was stopped by Ctrl-C when recorded; a replay waits for its end"

    /// `prelude` holds (redacted) lines that restore the state at `record start`: versions in use, credentials,
    /// headers, variables; see `Recorder.prelude(for:)`.
    public init(startedAt: Date = Date(), prelude: [String] = []) {
        self.startedAt = startedAt
        self.recorded = prelude
    }

    /// Called by the engine after every command except `record` itself, with the line as shown (redacted).
    public mutating func record(_ line: String, report: RunResult) {
        guard isRecording else { return }
        guard report.ok || report.exchange != nil else { return }
        let trimmed = line.trimmingWhitespace()
        guard !trimmed.isEmpty else { return }
        guard !pinned.contains(trimmed) else { return }
        // A comment in place of a line (what `edit` leaves) is kept as it is, and pins nothing.
        if trimmed.hasPrefix("#") {
            recorded.append(trimmed)
            pinned = []
            return
        }
        recorded.append(trimmed)
        commandCount += 1
        guard let exchange = report.exchange else { return }
        // Pinned as it went, and said: a replay reads the stream to its end, which the recording never saw.
        if report.interrupted { recorded.append(Self.interruptedNote) }
        var expectations: [String] = []
        if let status = exchange.status { expectations.append("expect status \(status)") }
        expectations.append("expect result \(exchange.outcome.kind.rawValue)")
        recorded += expectations
        pinned = Set(expectations)
    }

    public mutating func stop() {
        isRecording = false
    }

    /// The file `record save` writes: a header (when, against which locator, what to set), then the lines.
    /// `redact` masks what became secret after a line was recorded (`set t X` before `auth bearer $t`).
    public func script(savedAt: Date = Date(), locator: String?, file: String, redact: (String) -> String = { $0 }) -> String {
        let (lines, placeholders) = replayable(redact: redact)
        var header = [
            "# apish recording, saved \(CivilTime.iso8601(savedAt)) (started \(CivilTime.iso8601(startedAt)))",
            "# locator: \(locator ?? "(none loaded)")",
            "# replay: apish \(file)   (exit 0 while the APIs still answer as recorded)",
        ]
        if !placeholders.isEmpty {
            let names = placeholders.joined(separator: ", ")
            header.append("# secrets were not saved: set \(names) in the environment to replay against a real API (without them the stand-in 'redacted' is sent, which the demo API accepts)")
        }
        return (header + lines).joined(separator: "\n") + "\n"
    }

    /// The script lines with masked secrets replaced by environment placeholders, and the placeholders
    /// used, in order of first use.
    public func replayable(redact: (String) -> String = { $0 }) -> (lines: [String], placeholders: [String]) {
        var placeholders: [String] = []
        func note(_ placeholder: String) {
            if !placeholders.contains(placeholder) { placeholders.append(placeholder) }
        }
        let lines = recorded.map { line in
            var result = Self.redactKeepingReferences(line, redact: redact)
            for name in Self.referencedPlaceholders(in: result) { note(name) }
            if result.contains(Redactor.mask) {
                result = result.replacingAll(Redactor.mask, with: Self.placeholder(Self.secretPlaceholder))
                note(Self.secretPlaceholder)
            }
            return result
        }
        return (lines, placeholders)
    }

    /// The `APISH_…` variables a line refers to as `${env.NAME:-redacted}`, in order.
    static func referencedPlaceholders(in line: String) -> [String] {
        guard line.contains("${env.APISH_"), let expression = try? Regex(#"\$\{env\.(APISH_[A-Z0-9_]+):-redacted\}"#) else { return [] }
        return line.matches(of: expression).compactMap { match in
            match.output.count > 1 ? match.output[1].substring.map(String.init) : nil
        }
    }

    /// Each secret `credentials` hold, with the environment variable a recording names it by. A credential
    /// header's scheme (`Basic `) is not part of its secret, so it stays in the line.
    static func references(for credentials: Credentials) -> [(secret: String, name: String)] {
        var references: [(secret: String, name: String)] = []
        for entry in credentials.entries {
            guard let scheme = entry.credential as? any AuthScheme, let secret = scheme.recordedSecret,
                  let variable = type(of: scheme).recordingVariable else { continue }
            references.append((secret, variable))
        }
        for header in credentials.headers { references.append((secretPart(of: header.value), secretPlaceholder)) }
        // The longest first, so a secret holding another is replaced whole.
        return references.filter { $0.secret.count >= SecretMatcher.minimumLength }.sorted { $0.secret.count > $1.secret.count }
    }

    /// `Basic abc` → `abc`; a value without an auth scheme is all secret.
    static func secretPart(of value: String) -> String {
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, ["bearer", "basic", "token", "digest"].contains(parts[0].lowercased()) else { return value }
        return String(parts[1])
    }

    /// The scheme of a credential header's value with a space (`Basic `), or nothing.
    package static func schemePrefix(of value: String) -> String {
        let secret = secretPart(of: value)
        return secret == value ? "" : String(value.dropLast(secret.count))
    }

    /// A line as a recording keeps it: each secret span of its statements (`secrets`) replaced by the
    /// reference its argument declares (`auth bearer TOKEN`: `${env.APISH_BEARER:-redacted}`), every other
    /// secret the session holds by its reference wherever it is, then masked as history is (`redact`),
    /// which leaves references alone. The command's name and subcommand word (`keywords`) are syntax and
    /// stay: a token `auth` does not turn `auth bearer` into a reference.
    static func recordable(
        _ typed: String, references: [(secret: String, name: String)], keywords: [Range<Int>] = [],
        secrets: [(span: Range<Int>, variable: String, isSingleQuoted: Bool)] = [], redact: (String) -> String
    ) -> String {
        let bytes = Array(typed.utf8)
        func replaced(_ range: Range<Int>) -> String {
            var text = String(decoding: bytes[range], as: UTF8.self)
            for reference in references where text.contains(reference.secret) {
                text = text.replacingAll(reference.secret, with: placeholder(reference.name))
            }
            return text
        }
        // A secret the session holds keeps its own reference, whichever argument it is given as.
        func reference(for secret: (span: Range<Int>, variable: String, isSingleQuoted: Bool)) -> String {
            let text = String(decoding: bytes[secret.span.clamped(to: 0..<bytes.count)], as: UTF8.self)
            let unquoted = text.count >= 2 && text.first == text.last && (text.first == "'" || text.first == "\"")
                ? String(text.dropFirst().dropLast()) : text
            let reference = placeholder(references.first { $0.secret == unquoted }?.name ?? secret.variable)
            // Single quotes keep `${…}` as text: a reference inside them closes and reopens them around itself.
            return secret.isSingleQuoted ? "'\"" + reference + "\"'" : reference
        }
        let kept = keywords.map { (span: $0, text: String(decoding: bytes[$0.clamped(to: 0..<bytes.count)], as: UTF8.self)) }
            + secrets.map { (span: $0.span, text: reference(for: $0)) }
        var line = ""
        var position = 0
        for piece in kept.sorted(by: { $0.span.lowerBound < $1.span.lowerBound })
        where piece.span.lowerBound >= position && piece.span.upperBound <= bytes.count {
            line += replaced(position..<piece.span.lowerBound) + piece.text
            position = piece.span.upperBound
        }
        line += replaced(position..<bytes.count)
        return redactKeepingReferences(line, redact: redact)
    }

    /// `redact(line)` with each `${env.NAME:-redacted}` left whole: its `NAME:-…` would otherwise read as a
    /// credential header's value and be masked. The references are shortened to `${env.NAME}` (which no
    /// pattern masks, and which the command-line rules know as a reference) while `redact` runs.
    static func redactKeepingReferences(_ line: String, redact: (String) -> String) -> String {
        guard line.contains("${env.APISH_") else { return redact(line) }
        var shortened = line
        for name in referencedPlaceholders(in: line) {
            shortened = shortened.replacingAll(placeholder(name), with: "${env.\(name)}")
        }
        var result = redact(shortened)
        for name in referencedPlaceholders(inShortened: result) {
            result = result.replacingAll("${env.\(name)}", with: placeholder(name))
        }
        return result
    }

    private static func referencedPlaceholders(inShortened line: String) -> [String] {
        guard let expression = try? Regex(#"\$\{env\.(APISH_[A-Z0-9_]+)\}"#) else { return [] }
        return Array(Set(line.matches(of: expression).compactMap { match in
            match.output.count > 1 ? match.output[1].substring.map(String.init) : nil
        }))
    }

}

extension Recorder {
    /// Lines that bring a fresh shell to the state of `session` (redacted): the versions chosen, credentials,
    /// extra headers, what the session set for a built-in API (its bundle's `prelude`) and the variables;
    /// only what was set, nothing a fresh shell already has. A recording starts with them so it replays the same.
    public static func prelude(for session: Session) -> [String] {
        let facade = session.facade
        var lines: [String] = []
        for service in facade.workspace.services where facade.workspace.hasChosenVersion(of: service.name) {
            if service.followsLatest {
                lines.append("use \(service.name) latest")
            } else if let active = service.active {
                lines.append("use \(service.name) \(active)")
            }
        }
        let credentials = facade.credentials.held.entries
        for slot in Set(credentials.map(\.credential.slot)).sorted(by: { $0.rank < $1.rank }) {
            let entries = credentials.filter { $0.credential.slot == slot }.sorted { $0.scope.description < $1.scope.description }
            for entry in entries {
                guard let line = (entry.credential as? any AuthScheme)?.preludeLine(
                    scope: entry.scope.argument, reference: placeholder, quote: { try? Tokenizer.quote($0) }) else { continue }
                lines.append(line)
            }
        }
        for header in facade.credentials.held.headers {
            lines.append("header \(header.name) \(schemePrefix(of: header.value))\(placeholder(secretPlaceholder))"
                + (header.scope.argument.map { " \($0)" } ?? ""))
        }
        for header in facade.credentials.headers {
            lines.append(settable("header \(header.name)", to: header.value, session: session))
        }
        for bundle in session.bundles {
            lines += bundle.prelude(facade).map(session.redactLine)
        }
        for (name, value) in session.variables.sorted(by: { $0.key < $1.key }) {
            lines.append(settable("set \(name)", to: value, session: session))
        }
        return lines
    }

    /// `command VALUE` with the value as one word, redacted; a comment saying so when the value holds a
    /// line break, which no word of one line can.
    private static func settable(_ command: String, to value: String, session: Session) -> String {
        guard let word = try? Tokenizer.quote(value) else {
            return "# not recorded: \(command) (its value holds a line break, which one line of a script cannot)"
        }
        return session.redactLine("\(command) \(word)")
    }
}

extension Session {
    /// Hands a command just run to the recorder, if recording: the line typed with the session's secrets as
    /// environment references (`Recorder.recordable`), or the line the command asked to be recorded instead.
    package func record(typed: String, report: RunResult) {
        guard recorder?.isRecording == true else { return }
        let typed = report.recordedLine ?? typed
        let statements = registry.statementsTolerantly(in: typed, session: self)
        let line = Recorder.recordable(
            typed, references: Recorder.references(for: facade.credentials.held), keywords: statements.flatMap(\.keywordSpans),
            secrets: statements.flatMap(\.recordedSecrets), redact: redactLine)
        recorder?.record(line, report: report)
    }
}
