import Facade
import Testing
@testable import Shell
@testable import Rendering

/// Minor columns give way before flexible ones; fixed columns hold.
@Suite struct TableLayoutTests {
    @Test func aTableThatFitsKeepsItsWidths() {
        #expect(TableLayout.fit(natural: [5, 20, 8], sizing: [.fixed, .flexible, .minor], available: 80) == [5, 20, 8])
    }

    @Test func minorColumnsShrinkFirstAndTheFlexibleOneKeepsItsText() {
        // 30 + 2 + 25 + 2 + 10 = 69 columns into 60: the minor column gives the 9.
        let widths = TableLayout.fit(natural: [30, 25, 10], sizing: [.flexible, .minor, .fixed], available: 60)
        #expect(widths == [30, 16, 10])
    }

    @Test func whenMinorColumnsAreAtTheirFloorTheFlexibleOneGivesWay() {
        let widths = TableLayout.fit(natural: [40, 25, 10], sizing: [.flexible, .minor, .fixed], available: 50)
        #expect(widths[1] == TableLayout.minorMinimumWidth)
        #expect(widths[2] == 10)
        #expect(TableLayout.total(widths) == 50)
    }

    @Test func minorColumnsNarrowerThanTheirFloorAreLeftAlone() {
        let widths = TableLayout.fit(natural: [40, 4, 30], sizing: [.flexible, .minor, .minor], available: 60)
        #expect(widths[1] == 4)
        #expect(widths[0] == 40 || widths[2] == TableLayout.minorMinimumWidth)
    }

    @Test func withoutFlexibleColumnsTheWidestFixedOneGivesWay() {
        let widths = TableLayout.fit(natural: [8, 40, 12], sizing: [.fixed, .fixed, .minor], available: 40)
        #expect(widths[0] == 8)
        #expect(widths[2] == TableLayout.minorMinimumWidth)
        #expect(TableLayout.total(widths) == 40)
    }

    @Test func theGroupsTableCutsWhoBeforeTheName() {
        let table = Table(
            columns: [TableColumn("NAME", flexible: true), TableColumn("WHO"), TableColumn("CITY"), TableColumn("KM", alignment: .right)],
            rows: [["London Swift Developers Meetup", "Swift enthusiasts and friends", "London", "1.2"]])
        let output = TableRenderer.render(table, width: 70, style: .plain, sizing: [.flexible, .minor, .fixed, .fixed])
        #expect(output == """
            NAME                            WHO                        CITY     KM
            London Swift Developers Meetup  Swift enthusiasts and fr…  London  1.2

            """)
        #expect(output.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 70 })
    }
}
