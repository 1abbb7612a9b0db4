#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How wide the terminal is: the one place that asks.
package enum TerminalWidth {
    /// The columns of the terminal on `descriptor`, else `$COLUMNS`, else 80. Asked afresh on every call
    /// so that a resized window is noticed.
    package static func columns(of descriptor: Int32) -> Int {
        if let columns = Platform.terminalColumns(of: descriptor) { return columns }
        if let value = getenv("COLUMNS"), let columns = Int(String(cString: value)), columns > 0 { return columns }
        return 80
    }
}
