import HTTPClient
import Facade
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
import Secrets

/// Turns what is typed between `record start` and `record save FILE` into a script that replays green.
///
/// Kept: commands that succeeded and requests whatever their outcome; dropped: typos (unknown commands and
/// usage errors never reach it or failed without a request), failed expectations, and commands that make
/// no sense on replay (`help`, `history`, `quit`). After each request it pins what happened with
/// `expect status N` and `expect result KIND`; in a script those judge a failed request, so a recorded
/// 404 replays as an expected 404.
///
/// Secrets arrive already masked (`auth bearer •••`) and are never written. The mask becomes an environment
/// placeholder so the script still runs: `${env.APISH_BEARER:-redacted}` for bearer tokens,
/// `${env.APISH_API_KEY:-redacted}` for `auth key` values, `${env.APISH_SECRET:-redacted}` anywhere else;
/// the header says which to set.
public struct Recorder: Sendable {
    public let startedAt: Date
    /// The lines so far as shown (masked): the prelude, then each kept command and its pinned expectations.
    public private(set) var recorded: [String]
    /// How many typed commands were kept (not counting the prelude and the added `expect` lines).
    public private(set) var commandCount = 0
    public private(set) var isRecording = true
    /// The expectations added after the last request, so a user typing the same one is not doubled.
    private var pinned: Set<String> = []

    static let bearerPlaceholder = "APISH_BEARER"
    static let apiKeyPlaceholder = "APISH_API_KEY"
    static let secretPlaceholder = "APISH_SECRET"

    /// `${env.APISH_BEARER:-redacted}`: the real secret from the environment when set, else a stand-in,
    /// so a recording replays at once against APIs that accept any value (the demo) and pins a 401 elsewhere.
    static func placeholder(_ name: String) -> String {
        "${env.\(name):-redacted}"
    }
    static let unreplayable: Set<String> = ["help", "?", "history", "quit", "exit"]

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
        let name = trimmed.prefix { !$0.isWhitespace }.lowercased()
        guard !trimmed.isEmpty, !Self.unreplayable.contains(name) else { return }
        guard !pinned.contains(trimmed) else { return }
        recorded.append(trimmed)
        commandCount += 1
        guard let exchange = report.exchange else { return }
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
            var result = redact(line)
            guard result.contains(Redactor.mask) else { return result }
            let rules: [(pattern: String, placeholder: String)] = [
                (#"(?i)^(\s*auth\s+bearer\s+)•••"#, Self.bearerPlaceholder),
                (#"(?i)^(\s*auth\s+key\s+[^\s=]+=)•••"#, Self.apiKeyPlaceholder),
            ]
            for rule in rules {
                let replaced = Self.replace(rule.pattern, in: result, with: "$1" + Self.placeholder(rule.placeholder))
                if replaced != result {
                    result = replaced
                    note(rule.placeholder)
                }
            }
            if result.contains(Redactor.mask) {
                result = result.replacingAll(Redactor.mask, with: Self.placeholder(Self.secretPlaceholder))
                note(Self.secretPlaceholder)
            }
            return result
        }
        return (lines, placeholders)
    }

    /// `text` with every match of `pattern` replaced by `template`, in which `$1` is the first group.
    private static func replace(_ pattern: String, in text: String, with template: String) -> String {
        guard let expression = try? Regex(pattern) else { return text }
        return text.replacing(expression) { match in
            let group = match.output.count > 1 ? match.output[1].substring.map(String.init) ?? "" : ""
            return template.replacingAll("$1", with: group)
        }
    }
}

extension Recorder {
    /// Lines that bring a fresh shell to the state of `session` (redacted): the versions chosen, credentials,
    /// extra headers, the location and the variables. A recording starts with them so it replays the same.
    public static func prelude(for session: Session) -> [String] {
        let facade = session.facade
        var lines: [String] = []
        for service in facade.services where facade.hasChosenVersion(of: service.name) {
            if service.followsLatest {
                lines.append("use \(service.name) latest")
            } else if let active = service.active {
                lines.append("use \(service.name) \(active)")
            }
        }
        for scope in facade.credentials.bearerTokens.keys.sorted(by: { $0.description < $1.description }) {
            lines.append("auth bearer \(Redactor.mask)" + (scope.argument.map { " \($0)" } ?? ""))
        }
        for (scope, key) in facade.credentials.apiKeys.sorted(by: { $0.key.description < $1.key.description }) {
            lines.append("auth key \(key.parameter)=\(Redactor.mask)" + (scope.argument.map { " \($0)" } ?? ""))
        }
        for header in facade.credentials.headers {
            lines.append("header \(header.name) \(Redactor.mask)" + (header.scope.argument.map { " \($0)" } ?? ""))
        }
        for header in facade.headers {
            lines.append(session.redactLine("header \(header.name) \(quoted(header.value))"))
        }
        if let location = facade.location {
            lines.append("location \(Formatting.number(location.latitude)) \(Formatting.number(location.longitude))")
        }
        for (name, value) in session.variables.sorted(by: { $0.key < $1.key }) {
            lines.append(session.redactLine("set \(name) \(quoted(value))"))
        }
        return lines
    }

    /// A word that the tokenizer reads back as `text`.
    static func quoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "_-./:=@%+,".unicodeScalars.contains(scalar))
        }
        if plain { return text }
        if !text.contains("'") { return "'" + text + "'" }
        var escaped = ""
        for character in text {
            if character == "\"" || character == "\\" || character == "$" { escaped.append("\\") }
            escaped.append(character)
        }
        return "\"" + escaped + "\""
    }
}
