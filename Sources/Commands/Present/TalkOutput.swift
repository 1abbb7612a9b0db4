import Shell
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a talk's session writes, under the engine's masking sink (so everything here is masked already):
/// the screen, and beside it the recording and the slides, which see exactly what the screen sees. Lines
/// run unseen (`#hide`) go nowhere; with `--mock`, `stable` makes what varies from run to run (the
/// loopback servers' ports) the same every time.
final class TalkOutput: OutputSink {
    private let screen: OutputSink
    var muted = false
    /// Whether the slides take what is written now (a caption goes to them as a caption instead).
    var feedsSlides = true
    var stable: ((String) -> String)?
    var cast: CastRecorder?
    var deck: SlideDeck?

    init(screen: OutputSink = StandardOutput()) {
        self.screen = screen
    }

    func write(_ text: String) {
        guard !muted else { return }
        let shown = stable?(text) ?? text
        screen.write(shown)
        keep(shown)
    }

    func writeError(_ text: String) {
        guard !muted else { return }
        let shown = stable?(text) ?? text
        screen.writeError(shown)
        keep(shown)
    }

    func writeBytes(_ bytes: Data) {
        write(String(decoding: bytes, as: UTF8.self))
    }

    /// What the terminal shows without this sink (the live shell's prompt and typed line, drawn by the line
    /// editor), masked as history is: for the recording and the slides only.
    func echo(_ text: String) {
        guard !muted else { return }
        keep(stable?(text) ?? text)
    }

    private func keep(_ text: String) {
        cast?.output(text)
        if feedsSlides { deck?.append(text) }
    }
}
