import Foundation

/// Reads this process's resident memory from `/proc/self/status` (Linux only; `nil` elsewhere).
///
/// The peak (`VmHWM`) is reset through `/proc/self/clear_refs` before a measurement, so what was
/// allocated to prepare the input does not hide the growth caused by the code under test.
enum MemoryProbe {
    /// Resets the high-water mark to the current RSS; false when the kernel does not allow it.
    @discardableResult
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Data("5".utf8))
            return true
        } catch {
            return false
        }
    }

    /// Current resident set size in KiB.
    static var residentKiB: Int? { field("VmRSS") }

    /// Highest resident set size in KiB since start or the last `resetPeak()`.
    static var peakKiB: Int? { field("VmHWM") }

    private static func field(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.dropFirst(name.count + 1).filter(\.isNumber)
            return Int(digits)
        }
        return nil
    }
}
