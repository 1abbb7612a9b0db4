import FoundationFree
import Reports

/// The slides a talk makes as it plays (`--render`): a new one at each pause, each taking the captions and
/// the terminal text of its part of the talk; a screen clear starts its terminal text afresh.
final class SlideDeck {
    private(set) var slides: [TalkSlides.Slide]
    private var terminal = ""
    /// The most terminal text one slide keeps; what comes after is left out of it.
    static let maxSlideText = 1 << 20

    init(title: String) {
        slides = [TalkSlides.Slide(title: title)]
    }

    func append(_ text: String) {
        if let clear = text.literalRange(of: "\u{1B}[2J") {
            terminal = ""
            append(String(text[clear.upperBound...]))
            return
        }
        guard terminal.utf8.count < Self.maxSlideText else { return }
        terminal += text
    }

    func caption(_ text: String) {
        closeTerminal()
        slides[slides.count - 1].blocks.append(.caption(text))
    }

    /// A pause: the next slide, titled by the pause's label.
    func nextSlide(_ label: String) {
        closeTerminal()
        slides.append(TalkSlides.Slide(title: label.isEmpty ? "\(slides.count + 1)" : label))
    }

    /// The slides with the last one's text.
    func finished() -> [TalkSlides.Slide] {
        closeTerminal()
        return slides
    }

    private func closeTerminal() {
        let text = terminal.trimmingBlanks()
        terminal = ""
        guard !text.isEmpty else { return }
        slides[slides.count - 1].blocks.append(.terminal(text))
    }
}
