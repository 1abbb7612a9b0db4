import Foundation

/// Deprecation notices: from the locator entry (`deprecated`, `sunset`) and from the response's
/// `Deprecation` (RFC 9745, `@<epoch seconds>` or `true`) and `Sunset` (RFC 8594, HTTP date) headers.
public enum Deprecation {
    /// At most one line, merging what the locator and the server say, e.g.
    /// `weather v1 is deprecated; sunset 2027-06-30; latest is v3` or
    /// `server says weather v2 is deprecated since 2026-12-31; sunset 2027-06-30`.
    /// `latest` adds the way out when it is higher than the entry's version.
    public static func warnings(entry: LocatorEntry?, headers: HTTPHeaders?, latest: ServiceVersion? = nil) -> [String] {
        let server = headers.flatMap(ServerNotice.init)
        let listed = entry?.isDeprecated ?? false
        guard listed || server != nil else { return [] }
        let label = entry.map { "\($0.key)" } ?? "this resource"
        let since = server?.since.map { " since \($0)" } ?? ""
        var sunset = entry?.sunset ?? server?.sunset
        var text: String
        if listed {
            text = "\(label) is deprecated" + (server == nil ? "" : " (locator and server)") + since
        } else if let server, server.deprecated {
            text = "server says \(label) is deprecated" + since
        } else {
            text = "server says \(label) sunsets \(server?.sunset ?? "soon")"
            sunset = nil
        }
        if let sunset { text += "; sunset \(sunset)" }
        if let entry, let latest, latest > entry.version { text += "; latest is \(latest)" }
        return [text]
    }

    /// What the server's `Deprecation` / `Sunset` headers say, for `services` notes:
    /// `deprecated since 2026-12-31, sunset 2027-06-30`; nil when neither header is there.
    public static func serverNote(_ headers: HTTPHeaders) -> String? {
        guard let notice = ServerNotice(headers) else { return nil }
        var parts: [String] = []
        if notice.deprecated { parts.append("deprecated" + (notice.since.map { " since \($0)" } ?? "")) }
        if let sunset = notice.sunset { parts.append("sunset \(sunset)") }
        return parts.joined(separator: ", ")
    }

    /// The two headers, read.
    private struct ServerNotice {
        let deprecated: Bool
        let since: String?
        let sunset: String?

        init?(_ headers: HTTPHeaders) {
            let deprecation = headers["Deprecation"]
            let sunset = headers["Sunset"]
            guard deprecation != nil || sunset != nil else { return nil }
            // RFC 9745 allows only a date; `false` from older drafts means "not deprecated".
            deprecated = deprecation.map { $0.trimmingCharacters(in: .whitespaces).lowercased() != "false" } ?? false
            since = deprecation.flatMap(Deprecation.headerDate)
            self.sunset = sunset.map { Deprecation.httpDate($0) ?? $0 }
            if !deprecated && self.sunset == nil { return nil }
        }
    }

    /// `@1798675200` → `2026-12-31`; `true`/other text kept as is (nil when it carries no date).
    static func headerDate(_ value: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("@"), let seconds = Double(trimmed.dropFirst()) else { return nil }
        return isoDay(Date(timeIntervalSince1970: seconds))
    }

    /// An IMF-fixdate (`Wed, 30 Jun 2027 23:59:59 GMT`) → `2027-06-30`.
    static func httpDate(_ value: String) -> String? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value.trimmingCharacters(in: .whitespaces)).map(isoDay)
    }

    private static func isoDay(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }
}
