import Facade
import Testing
@testable import Shell
import JSON
@testable import Rendering

@Suite struct PresentationRendererTests {
    @Test func rowsUseTheRowsRenderer() {
        let rows = [LabelledRow("City", "Boston"), LabelledRow("State", "MA")]
        #expect(PresentationRenderer.render(.rows(rows), width: 80, style: .plain) == "City   Boston\nState  MA\n")
    }

    @Test func tablesUseTheTableRendererWithTheWidth() {
        let table = Table(columns: [TableColumn("A"), TableColumn("B", flexible: true)],
                          rows: [["1", String(repeating: "x", count: 50)]])
        let output = PresentationRenderer.render(.table(table), width: 20, style: .plain)
        #expect(output == TableRenderer.render(table, width: 20, style: .plain))
        #expect(output.hasSuffix("…\n"))
    }

    @Test func jsonUsesTheGenericRenderer() {
        let value: JSONValue = ["status": 200, "message": "ok"]
        #expect(PresentationRenderer.render(.json(value), width: 80, style: .plain) == "status   200\nmessage  ok\n")
    }
}
