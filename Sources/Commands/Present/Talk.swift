import Shell
import FoundationFree

/// An `.apish` script read as a talk: its command lines and the directives its comments give (`#pause`,
/// `#hide` … `#show`, `#say`, `#clear`, `#wait`). Every other comment is left out, and a directive is a
/// comment to `apish FILE`, so a talk still runs as a plain script.
struct Talk: Equatable {
    enum Step: Equatable {
        /// A line to type and run; `hidden` lines (between `#hide` and `#show`) run unseen.
        case command(String, line: Int, hidden: Bool)
        /// `#pause [label]`: wait for a key; a beat of the recording and a slide.
        case pause(label: String)
        /// `#say TEXT`: a caption on the screen, never sent anywhere.
        case say(String)
        case clear
        /// `#wait 2s`: seconds.
        case wait(Double)
    }

    /// The most a `#wait` holds the talk.
    static let longestWait = 60.0
    /// The most steps a talk has: a file is read as it is written, one step a line.
    static let maxSteps = 10_000

    var steps: [Step] = []

    /// How many pauses the talk makes: its slides are one more.
    var pauseCount: Int {
        steps.filter { if case .pause = $0 { true } else { false } }.count
    }

    /// Reads a talk; a malformed directive is an error naming its line.
    init(text: String) throws(CommandError) {
        var hidden = false
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            var line = String(raw)
            if line.hasSuffix("\r") { line.removeLast() }
            if number == 1, line.hasPrefix("\u{FEFF}") { line.removeFirst() }
            let trimmed = line.trimmingBlanks()
            guard !trimmed.isEmpty else { continue }
            guard steps.count < Self.maxSteps else { throw CommandError("present: more than \(Self.maxSteps) steps") }
            guard trimmed.hasPrefix("#") else {
                steps.append(.command(trimmed, line: number, hidden: hidden))
                continue
            }
            let words = trimmed.dropFirst().split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            let rest = words.count > 1 ? String(words[1]).trimmingBlanks() : ""
            switch words.first.map(String.init) {
            case "pause": steps.append(.pause(label: rest))
            case "hide": hidden = true
            case "show": hidden = false
            case "say": steps.append(.say(rest))
            case "clear": steps.append(.clear)
            case "wait":
                guard let seconds = Self.seconds(rest) else {
                    throw CommandError("present: line \(number): #wait takes a time such as 2s or 500ms, not '\(rest)'")
                }
                steps.append(.wait(min(seconds, Self.longestWait)))
            default: continue
            }
        }
    }

    /// `2s`, `1.5`, `500ms`.
    static func seconds(_ text: String) -> Double? {
        if text.hasSuffix("ms") { return Double(text.dropLast(2)).map { $0 / 1000 }.flatMap { $0 >= 0 ? $0 : nil } }
        let number = text.hasSuffix("s") ? String(text.dropLast()) : text
        return Double(number).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
    }
}
