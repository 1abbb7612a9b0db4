import Facade
import FoundationFree
import JSON
import Secrets

/// Renders JSON for people: indented, and coloured when colour is on.
public enum JSONRenderer {
    /// Pretty JSON with a 2-space indent, in the same layout as `JSONValue.encoded(pretty: true)`, ending
    /// with `\n`. Coloured: keys cyan, strings green, numbers yellow, `true`/`false`/`null` magenta.
    /// When `cancellation` trips (Ctrl-C), the JSON so far is shown, then `(interrupted)`.
    public static func pretty(_ value: JSONValue, style: TextStyle, cancellation: CancellationToken? = nil) -> String {
        guard let document = try? JSONDocument.parse(value.encodedData()) else { return value.encoded() + "\n" }
        var output = ""
        write(document, style: style, cancellation: cancellation) { output += $0 }
        return output
    }

    /// A parsed body as `pretty` shows a value, written in pieces as it is rendered (tens of megabytes
    /// never become one string), every string masked by `redactor` as `Redactor.redact(_: JSONValue)` masks.
    public static func write(
        _ document: JSONDocument, style: TextStyle, redactor: Redactor? = nil, cancellation: CancellationToken? = nil,
        emit: (String) -> Void
    ) {
        let complete = document.writeIndented(
            marks: marks(style), redactor: redactor, cancellation: cancellation, emit: emit)
        emit(complete ? "\n" : "\n" + style.dim(RenderInterruption.marker) + "\n")
    }

    private static func marks(_ style: TextStyle) -> JSONTokenMarks {
        var marks = JSONTokenMarks()
        marks.key = style.delimiters(TextStyle.Code.cyan)
        marks.string = style.delimiters(TextStyle.Code.green)
        marks.number = style.delimiters(TextStyle.Code.yellow)
        marks.literal = style.delimiters(TextStyle.Code.magenta)
        return marks
    }
}
