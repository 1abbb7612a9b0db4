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
