import FoundationFree

/// Whether `condition` comes to hold within `seconds`, asked again every `interval` seconds: what a test
/// waits on instead of sleeping a fixed time. The default deadline is generous, for a loaded machine; a
/// condition that holds returns at once, so a passing test never waits it out.
package func eventually(within seconds: Double = 30, every interval: Double = 0.02, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while true {
        if try condition() { return true }
        guard ContinuousClock.now < deadline else { return false }
        Threads.sleep(seconds: interval)
    }
}
