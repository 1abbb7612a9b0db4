import Facade
import Testing
@testable import Shell
import FoundationFree
import JSON
@testable import Rendering

/// Ctrl-C stops a long render: what was rendered so far, then `(interrupted)`.
@Suite struct RenderInterruptionTests {
    private func rows(_ count: Int) -> JSONValue {
        .array((0..<count).map { index in
            .object(JSONObject([("id", .number(JSONNumber(index))), ("name", .string("n\(index)"))]))
        })
    }

    @Test func aTrippedTokenStopsAGenericTableWithTheMarker() {
        // GIVEN 20,000 rows and a token that has already tripped
        let cancelled = CancellationToken()
        cancelled.cancel()
        // WHEN rendered
        let text = GenericRenderer.render(rows(20_000), width: 0, style: .plain, cancellation: cancelled)
        // THEN it stops early and says so on its last line
        let lines = text.split(separator: "\n")
        #expect(lines.last == "(interrupted)")
        #expect(lines.count < 20_000)
    }

    @Test func aTrippedTokenStopsPrettyJSONWithTheMarker() {
        let cancelled = CancellationToken()
        cancelled.cancel()
        let text = JSONRenderer.pretty(rows(20_000), style: .plain, cancellation: cancelled)
        #expect(text.hasSuffix("\n(interrupted)\n"))
        #expect(text.split(separator: "\n").count < 20_000)
    }

    @Test func anUntrippedTokenRendersEverything() {
        let value = rows(10_000)
        let text = GenericRenderer.render(value, width: 0, style: .plain, cancellation: CancellationToken())
        #expect(text == GenericRenderer.render(value, width: 0, style: .plain))
        #expect(!text.contains("(interrupted)"))
        #expect(JSONRenderer.pretty(value, style: .plain, cancellation: CancellationToken())
            == JSONRenderer.pretty(value, style: .plain))
    }
}
