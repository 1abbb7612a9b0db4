import Facade
import FoundationFree

/// Turns a model's `Presentation` into text with the matching renderer.
public enum PresentationRenderer {
    /// A long table or JSON stops at `(interrupted)` when `cancellation` trips (Ctrl-C).
    public static func render(
        _ presentation: Presentation, width: Int, style: TextStyle, cancellation: CancellationToken? = nil
    ) -> String {
        switch presentation {
        case .rows(let rows):
            RowsRenderer.render(rows, style: style, width: width)
        case .table(let table):
            TableRenderer.render(table, width: width, style: style, cancellation: cancellation)
        case .json(let value):
            GenericRenderer.render(value, width: width, style: style, cancellation: cancellation)
        case .sections(let parts):
            parts.map { render($0, width: width, style: style, cancellation: cancellation) }.joined(separator: "\n")
        }
    }
}
