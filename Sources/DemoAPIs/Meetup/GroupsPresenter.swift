import Shell
import HTTPClient
import HTTPTypes
import JSON
import FoundationFree
import Facade
import Rendering

/// A page of Meetup groups as a table, with the distance from the place searched in km.
enum GroupsPresenter {
    static func present(_ page: GroupsPage) -> Presentation {
        .table(Table(
            columns: [
                TableColumn("NAME", flexible: true), TableColumn("WHO", sizing: .minor), TableColumn("CITY"), TableColumn("COUNTRY"),
                TableColumn("KM", alignment: .right), TableColumn("MEMBERS", alignment: .right),
            ],
            rows: page.results.map { group in
                [group.name, group.who ?? "", group.city ?? "", group.country ?? "",
                 page.distance(of: group).map(Formatting.kilometres) ?? "", group.members.map(String.init) ?? ""]
            }))
    }
}
