#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationFree

/// Whether a URL's host is this machine, which no request reaches through a proxy: `localhost` (and
/// `*.localhost`), every IPv4 address of 127.0.0.0/8 however it is written (`127.1`, `2130706433`, `0x7f.1`,
/// as libcurl reads them too), `0.0.0.0`, `::1`, `::` and the IPv4-mapped loopback (`::ffff:127.0.0.1`).
enum LoopbackHost {
    /// `host` as a URL gives it (an IPv6 literal with or without its brackets, percent-escapes allowed).
    static func contains(_ host: String) -> Bool {
        var name = PercentEncoding.strictDecode(host) ?? host
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix(".") { name.removeLast() }
        let lowered = name.lowercased()
        if lowered == "localhost" || lowered.hasSuffix(".localhost") { return true }
        if let address = IPAddress(lowered) { return address.isLoopback }
        return false
    }
}
