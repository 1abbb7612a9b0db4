import FoundationFree

/// `apish present --render talk.html`: a talk as one self-contained page of slides (inline style and
/// script, nothing fetched; `Templates/slides.html`), one per pause and one after the last, each with its
/// captions and what the terminal showed, in its colours (apish's own SGR codes as classes), `compare`'s
/// two columns as two columns. Arrow keys step through them. The text is masked before it comes here.
package enum TalkSlides {
    /// One slide: its title (the pause that opened it) and what it holds, in order.
    package struct Slide: Sendable {
        package enum Block: Sendable {
            case caption(String)
            /// Terminal text as written, SGR codes and all.
            case terminal(String)
        }

        package var title: String
        package var blocks: [Block] = []

        package init(title: String) {
            self.title = title
        }
    }

    private static let template = String(decoding: PackageResources.slides_html, as: UTF8.self)
    /// `compare`'s column separator (`SideBySidePresenter.separator`).
    static let columnSeparator = " │ "

    package static func html(_ slides: [Slide], title: String) -> String {
        var body = ""
        for (index, slide) in slides.enumerated() {
            body += "<section class=\"slide\" id=\"slide-\(index + 1)\">\n<h1>\(HTMLReport.escape(slide.title))</h1>\n"
            for block in slide.blocks {
                switch block {
                case .caption(let text): body += "<p class=\"caption\">\(HTMLReport.escape(text))</p>\n"
                case .terminal(let text): body += terminal(text)
                }
            }
            body += "</section>\n"
        }
        return template.replacingAll("{{title}}", with: HTMLReport.escape(title)).replacingAll("{{slides}}", with: body)
    }

    /// Terminal text as `<pre>`, runs of two-column lines as a two-column grid.
    static func terminal(_ text: String) -> String {
        var html = ""
        var plain: [String] = []
        var columns: [(String, String)] = []
        func flush() {
            if !plain.isEmpty { html += "<pre>" + plain.map(spans).joined(separator: "\n") + "</pre>\n" }
            if !columns.isEmpty {
                html += "<div class=\"side-by-side\"><pre>" + columns.map { spans($0.0) }.joined(separator: "\n")
                    + "</pre><pre>" + columns.map { spans($0.1) }.joined(separator: "\n") + "</pre></div>\n"
            }
            plain = []
            columns = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let range = line.literalRange(of: columnSeparator) {
                if !plain.isEmpty { flush() }
                columns.append((String(line[..<range.lowerBound]), String(line[range.upperBound...])))
            } else {
                if !columns.isEmpty { flush() }
                plain.append(line)
            }
        }
        flush()
        return html
    }

    /// One line's SGR colours as spans; every other control left out.
    static func spans(_ line: String) -> String {
        var html = ""
        var open = false
        var scalars = Substring(line).unicodeScalars[...]
        var text = ""
        func emitText() {
            html += HTMLReport.escape(text)
            text = ""
        }
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            guard scalar == "\u{1B}" else {
                if scalar.value >= 0x20 || scalar == "\t" { text.unicodeScalars.append(scalar) }
                continue
            }
            guard scalars.first == "[" else { continue }
            scalars = scalars.dropFirst()
            var parameters = ""
            while let next = scalars.first, (0x30...0x3F).contains(next.value) {
                parameters.unicodeScalars.append(next)
                scalars = scalars.dropFirst()
            }
            let final = scalars.first
            scalars = scalars.dropFirst()
            guard final == "m" else { continue }
            emitText()
            if open { html += "</span>"; open = false }
            let classes = parameters.split(separator: ";").compactMap { classNames[String($0)] }
            if !classes.isEmpty {
                html += "<span class=\"\(classes.joined(separator: " "))\">"
                open = true
            }
        }
        emitText()
        if open { html += "</span>" }
        return html
    }

    /// The SGR codes `TextStyle` writes.
    private static let classNames = ["1": "b", "2": "d", "31": "r", "32": "g", "33": "y", "35": "m", "36": "c"]
}
