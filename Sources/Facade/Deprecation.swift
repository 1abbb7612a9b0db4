import Foundation

/// Deprecation notices: from the locator entry (`deprecated`, `sunset`) and from the response's
/// `Deprecation` (RFC 9745, `@<epoch seconds>` or `true`) and `Sunset` (RFC 8594, HTTP date) headers.
public enum Deprecation {
    public static func warnings(entry: LocatorEntry?, headers: HTTPHeaders?) -> [String] {
        var warnings: [String] = []
        if let entry, entry.isDeprecated {
            warnings.append("\(entry.key) is deprecated" + (entry.sunset.map { "; sunset \($0)" } ?? ""))
        }
        if let headers {
            let label = entry.map { "\($0.key)" } ?? "this resource"
            if let value = headers["Deprecation"] {
                let since = headerDate(value).map { " since \($0)" } ?? ""
                let sunset = headers["Sunset"].map { "; sunset \(httpDate($0) ?? $0)" } ?? ""
                warnings.append("server says \(label) is deprecated\(since)\(sunset)")
            } else if let sunset = headers["Sunset"] {
                warnings.append("server says \(label) sunsets \(httpDate(sunset) ?? sunset)")
            }
        }
        return warnings
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
