import Facade
import Testing
@testable import Shell
import HTTPClient
import HTTPTypes
@testable import Rendering

@Suite struct TimingWaterfallTests {
    @Test func phasesAreDurationsBetweenCurlsCumulativeTimes() {
        let metrics = TransferMetrics(dns: 0.001, connect: 0.003, tls: 0.007, firstByte: 0.017, total: 0.020)
        let phases = TimingWaterfall.phases(metrics)
        #expect(abs(phases.dns - 0.001) < 1e-9)
        #expect(abs(phases.connect - 0.002) < 1e-9)
        #expect(abs(phases.tls - 0.004) < 1e-9)
        #expect(abs(phases.wait - 0.010) < 1e-9)
        #expect(abs(phases.transfer - 0.003) < 1e-9)
    }

    @Test func theBarIsAsLongAsItsPhasesSayAndAlwaysTheSameWidth() {
        let metrics = TransferMetrics(dns: 0.001, connect: 0.003, tls: 0.007, firstByte: 0.017, total: 0.020)
        let bar = TimingWaterfall.bar(TimingWaterfall.phases(metrics))
        #expect(bar.count == TimingWaterfall.barWidth + 2)
        #expect(bar.filter { $0 == "█" }.count == 10)
        #expect(bar.hasPrefix("▕░▒▒▓▓▓▓█"))
        // a reused plain-HTTP connection: no DNS, connect or TLS cells
        let reused = TimingWaterfall.bar(TimingWaterfall.phases(TransferMetrics(firstByte: 0.002, total: 0.004, reusedConnection: true)))
        #expect(!reused.contains("░") && !reused.contains("▒") && !reused.contains("▓"))
        #expect(reused.count == TimingWaterfall.barWidth + 2)
    }

    @Test func theLineNamesEveryPhaseAndTheTotal() {
        let line = TimingWaterfall.line(TransferMetrics(dns: 0.0001, connect: 0.0003, firstByte: 0.0019, total: 0.0023))
        #expect(line.hasPrefix("timing ▕"))
        #expect(line.hasSuffix("dns 0.1 · connect 0.2 · tls – · wait 1.6 · transfer 0.4 = 2.3 ms"))
    }
}
