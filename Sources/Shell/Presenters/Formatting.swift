#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// Number formats of the seed app's cells, fixed to the C locale so output is the same everywhere.
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
        return (value > 0 ? "+" : "") + (fixed(value, tenths: false) ?? printf("%.2f", value)) + "%"
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
        fixed(value, tenths: true) ?? printf("%.1f", value)
    }

    /// `value` with one decimal (`tenths`) or two, as `printf` rounds it (the exact binary value, half to
    /// even), made from integers; nil when the value is too large or so near a tie that only `printf`'s
    /// exact arithmetic can tell (then the caller asks it). A table formats thousands of these.
    static func fixed(_ value: Double, tenths: Bool) -> String? {
        let scale: Double = tenths ? 10 : 100
        let scaled = (value * scale).magnitude
        guard value.isFinite, scaled < 1e15 else { return nil }
        let fraction = scaled - scaled.rounded(.towardZero)
        guard abs(fraction - 0.5) > 1e-6 else { return nil }
        let units = Int64(scaled.rounded())
        let divisor: Int64 = tenths ? 10 : 100
        let decimals = String(units % divisor)
        let padded = tenths || decimals.count == 2 ? decimals : "0" + decimals
        return (value.sign == .minus ? "-" : "") + String(units / divisor) + "." + padded
    }

    /// One number through C's `printf` format (always the C locale here): what `String(format:)` gives,
    /// without Foundation's formatter, which costs microseconds a call (a table formats thousands).
    static func printf(_ format: StaticString, _ value: Double) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            let length = withVaList([value]) { arguments in
                format.withUTF8Buffer { format in
                    format.withMemoryRebound(to: CChar.self) { vsnprintf(buffer.baseAddress, 64, $0.baseAddress, arguments) }
                }
            }
            guard length >= 0 else { return String(value) }
            // A longer result (a value near 1e300) was cut; Swift's own spelling says the same.
            guard length < 64 else { return String(value) }
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(length)), as: UTF8.self)
        }
    }
}
