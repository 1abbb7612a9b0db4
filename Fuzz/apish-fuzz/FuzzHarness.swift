import Foundation
import Synchronization
import ShellCommandLine
#if canImport(Glibc)
import Glibc
import TestSupport
#endif

/// Runs targets under watch: every input is recorded before it runs, a watchdog thread ends the process
/// when no input finishes for `hangSeconds`, and resident memory is sampled against a bound.
struct FuzzHarness {
    struct Limits {
        /// Inputs to run, unless `seconds` is set: then as many as fit in that time.
        var iterations: Int?
        var seconds: Double?
        var hangSeconds: Double = 10
        /// Resident memory may not grow past the level after warm-up by more than this.
        var growthAllowance = 256 * 1024 * 1024
        /// Nor exceed this at all.
        var maximumResident = 2 * 1024 * 1024 * 1024
    }

    /// What one target's run did.
    struct Report {
        let target: String
        let inputs: Int
        let seconds: Double
        let residentAfterWarmUp: Int
        let residentPeak: Int
        let failure: String?
    }

    let recordDirectory: String
    let limits: Limits

    private static let progress = Atomic<Int>(0)
    private static let watchedInput = Mutex<String?>(nil)

    /// Starts the watchdog once per process.
    static func startWatchdog(hangSeconds: Double) {
        Thread.detachNewThread {
            var last = -1
            var stalledSince = Date()
            while true {
                Thread.sleep(forTimeInterval: 0.25)
                let now = progress.load(ordering: .relaxed)
                if now != last {
                    last = now
                    stalledSince = Date()
                } else if Date().timeIntervalSince(stalledSince) > hangSeconds, let input = watchedInput.withLock({ $0 }) {
                    FileHandle.standardError.write(Data("HANG: no input finished for \(hangSeconds) s; the input is in \(input)\n".utf8))
                    _exit(3)
                }
            }
        }
    }

    func run(_ target: inout some FuzzTarget, seed: UInt64) -> Report {
        let record = InputRecord(path: "\(recordDirectory)/\(target.name).input")
        Self.watchedInput.withLock { $0 = record.path }
        var random = SeededRandom(seed: seed)
        let started = Date()
        var inputs = 0
        var warmResident = 0
        var peak = Self.residentBytes()
        let warmUp = 20_000
        while true {
            if let seconds = limits.seconds {
                if Date().timeIntervalSince(started) >= seconds { break }
            } else if inputs >= limits.iterations ?? 0 {
                break
            }
            let input = target.generate(using: &random)
            record.store(input)
            do {
                try target.run(input)
            } catch {
                return Report(target: target.name, inputs: inputs + 1, seconds: Date().timeIntervalSince(started),
                              residentAfterWarmUp: warmResident, residentPeak: peak,
                              failure: "\(error.description)\n  input: \(printable(input))\n  saved in \(record.path)")
            }
            inputs += 1
            Self.progress.add(1, ordering: .relaxed)
            if inputs % 2_000 == 0 {
                let resident = Self.residentBytes()
                peak = max(peak, resident)
                if inputs == warmUp { warmResident = resident }
                let bound = warmResident > 0 ? min(warmResident + limits.growthAllowance, limits.maximumResident) : limits.maximumResident
                if resident > bound {
                    return Report(target: target.name, inputs: inputs, seconds: Date().timeIntervalSince(started),
                                  residentAfterWarmUp: warmResident, residentPeak: peak,
                                  failure: "resident memory \(resident >> 20) MiB is over the bound of \(bound >> 20) MiB")
                }
            }
        }
        if warmResident == 0 { warmResident = Self.residentBytes() }
        return Report(target: target.name, inputs: inputs, seconds: Date().timeIntervalSince(started),
                      residentAfterWarmUp: warmResident, residentPeak: max(peak, Self.residentBytes()), failure: nil)
    }

    /// Resident set size from /proc/self/statm (0 where there is no /proc).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Runs one input once (to replay a saved one).
    static func replay(_ target: inout some FuzzTarget, input: [UInt8]) -> String? {
        do {
            try target.run(input)
            return nil
        } catch {
            return error.description
        }
    }
}
