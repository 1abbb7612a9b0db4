import JSON
#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// A Meetup group (seed 004): only `name` is required; the rest is shown when present.
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

/// A point on Earth.
public struct Coordinate: Sendable, Equatable {
    public let latitude: Double
    public let longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether the values are a real latitude and longitude.
    public var isValid: Bool {
        (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }

    /// Great-circle distance in km (haversine).
    public func distance(to other: Coordinate) -> Double {
        let radians = Double.pi / 180
        let deltaLatitude = (other.latitude - latitude) * radians
        let deltaLongitude = (other.longitude - longitude) * radians
        let a = sin(deltaLatitude / 2) * sin(deltaLatitude / 2)
            + cos(latitude * radians) * cos(other.latitude * radians) * sin(deltaLongitude / 2) * sin(deltaLongitude / 2)
        return 6371.0 * 2 * atan2(sqrt(a), sqrt(1 - a))
    }
}
