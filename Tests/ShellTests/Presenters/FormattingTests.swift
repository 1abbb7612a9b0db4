import Foundation
import Testing
@testable import Shell
@testable import Rendering

/// The number formats made from integers agree with C's printf (what `String(format:)` gives) everywhere,
/// ties and near-ties included.
@Suite struct FormattingTests {
    /// Values of every kind: whole, ties in decimal (0.05, 0.25, 1.15 — not ties in binary, or exact ones),
    /// negatives and negative zero, tiny and large, and a seeded spread.
    private static var values: [Double] {
        var values: [Double] = [0, -0.0, 0.05, 0.15, 0.25, 0.35, 1.15, 2.5, -2.5, 0.125, 1.005, 2.675, -0.04, -0.05,
                                9.95, 99.95, 12_345.678, -1e-9, 1e14, 5e14 + 0.25, 123.45, 0.045, 3.14159]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let mantissa = Double(state >> 11) / Double(1 << 53)
            let exponent = Int(state % 9) - 3
            values.append((mantissa - 0.3) * pow(10, Double(exponent)))
            // Numbers with two or three decimals, where ties in decimal are common.
            values.append(Double(Int64(state % 200_000) - 100_000) / 1000)
        }
        return values
    }

    @Test func kilometresAreWhatPrintfWrites() {
        var mismatches: [String] = []
        for value in Self.values where Formatting.kilometres(value) != String(format: "%.1f", value) {
            mismatches.append("\(value): \(Formatting.kilometres(value)) vs \(String(format: "%.1f", value))")
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func percentagesAreWhatPrintfWrites() {
        var mismatches: [String] = []
        for value in Self.values {
            let expected = (value > 0 ? "+" : "") + String(format: "%.2f%%", value)
            if Formatting.percent(value) != expected { mismatches.append("\(value): \(Formatting.percent(value)) vs \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func threePlacesAreWhatPrintfWrites() {
        var mismatches: [String] = []
        for value in Self.values where Formatting.decimal(value, places: 3) != String(format: "%.3f", value) {
            mismatches.append("\(value): \(Formatting.decimal(value, places: 3)) vs \(String(format: "%.3f", value))")
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func theIntegerPathIsTakenAndNearTiesAreLeftToPrintf() {
        #expect(Formatting.fixed(3.14159, places: 1) == "3.1")
        #expect(Formatting.fixed(-0.04, places: 1) == "-0.0")
        #expect(Formatting.fixed(0.5, places: 2) == "0.50")
        #expect(Formatting.fixed(0.07, places: 2) == "0.07")
        #expect(Formatting.fixed(2.0005, places: 3) == nil)
        #expect(Formatting.fixed(0.004, places: 3) == "0.004")
        // 0.25 is a tie in binary too: printf rounds it to even, so the integer path steps aside.
        #expect(Formatting.fixed(0.25, places: 1) == nil)
        #expect(Formatting.fixed(.infinity, places: 1) == nil)
    }
}
