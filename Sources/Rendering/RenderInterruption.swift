import Facade
import FoundationFree

/// Lets a long render (a table of 50,000 rows, megabytes of pretty JSON) notice Ctrl-C: it polls the
/// token once every `interval` rows or values, so the check costs nothing per row, and stays stopped
/// once it has tripped. What was rendered so far is shown, then `marker` on a line of its own.
package struct RenderInterruption {
    /// The line that ends an interrupted render.
    package static let marker = "(interrupted)"
    package static let interval = 4096

    private let token: CancellationToken?
    private var countdown = RenderInterruption.interval
    package private(set) var isInterrupted = false

    package init(_ token: CancellationToken?) {
        self.token = token
    }

    /// True once the token has tripped; looks at it every `interval` calls.
    package mutating func shouldStop() -> Bool {
        if isInterrupted { return true }
        guard let token else { return false }
        countdown -= 1
        guard countdown == 0 else { return false }
        countdown = Self.interval
        isInterrupted = token.isCancelled
        return isInterrupted
    }

    /// The marker line, dimmed, when the render was interrupted; else nothing.
    func markerLine(_ style: TextStyle) -> String {
        isInterrupted ? style.dim(Self.marker) + "\n" : ""
    }
}
