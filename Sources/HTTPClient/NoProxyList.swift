/// The hosts no proxy is used for, read as curl (7.86 and later) reads `no_proxy`: names and addresses
/// separated by commas or spaces; `*` for every host; a name matches itself and every name under it
/// (`example.com` and `.example.com` both match `api.example.com`), in any case, a final dot ignored; an
/// address matches itself, or with `/bits` every address of that network (`10.0.0.0/8`, `fd00::/8`).
struct NoProxyList: Sendable, Equatable {
    private let entries: [String]
    private let matchesEveryHost: Bool

    init(_ text: String) {
        entries = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map { entry in
            var name = entry.lowercased()
            if name.hasPrefix("[") , let close = name.firstIndex(of: "]") {
                // `[::1]` or `[fd00::]/8`: the brackets of an IPv6 literal go.
                name = String(name[name.index(after: name.startIndex)..<close]) + String(name[name.index(after: close)...])
            }
            if name.hasPrefix(".") { name.removeFirst() }
            if name.hasSuffix(".") { name.removeLast() }
            return name
        }.filter { !$0.isEmpty }
        matchesEveryHost = entries.contains("*")
    }

    /// Whether `host` (as a URL gives it: lower-cased, an IPv6 literal in brackets) goes without a proxy.
    func contains(_ host: String) -> Bool {
        if matchesEveryHost { return true }
        guard !entries.isEmpty else { return false }
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix(".") { name.removeLast() }
        if let address = IPAddress(name) {
            return entries.contains { Self.network($0).map { address.sharesPrefix(with: $0.address, bits: $0.bits) } ?? false }
        }
        return entries.contains { name == $0 || name.hasSuffix("." + $0) }
    }

    /// `10.0.0.0/8` → the address and its prefix length; an address alone is a network of one.
    private static func network(_ entry: String) -> (address: IPAddress, bits: Int)? {
        let parts = entry.split(separator: "/", maxSplits: 1)
        guard let address = IPAddress(String(parts[0])) else { return nil }
        let all = address.bytes.count * 8
        guard parts.count == 2 else { return (address, all) }
        guard let bits = Int(parts[1]), bits >= 0, bits <= all else { return nil }
        return (address, bits)
    }
}
