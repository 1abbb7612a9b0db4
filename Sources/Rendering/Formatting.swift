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

/// Number formats of labelled rows and tables (money, percentages, degrees, distances), fixed to the C locale
/// so that output is the same everywhere.
public enum Formatting {
    /// `530.12` → `$530.12`; `1530` → `$1,530.00`; negatives as `-$3.50`.
    public static func currency(_ value: Double, symbol: String = "$") -> String {
        // Beyond ~9e16 cents no longer fit an Int64; such a value is shown as the number it is.
        guard value.isFinite, abs(value) < 9e13 else { return symbol + String(value) }
        let cents = Int64((abs(value) * 100).rounded())
        let whole = String(cents / 100)
        var grouped = ""
        for (index, digit) in whole.reversed().enumerated() {
            if index > 0 && index % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        let fraction = (cents % 100 < 10 ? "0" : "") + String(cents % 100)
        return (value < 0 && cents != 0 ? "-" : "") + symbol + String(grouped.reversed()) + "." + fraction
    }

    /// `-2.92` → `-2.92%`, `1.5` → `+1.50%`.
    public static func percent(_ value: Double) -> String {
        guard value.isFinite else { return String(value) + "%" }
        return (value > 0 ? "+" : "") + decimal(value, places: 2) + "%"
    }

    /// `63` → `63`, `63.5` → `63.5`: integers without a fraction, others shortest.
    public static func number(_ value: Double) -> String {
        if value.isFinite, value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// `63` → `63°F`.
    public static func fahrenheit(_ value: Double) -> String {
        number(value) + "°F"
    }

    /// Kilometres with one decimal: `3.2`.
    public static func kilometres(_ value: Double) -> String {
        decimal(value, places: 1)
    }

    /// `value` with `places` decimals (1 to 3), as C's `printf("%.Nf")` writes it (always the C locale
    /// here). Made from integers where that is exact, else by `printf` itself.
    package static func decimal(_ value: Double, places: Int) -> String {
        if let text = fixed(value, places: places) { return text }
        switch places {
        case ...1: return printf("%.1f", value)
        case 2: return printf("%.2f", value)
        default: return printf("%.3f", value)
        }
    }

    /// `value` with `places` decimals (1 to 3), as `printf` rounds it (the exact binary value, half to
    /// even), made from integers; nil when the value is too large or so near a tie that only `printf`'s
    /// exact arithmetic can tell. A table formats thousands of these; `printf` through a `va_list` costs
    /// more than the rest of a cell.
    static func fixed(_ value: Double, places: Int) -> String? {
        let places = min(max(places, 1), 3)
        let divisor: Int64 = places == 1 ? 10 : places == 2 ? 100 : 1000
        let scaled = (value * Double(divisor)).magnitude
        guard value.isFinite, scaled < 1e15 else { return nil }
        let fraction = scaled - scaled.rounded(.towardZero)
        guard abs(fraction - 0.5) > 1e-6 else { return nil }
        let units = Int64(scaled.rounded())
        let decimals = String(units % divisor)
        let padded = String(repeating: "0", count: places - decimals.count) + decimals
        return (value.sign == .minus ? "-" : "") + String(units / divisor) + "." + padded
    }

    /// One number through C's `printf` format (always the C locale here): what `String(format:)` gives,
    /// without Foundation's formatter, which costs microseconds a call (a table formats thousands).
    package static func printf(_ format: StaticString, _ value: Double) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            let length = withVaList([value]) { arguments in
                format.withUTF8Buffer { format in
                    format.withMemoryRebound(to: CChar.self) { vsnprintf(buffer.baseAddress, 64, $0.baseAddress, arguments) }
                }
            }
            // A result longer than the buffer (a value beyond ~1e60) is written as Swift spells it.
            guard length >= 0, length < 64 else { return String(value) }
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(length)), as: UTF8.self)
        }
    }
}
