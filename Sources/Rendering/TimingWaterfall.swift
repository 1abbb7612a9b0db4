import Facade
import HTTPClient
import HTTPTypes
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One request's phases as a one-line waterfall, as httpstat draws it: a bar whose parts are as long as
/// the phases took (DNS ░, connect ▒, TLS ▓, waiting for the first byte █, transfer ▆), then the numbers.
/// `timing ▕░▒██████████▆▆▏ dns 0.1 · connect 0.2 · tls – · wait 1.6 · transfer 0.4 = 2.3 ms`
package enum TimingWaterfall {
    /// The phases, each as a duration in seconds (curl's metrics are times since the start).
    struct Phases: Equatable {
        package let dns, connect, tls, wait, transfer: Double
    }

    static func phases(_ metrics: TransferMetrics) -> Phases {
        let connected = max(metrics.connect, metrics.dns)
        let secured = max(metrics.tls, connected)
        let firstByte = max(metrics.firstByte, secured)
        return Phases(
            dns: max(metrics.dns, 0), connect: max(connected - metrics.dns, 0),
            tls: metrics.tls > 0 ? max(metrics.tls - connected, 0) : 0,
            wait: max(firstByte - secured, 0), transfer: max(metrics.total - firstByte, 0))
    }

    static let barWidth = 20

    /// The bar: each phase that took time gets at least one cell, the rest shared by duration.
    static func bar(_ phases: Phases) -> String {
        let parts: [(Double, Character)] = [
            (phases.dns, "░"), (phases.connect, "▒"), (phases.tls, "▓"), (phases.wait, "█"), (phases.transfer, "▆"),
        ]
        let total = parts.reduce(0) { $0 + $1.0 }
        guard total > 0 else { return "▕" + String(repeating: " ", count: barWidth) + "▏" }
        var cells = parts.map { $0.0 > 0 ? max(1, Int(($0.0 / total * Double(barWidth)).rounded())) : 0 }
        // Rounding may overshoot or fall short: the longest phase absorbs the difference.
        if let longest = cells.indices.max(by: { cells[$0] < cells[$1] }) {
            cells[longest] = max(1, cells[longest] + barWidth - cells.reduce(0, +))
        }
        return "▕" + zip(cells, parts).map { String(repeating: $1.1, count: max($0, 0)) }.joined() + "▏"
    }

    package static func line(_ metrics: TransferMetrics) -> String {
        let phases = phases(metrics)
        func ms(_ seconds: Double) -> String { seconds > 0 ? Formatting.decimal(seconds * 1000, places: 1) : "–" }
        let numbers = "dns \(ms(phases.dns)) · connect \(ms(phases.connect)) · tls \(ms(phases.tls)) · "
            + "wait \(ms(phases.wait)) · transfer \(ms(phases.transfer)) = \(Formatting.decimal(metrics.total * 1000, places: 1)) ms"
        return "timing " + bar(phases) + " " + numbers + (metrics.reusedConnection ? " (reused connection)" : "")
    }
}
