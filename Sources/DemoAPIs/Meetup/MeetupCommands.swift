import Shell
import HTTPClient
import HTTPTypes
import FoundationFree
import Facade
import JSON

/// `groups near [LAT LON] [radius=KM] [page=N]` and `groups next`.
struct GroupsCommand: Command {
    let name = "groups"
    let abstract = "Meetup groups near a place, nearest first; next pages (needs: auth key key=VALUE)"
    let usage = "groups near [LAT LON] [radius=KM] [page=N] | groups next"
    let details = ["auth key key=demo-key meetup", "groups near 37.5665 126.978 radius=10 page=5", "groups next"]

    func complete(_ previous: [String], session: Session) -> [String] {
        previous.isEmpty ? ["near", "next"] : (previous.first == "near" ? ["radius=", "page="] : [])
    }

    func run(_ arguments: [String], in context: CommandContext) throws(CommandError) -> RunResult {
        let facade = context.session.facade
        switch arguments.first?.lowercased() {
        case "next"?:
            guard arguments.count == 1 else { throw .usage(self) }
            var report = try context.request("groups next") { token throws(FacadeError) in
                try facade.perform(MeetupAPI.self, cancellation: token) { api throws(FacadeError) in try api.next() }
            }
            if report.ok { report.notes.append(pagingNote(facade)) }
            return report
        case "near"?:
            var numbers: [Double] = []
            var radius = MeetupAPI.defaultRadiusKm
            var page = MeetupAPI.defaultPageSize
            for argument in arguments.dropFirst() {
                if argument.lowercased().hasPrefix("radius=") {
                    guard let value = Double(argument.dropFirst(7)) else { throw CommandError("groups: radius must be a number of km") }
                    radius = value
                } else if argument.lowercased().hasPrefix("page=") {
                    guard let value = Int(argument.dropFirst(5)) else { throw CommandError("groups: page must be a whole number") }
                    page = value
                } else if let value = Double(argument) {
                    numbers.append(value)
                } else {
                    throw CommandError("groups: '\(argument)' is not a number; usage: \(usage)")
                }
            }
            guard numbers.count == 0 || numbers.count == 2 else { throw CommandError("groups near takes both LAT and LON, or neither") }
            let given = numbers.count == 2 ? Coordinate(latitude: numbers[0], longitude: numbers[1]) : nil
            let origin = given ?? facade.location ?? MeetupAPI.defaultOrigin
            var report = try context.request("groups near") { token throws(FacadeError) in
                try facade.perform(MeetupAPI.self, cancellation: token) { api throws(FacadeError) in
                    try api.groups(near: origin, radiusKm: radius, page: page)
                }
            }
            if report.ok { report.notes.append(pagingNote(facade)) }
            if case .requestError(401, _)? = report.exchange?.outcome {
                report.error = (report.error ?? "") + "; try: auth key key=VALUE meetup"
            }
            return report
        default:
            throw .usage(self)
        }
    }
}

/// Whether another page follows the one just shown.
private func pagingNote(_ facade: ServiceFacade) -> String {
    let more = (try? facade.api(MeetupAPI.self))?.api.hasNextPage ?? false
    return more ? "more: groups next" : "(last page)"
}

/// `location [LAT LON]`.
struct LocationCommand: Command {
    let name = "location"
    let abstract = "Show or set where groups near searches"
    let usage = "location [LAT LON]"

    func run(_ arguments: [String], in context: CommandContext) throws(CommandError) -> RunResult {
        let facade = context.session.facade
        if !arguments.isEmpty {
            guard arguments.count == 2, let latitude = Double(arguments[0]), let longitude = Double(arguments[1]) else {
                throw .usage(self)
            }
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            guard coordinate.isValid else { throw CommandError("location: latitude must be within ±90 and longitude within ±180") }
            facade.location = coordinate
        }
        let location = facade.location ?? MeetupAPI.defaultOrigin
        var report = RunResult(lines: [Self.line(setting: location)])
        report.data = .object(JSONObject([("lat", .number(JSONNumber(location.latitude) ?? 0)), ("lon", .number(JSONNumber(location.longitude) ?? 0))]))
        return report
    }

    /// `location LAT LON`: what is shown, and what a recording replays to set the place again.
    static func line(setting location: Coordinate) -> String {
        "location \(Formatting.number(location.latitude)) \(Formatting.number(location.longitude))"
    }
}
