import Foundation

/// Number formatting for the results table: few digits, since timings on a shared machine drift.
enum Formatting {
    /// 3 significant-ish digits: `1234`, `56.7`, `8.91`, `0.42`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        let magnitude = abs(value)
        let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2
        return String(format: "%.\(decimals)f", value)
    }

    /// How `other` compares with `ours` where bigger is better (throughput): `(25x slower)`.
    static func speedRatio(ours: Double, other: Double) -> String {
        ratio(ours / other, worse: "slower", better: "faster")
    }

    /// How `other` compares with `ours` where smaller is better (memory): `(3.1x more)`.
    static func sizeRatio(ours: Double, other: Double) -> String {
        ratio(other / ours, worse: "more", better: "less")
    }

    private static func ratio(_ factor: Double, worse: String, better: String) -> String {
        guard factor.isFinite, factor > 0 else { return "(—)" }
        return factor >= 1 ? "(\(number(factor))x \(worse))" : "(\(number(1 / factor))x \(better))"
    }

    static func mebibytes(kibibytes: Int) -> String {
        number(Double(kibibytes) / 1024) + " MiB"
    }

    static func milliseconds(_ seconds: Double) -> String {
        number(seconds * 1000) + " ms"
    }

    /// A table row: a fixed-width label, then the cells separated by middle dots.
    static func row(_ label: String, _ cells: [String]) -> String {
        label.padding(toLength: 13, withPad: " ", startingAt: 0) + cells.joined(separator: " · ")
    }
}
