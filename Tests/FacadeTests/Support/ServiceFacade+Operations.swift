@testable import DemoAPIs
@testable import Facade

/// The operations of the built-in APIs as the shell's commands call them, shortened for tests.
extension ServiceFacade {
    func twits() throws(FacadeError) -> Exchange {
        try requests.perform(TwitAPI.self) { $0.timeline }
    }

    func user() throws(FacadeError) -> Exchange {
        try requests.perform(TwitAPI.self) { $0.user }
    }

    func like(_ id: String) throws(FacadeError) -> Exchange {
        try requests.perform(TwitAPI.self) { api throws(FacadeError) in try api.like(id) }
    }

    var lastTwits: [Twit] {
        (try? workspace.api(TwitAPI.self))?.api.lastTwits ?? []
    }

    func groupsNear(
        _ origin: Coordinate? = nil, radiusKm: Double = MeetupAPI.defaultRadiusKm, page: Int = MeetupAPI.defaultPageSize
    ) throws(FacadeError) -> Exchange {
        let origin = origin ?? workspace.location ?? MeetupAPI.defaultOrigin
        return try requests.perform(MeetupAPI.self) { api throws(FacadeError) in try api.groups(near: origin, radiusKm: radiusKm, page: page) }
    }

    func nextGroups() throws(FacadeError) -> Exchange {
        try requests.perform(MeetupAPI.self) { api throws(FacadeError) in try api.next() }
    }

    var hasNextGroups: Bool {
        (try? workspace.api(MeetupAPI.self))?.api.hasNextPage ?? false
    }
}
