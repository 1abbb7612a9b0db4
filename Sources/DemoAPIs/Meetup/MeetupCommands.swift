import Declarations
import Shell
import HTTPClient
import HTTPTypes
import FoundationFree
import Facade
import JSON
import Rendering

/// `groups near [LAT LON] [radius=KM] [page=N]` and `groups next`.
struct GroupsCommand: Command {
    let name = "groups"
    let abstract = "Meetup groups near a place, nearest first; next pages (needs: auth key key=VALUE)"
    var signature: CommandSignature {
        CommandSignature([
            ArgumentForm(["near"], [Self.latitude, Self.longitude], options: Self.searchOptions,
                         help: "the groups near a place (else near the location set)"),
            ArgumentForm(["near"], options: Self.searchOptions),
            ArgumentForm(["next"], help: "the next page of the last search"),
        ])
    }
    let details = ["auth key key=demo-key meetup", "groups near 37.5665 126.978 radius=10 page=5", "groups next"]

    static let latitude = TypedPositional<Double>("LAT", help: "latitude in degrees")
    static let longitude = TypedPositional<Double>("LON", help: "longitude in degrees")
    static let radius = TypedOption<Double>.assignment("radius", "KM", help: "how far to search, in km")
    static let page = TypedOption<Int>.assignment("page", "N", help: "how many groups a page holds")
    private static let searchOptions: [any OptionDeclaring] = [radius, page]

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let facade = context.session.facade
        if arguments.subcommand == "next" {
            var report = try context.request("groups next") { token throws(FacadeError) in
                try facade.requests.perform(MeetupAPI.self, cancellation: token) { api throws(FacadeError) in try api.next() }
            }
            if report.ok { report.notes.append(pagingNote(facade)) }
            return report
        }
        let (origin, radius, page) = try Self.search(arguments, facade: facade)
        var report = try context.request("groups near") { token throws(FacadeError) in
            try facade.requests.perform(MeetupAPI.self, cancellation: token) { api throws(FacadeError) in
                try api.groups(near: origin, radiusKm: radius, page: page)
            }
        }
        if report.ok { report.notes.append(pagingNote(facade)) }
        if case .requestError(401, _)? = report.exchange?.outcome {
            report.error = (report.error ?? "") + "; try: auth key key=VALUE meetup"
        }
        return report
    }
}

extension GroupsCommand {
    /// `groups near`'s place, radius and page size, as typed or by default.
    static func search(_ arguments: ParsedArguments, facade: ServiceFacade) throws(CommandError) -> (Coordinate, Double, Int) {
        let radius = arguments[Self.radius] ?? MeetupAPI.defaultRadiusKm
        let page = arguments[Self.page] ?? MeetupAPI.defaultPageSize
        let given = arguments[Self.latitude].flatMap { latitude in
            arguments[Self.longitude].map { Coordinate(latitude: latitude, longitude: $0) }
        }
        return (given ?? facade.workspace.location ?? MeetupAPI.defaultOrigin, radius, page)
    }

    /// The page `groups near` or `groups next` fetches, as the definition builds it.
    func requestIntent(_ arguments: ParsedArguments, session: Session) -> RequestIntent {
        if arguments.subcommand == "next" {
            return .endpoint(of: MeetupAPI.self, session: session) { api throws(FacadeError) in try api.next() }
        }
        guard let (origin, radius, page) = try? Self.search(arguments, facade: session.facade) else { return .none }
        return .endpoint(of: MeetupAPI.self, session: session) { api throws(FacadeError) in
            try api.groups(near: origin, radiusKm: radius, page: page)
        }
    }
}

/// Whether another page follows the one just shown.
private func pagingNote(_ facade: ServiceFacade) -> String {
    let more = (try? facade.workspace.api(MeetupAPI.self))?.api.hasNextPage ?? false
    return more ? "more: groups next" : "(last page)"
}

/// `location [LAT LON]`.
struct LocationCommand: Command {
    let name = "location"
    let abstract = "Show or set where groups near searches"
    var signature: CommandSignature {
        CommandSignature([ArgumentForm([GroupsCommand.latitude, GroupsCommand.longitude], help: "set where groups near searches"), ArgumentForm()])
    }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let facade = context.session.facade
        if let latitude = arguments[GroupsCommand.latitude], let longitude = arguments[GroupsCommand.longitude] {
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            guard coordinate.isValid else { throw CommandError("location: latitude must be within ±90 and longitude within ±180") }
            facade.workspace.setLocation(coordinate)
        }
        let location = facade.workspace.location ?? MeetupAPI.defaultOrigin
        var report = RunResult(lines: [Self.line(setting: location)])
        report.data = .object(JSONObject([("lat", .number(JSONNumber(location.latitude) ?? 0)), ("lon", .number(JSONNumber(location.longitude) ?? 0))]))
        return report
    }

    /// `location LAT LON`: what is shown, and what a recording replays to set the place again.
    static func line(setting location: Coordinate) -> String {
        "location \(Formatting.number(location.latitude)) \(Formatting.number(location.longitude))"
    }
}
