#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
import ScriptLanguage
import Rendering

/// What a script shows a person watching it run (`apish FILE` on a terminal, or `--verbose-script`),
/// as `hurl --test` and pytest do:
///
/// ```
/// ── Upgrade weather to v2
///    3 › use weather v2
/// weather → v2
///    4 ✓ expect status 200
///    5 ✗ expect city == Boston
/// t.apish:5: expected city == Boston, got Seattle
///
/// 3 passed, 1 failed (0.42 s)
/// ```
///
/// Each command is echoed with its line number before it runs (its output follows), an expectation
/// after it ran, with its verdict; `#` comments become headings. Lines of a sourced file carry its name
/// (`lib.apish:2`). Failures still go to stderr as `FILE:LINE: message`, as without a story.
package final class ScriptStory {
    private let style: TextStyle
    /// The file of the first line told: lines from other (sourced) files are shown with their file name.
    private var mainFile: String?
    private var toldAnything = false

    package init(style: TextStyle) {
        self.style = style
    }

    /// `── text` after a blank line, for a `# text` comment; nil for a bare `#` or a `#!` first line.
    package func heading(_ comment: String, at location: SourceLocation) -> String? {
        if location.line == 1 && comment.hasPrefix("#!") { return nil }
        let text = comment.drop { $0 == "#" }.trimmingWhitespace()
        guard !text.isEmpty else { return nil }
        defer { toldAnything = true }
        return (toldAnything ? "\n" : "") + style.bold("── " + TerminalText.singleLine(text)) + "\n"
    }

    /// `   3 › use weather v2`, before a command runs.
    package func command(_ line: String, at location: SourceLocation) -> String {
        told(line, at: location, mark: style.dim("›"))
    }

    /// `   4 ✓ expect status 200` or `   5 ✗ expect city == Boston`, once the expectation ran.
    package func expectation(_ line: String, at location: SourceLocation, passed: Bool) -> String {
        told(line, at: location, mark: passed ? style.green("✓") : style.red("✗"))
    }

    /// `3 passed, 1 failed (0.42 s)`: green when nothing failed, else red.
    package static func summary(passed: Int, failed: Int, seconds: TimeInterval, style: TextStyle) -> String {
        let text = "\(passed) passed, \(failed) failed (\(Formatting.decimal(max(0, seconds), places: 2)) s)"
        return "\n" + (failed == 0 ? style.green(text) : style.red(text)) + "\n"
    }

    private func told(_ line: String, at location: SourceLocation, mark: String) -> String {
        if mainFile == nil { mainFile = location.file }
        toldAnything = true
        let place = location.file == mainFile ? String(location.line).leftPadded(to: 4) : location.description
        return style.dim(place) + " " + mark + " " + TerminalText.singleLine(line) + "\n"
    }
}
