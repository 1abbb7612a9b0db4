@testable import DemoAPIs
import Facade

/// The operations of the built-in APIs as the shell's commands call them, shortened for tests.
extension ServiceFacade {
    func twits() throws(FacadeError) -> Exchange {
        try perform(TwitAPI.self) { $0.timeline }
    }

    func user() throws(FacadeError) -> Exchange {
        try perform(TwitAPI.self) { $0.user }
    }

    func like(_ id: String) throws(FacadeError) -> Exchange {
        try perform(TwitAPI.self) { api throws(FacadeError) in try api.like(id) }
    }

    var lastTwits: [Twit] {
        (try? api(TwitAPI.self))?.api.lastTwits ?? []
    }

    func groupsNear(
        _ origin: Coordinate? = nil, radiusKm: Double = MeetupAPI.defaultRadiusKm, page: Int = MeetupAPI.defaultPageSize
    ) throws(FacadeError) -> Exchange {
        let origin = origin ?? location ?? MeetupAPI.defaultOrigin
        return try perform(MeetupAPI.self) { api throws(FacadeError) in try api.groups(near: origin, radiusKm: radiusKm, page: page) }
    }

    func nextGroups() throws(FacadeError) -> Exchange {
        try perform(MeetupAPI.self) { api throws(FacadeError) in try api.next() }
    }

    var hasNextGroups: Bool {
        (try? api(MeetupAPI.self))?.api.hasNextPage ?? false
    }
}
