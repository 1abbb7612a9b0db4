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

/// Great-circle distance on a spherical Earth (haversine); plenty for "nearest groups first".
enum GeoDistance {
    static let earthRadiusKilometres = 6371.0

    static func kilometres(fromLat lat1: Double, lon lon1: Double, toLat lat2: Double, lon lon2: Double) -> Double {
        let radians = Double.pi / 180
        let deltaLat = (lat2 - lat1) * radians
        let deltaLon = (lon2 - lon1) * radians
        let a = sin(deltaLat / 2) * sin(deltaLat / 2)
            + cos(lat1 * radians) * cos(lat2 * radians) * sin(deltaLon / 2) * sin(deltaLon / 2)
        return 2 * earthRadiusKilometres * asin(min(1, a.squareRoot()))
    }
}
