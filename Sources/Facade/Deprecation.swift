import JSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
import HTTPClient
import HTTPTypes

/// Deprecation notices: from the locator entry (`deprecated`, `sunset`) and from the response's
/// `Deprecation` (RFC 9745, `@<epoch seconds>` or `true`) and `Sunset` (RFC 8594, HTTP date) headers.
public enum Deprecation {
    /// At most one line, merging what the locator and the server say, e.g.
    /// `weather v1 is deprecated; sunset 2027-06-30; latest is v3` or
    /// `server says weather v2 is deprecated since 2026-12-31; sunset 2027-06-30`.
    /// `latest` adds the way out when it is higher than the entry's version; it is looked up only for a
    /// deprecated entry or answer (every request asks, and few are).
    public static func warnings(entry: LocatorEntry?, headers: HTTPHeaders?, latest: @autoclosure () -> ServiceVersion? = nil) -> [String] {
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
        if let entry, let latest = latest(), latest > entry.version { text += "; latest is \(latest)" }
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
            deprecated = deprecation.map { $0.trimmingWhitespace().lowercased() != "false" } ?? false
            since = deprecation.flatMap(Deprecation.headerDate)
            self.sunset = sunset.map { Deprecation.httpDate($0) ?? $0 }
            if !deprecated && self.sunset == nil { return nil }
        }
    }

    /// `@1798675200` → `2026-12-31`; `true`/other text kept as is (nil when it carries no date).
    static func headerDate(_ value: String) -> String? {
        let trimmed = value.trimmingWhitespace()
        guard trimmed.hasPrefix("@"), let seconds = Double(trimmed.dropFirst()) else { return nil }
        return CivilTime.isoDay(secondsSince1970: seconds)
    }

    /// An IMF-fixdate (`Wed, 30 Jun 2027 23:59:59 GMT`) → `2027-06-30`, read as `DateFormatter` read
    /// `EEE, dd MMM yyyy HH:mm:ss zzz` (en_US_POSIX): any weekday name, a real date and time, GMT or UTC;
    /// before 1582-10-15 the date is Julian, as ICU counts it.
    static func httpDate(_ value: String) -> String? {
        let fields = value.trimmingWhitespace().split(separator: " ", omittingEmptySubsequences: false)
        // The comma may be left out, as ICU's lenient reading allows.
        guard fields.count == 6, weekdays.contains(fields[0].hasSuffix(",") ? fields[0].dropLast().lowercased() : fields[0].lowercased()),
              let day = number(fields[1], digits: 1...2),
              let month = months.firstIndex(of: fields[2].lowercased()).map({ $0 + 1 }),
              let year = number(fields[3], digits: 1...4), year > 0,
              ["gmt", "utc"].contains(fields[5].lowercased()) else { return nil }
        let time = fields[4].split(separator: ":", omittingEmptySubsequences: false)
        guard time.count == 3, let hour = number(time[0], digits: 1...2), let minute = number(time[1], digits: 1...2),
              let second = number(time[2], digits: 1...2), hour < 24, minute < 60, second < 60 else { return nil }
        let days = CivilTime.days(year: year, month: month, day: day)
        guard (1...31).contains(day), CivilTime.civil(days: days) == (year, month, day) else { return nil }
        return CivilTime.isoDay(secondsSince1970: Double(days) * 86_400)
    }

    private static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func number(_ text: Substring, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }
}
