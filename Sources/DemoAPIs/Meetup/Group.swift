import Facade
import Shell
import HTTPClient
import HTTPTypes
import FoundationFree
import JSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Meetup group: only `name` is required; the rest is shown when present.
public struct Group: Decodable, Sendable, Equatable {
    public let id: Int?
    public let name: String
    public let who: String?
    public let city: String?
    public let country: String?
    public let lat: Double?
    public let lon: Double?
    public let members: Int?
    public let rating: Double?
    public let link: String?
    public let urlname: String?
}

/// The paging block of a Meetup answer.
public struct GroupsMeta: Decodable, Sendable, Equatable {
    public let count: Int?
    public let totalCount: Int?
    /// The next page's URL; empty or missing on the last page.
    public let next: String?

    enum CodingKeys: String, CodingKey {
        case count, totalCount = "total_count", next
    }
}

/// One page of groups near a place.
public struct GroupsPage: Decodable, Sendable, Equatable {
    public let results: [Group]
    public let meta: GroupsMeta

    /// The next page's URL, if there is one.
    public var nextURL: String? {
        guard let next = meta.next, !next.isEmpty else { return nil }
        return next
    }

    /// Where the search was made from, for distances (not part of the answer).
    public internal(set) var origin: Coordinate?

    enum CodingKeys: String, CodingKey {
        case results, meta
    }

    /// The distance of a group from the place searched, in km, when both are known.
    public func distance(of group: Group) -> Double? {
        guard let origin, let lat = group.lat, let lon = group.lon else { return nil }
        return origin.distance(to: Coordinate(latitude: lat, longitude: lon))
    }
}
