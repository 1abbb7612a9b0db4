#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Moves the built-in prices a little with the clock. The same instant always gives the same price, so
/// the demo looks live while staying reproducible: within ±1.2 % of the base over a five-minute cycle,
/// each symbol with its own phase.
enum StockTicker {
    static func movedPrice(_ base: Double, symbol: String, at time: Double) -> Double {
        let seed = symbol.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF }
        let phase = Double(seed % 628) / 100
        return base * (1 + 0.012 * sin(2 * Double.pi * time / 300 + phase))
    }

    /// A v2 quote whose prices are rounded to cents first, so `percentageChange` agrees with the prices
    /// the client sees.
    static func v2Record(symbol: String, name: String, openingPrice: Double, currentPrice: Double) -> JSONValue {
        let opening = (openingPrice * 100).rounded() / 100
        let current = (currentPrice * 100).rounded() / 100
        let change = opening == 0 ? 0 : (current - opening) / opening * 100
        return .object([
            ("symbol", .string(symbol)),
            ("name", .string(name)),
            ("openingPrice", .twoDecimals(opening)),
            ("currentPrice", .twoDecimals(current)),
            ("percentageChange", .twoDecimals(change)),
        ])
    }
}
