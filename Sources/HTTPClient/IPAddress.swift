#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address, as bytes (4 or 16), read the way libcurl and the resolver read them.
struct IPAddress: Equatable {
    let bytes: [UInt8]

    /// Nil when `text` is not an address (a host name). An IPv6 zone (`%eth0`) is ignored.
    init?(_ text: String) {
        if text.contains(":") {
            let withoutZone = text.split(separator: "%", maxSplits: 1).first.map(String.init) ?? text
            var address = in6_addr()
            guard inet_pton(AF_INET6, withoutZone, &address) == 1 else { return nil }
            bytes = withUnsafeBytes(of: &address) { Array($0) }
        } else {
            // inet_aton reads the short and numeric forms (`127.1`, `2130706433`, `0x7f000001`) as libcurl does;
            // a name with letters in it is no address.
            guard let first = text.utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9"),
                  text.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: " ") }) else { return nil }
            var address = in_addr()
            guard inet_aton(text, &address) != 0 else { return nil }
            bytes = withUnsafeBytes(of: &address.s_addr) { Array($0) }
        }
    }

    /// The IPv4 address inside an IPv4-mapped IPv6 one (`::ffff:a.b.c.d`), else self.
    var unmapped: [UInt8] {
        guard bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF else { return bytes }
        return Array(bytes[12...])
    }

    var isLoopback: Bool {
        let address = unmapped
        if address.count == 4 { return address[0] == 127 || address.allSatisfy { $0 == 0 } }
        return address.dropLast().allSatisfy { $0 == 0 } && (address[15] == 1 || address[15] == 0)
    }

    /// Whether the first `bits` bits of both addresses are the same (both of one family).
    func sharesPrefix(with other: IPAddress, bits: Int) -> Bool {
        guard bytes.count == other.bytes.count, bits >= 0, bits <= bytes.count * 8 else { return false }
        for index in 0..<(bits / 8) where bytes[index] != other.bytes[index] { return false }
        let rest = bits % 8
        guard rest > 0 else { return true }
        let mask = UInt8(0xFF) << (8 - rest)
        return bytes[bits / 8] & mask == other.bytes[bits / 8] & mask
    }
}
