import APIDescriptions
import HTTPClient
import HTTPTypes
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where an OpenAPI document sends requests, judged against where it came from: a document fetched from
/// one origin whose servers name another can point `call` (and the credentials sent with it) anywhere, and
/// a link-local or cloud metadata address (`169.254.169.254`, `fe80::…`, `100.100.100.200`,
/// `metadata.google.internal`) is never an API's home. One warning per document, for the locate warnings.
enum ServerTargetCheck {
    /// How many other origins the warning names before it counts the rest.
    static let shownTargets = 3

    /// The warning for a document read from `address`, or nil when its servers stay at home.
    static func warning(for document: OpenAPIDocument, from address: String) -> String? {
        var targets: [String] = []
        var seen = Set<String>()
        func consider(_ url: String?) {
            guard let url, let resolved = LocatorLocation.resolve(url, against: address), LocatorLocation.isWeb(resolved),
                  let origin = origin(of: resolved), seen.insert(origin).inserted
            else { return }
            targets.append(origin)
        }
        consider(document.serverURL)
        for server in document.servers { consider(server.url()) }
        for operation in document.operations {
            for server in operation.servers { consider(server.url()) }
        }
        let sensitive = targets.filter(isSensitive)
        if !sensitive.isEmpty {
            return "\(address): its servers send requests to a link-local or cloud metadata address: " + listed(sensitive)
        }
        guard LocatorLocation.isWeb(address), let home = origin(of: address) else { return nil }
        let elsewhere = targets.filter { $0 != home }
        guard !elsewhere.isEmpty else { return nil }
        return "\(address): its servers send requests to another origin than \(home): " + listed(elsewhere)
    }

    /// One warning per server the reader left out of a document from the web for not being http(s)
    /// (`OpenAPIDocument.refusedServers`), naming where it was written.
    static func refusals(in document: OpenAPIDocument, from address: String) -> [String] {
        document.refusedServers.map { refused in
            "\(address): \(refused.place) is \(refused.url), not an http(s) URL: refused, "
                + "a document from the web sends no request to this machine"
        }
    }

    private static func listed(_ origins: [String]) -> String {
        let shown = origins.prefix(shownTargets).joined(separator: ", ")
        return origins.count > shownTargets ? shown + " and \(origins.count - shownTargets) more" : shown
    }

    /// `scheme://host[:port]`, lower-cased, the default port left out.
    static func origin(of url: String) -> String? {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(), let host = parts.host?.lowercased(),
              !host.isEmpty
        else { return nil }
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let defaultPort = scheme == "https" ? 443 : 80
        let port = parts.port.map { $0 == defaultPort ? "" : ":\($0)" } ?? ""
        return "\(scheme)://\(shownHost)\(port)"
    }

    /// Link-local IPv4 (169.254.0.0/16) and IPv6 (fe80::/10), and the metadata services of the clouds that
    /// answer elsewhere (Alibaba's 100.100.100.200, AWS's fd00:ec2::254, Google's metadata names).
    static func isSensitive(_ origin: String) -> Bool {
        guard let parts = URLComponents(string: origin), var host = parts.host?.lowercased() else { return false }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix(".") { host.removeLast() }
        if ["metadata.google.internal", "metadata", "100.100.100.200", "fd00:ec2::254"].contains(host) { return true }
        if host.hasPrefix("::ffff:") { host.removeFirst(7) }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        if octets.count == 4, octets.allSatisfy({ UInt8($0) != nil }), octets[0] == "169", octets[1] == "254" { return true }
        // One number is an IPv4 address too, to curl as to browsers (`http://2852039166/`).
        if let number = UInt32(host), number >> 16 == 0xA9FE { return true }
        // fe80::/10: the first 16 bits are fe80 through febf.
        if host.contains(":"), let first = host.split(separator: ":", omittingEmptySubsequences: false).first,
           let word = UInt16(first, radix: 16), first.count == 4, word & 0xFFC0 == 0xFE80 {
            return true
        }
        return false
    }
}
