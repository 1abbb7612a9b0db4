import JSON
import Rendering
import Shell

/// A talk as asciicast v2 (the format asciinema and its players read): a header object, then one event a
/// line, `[seconds, "o", text]` for output, `[seconds, "m", label]` at each pause and `[seconds, "r",
/// "COLSxROWS"]` when the terminal was resized. It is fed the masked output only (`TalkOutput`). Gaps
/// longer than `idleLimit` are cut to it; `clock` is the wall clock, or the talk's own with `--mock`.
final class CastRecorder {
    private let clock: () -> Double
    private let idleLimit: Double?
    private var header: JSONObject
    private var events: [String] = []
    private var last = 0.0
    private var skipped = 0.0
    private var size: (columns: Int, rows: Int)
    /// The most events a recording keeps; past it events are counted, not kept, and the cast ends with a
    /// marker that says how many were left out (the talk says so too).
    static let defaultMaxEvents = 200_000
    let maxEvents: Int
    /// Events left out past `maxEvents`.
    private(set) var dropped = 0

    init(title: String, size: (columns: Int, rows: Int), timestamp: Int, environment: [String: String],
         idleLimit: Double?, maxEvents: Int = defaultMaxEvents, clock: @escaping () -> Double) {
        self.clock = clock
        self.maxEvents = maxEvents
        self.idleLimit = idleLimit
        self.size = size
        var env: [(String, JSONValue)] = []
        for name in ["TERM", "SHELL"] { if let value = environment[name] { env.append((name, .string(value))) } }
        var fields: [(String, JSONValue)] = [
            ("version", .number(JSONNumber(2))), ("width", .number(JSONNumber(size.columns))),
            ("height", .number(JSONNumber(size.rows))), ("timestamp", .number(JSONNumber(timestamp))),
            ("title", .string(title)), ("env", .object(JSONObject(env))),
        ]
        if let idleLimit, let number = JSONNumber(idleLimit) { fields.append(("idle_time_limit", .number(number))) }
        header = JSONObject(fields)
    }

    /// Seconds since the start, never going back, with long gaps cut to the idle limit; three decimals so
    /// the same talk gives the same text.
    private func now() -> String {
        var time = clock() - skipped
        if let idleLimit, time - last > idleLimit {
            skipped += time - last - idleLimit
            time = last + idleLimit
        }
        time = max(time, last)
        last = time
        return Formatting.decimal(time, places: 3)
    }

    /// Output as a terminal receives it: a line feed becomes `\r\n`, as the pseudo-terminal's output
    /// translation (ONLCR) makes it, so a player that feeds the events to a terminal draws what the room saw.
    func output(_ text: String) {
        guard !text.isEmpty else { return }
        var translated = ""
        translated.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if scalar == "\n", !lastWasCarriageReturn { translated += "\r" }
            translated.unicodeScalars.append(scalar)
            lastWasCarriageReturn = scalar == "\r"
        }
        add("o", translated)
    }

    private var lastWasCarriageReturn = false

    func marker(_ label: String) {
        add("m", label)
    }

    /// Notes a new terminal size, if it changed.
    func resized(to newSize: (columns: Int, rows: Int)) {
        guard newSize != size else { return }
        size = newSize
        add("r", "\(newSize.columns)x\(newSize.rows)")
    }

    private func add(_ kind: String, _ data: String) {
        guard events.count < maxEvents else {
            dropped += 1
            return
        }
        events.append("[\(now()), \(JSONValue.string(kind).encoded()), \(JSONValue.string(data).encoded())]")
    }

    /// The whole file.
    var text: String {
        var lines = [JSONValue.object(header).encoded()] + events
        if dropped > 0 {
            let note = "recording cut at \(maxEvents) events; \(dropped) more not recorded"
            lines.append("[\(Formatting.decimal(last, places: 3)), \"m\", \(JSONValue.string(note).encoded())]")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
