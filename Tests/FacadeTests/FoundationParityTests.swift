import Foundation
import Testing
@testable import Facade
import FoundationFree
@testable import HTTPClient
@testable import HTTPTypes

/// Facade's stand-ins for Foundation calls (which would link CoreFoundation into apish) against them.
@Suite struct FoundationParityTests {
    static let texts = ["", "a b", "/pets/{id}", "x?y=1&z=2#frag", "%20 ok", "é/ü", "😀", "a;b", "~user", "[::1]", "\"'<>\\^`|"]

    @Test func percentEncodingMatchesAddingPercentEncoding() {
        var path = CharacterSet.urlPathAllowed
        path.insert("%")
        var reference = CharacterSet.urlQueryAllowed
        reference.insert(charactersIn: "#%")
        for text in Self.texts + [String((32...126).map { Character(UnicodeScalar(UInt8($0))) })] {
            #expect(PercentEncoding.encode(text, keeping: { PercentEncoding.isURLPathAllowed($0) || $0 == 0x25 })
                    == text.addingPercentEncoding(withAllowedCharacters: path))
            #expect(PercentEncoding.encode(text, keeping: { PercentEncoding.isURLQueryAllowed($0) || $0 == 0x23 || $0 == 0x25 })
                    == text.addingPercentEncoding(withAllowedCharacters: reference))
        }
    }

    @Test func strictDecodingMatchesRemovingPercentEncoding() {
        for text in ["", "a", "%41", "%4", "%zz", "%", "a%2", "%C3%A9", "%c3%a9", "%FF", "%00x", "a+b", "%25%32%30", "é%20"] {
            #expect(PercentEncoding.strictDecode(text) == text.removingPercentEncoding, "\(text)")
        }
    }

    @Test func httpDateMatchesDateFormatter() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.timeZone = TimeZone(identifier: "UTC")
        day.dateFormat = "yyyy-MM-dd"
        let inputs = [
            "Wed, 30 Jun 2027 23:59:59 GMT", " Wed, 30 Jun 2027 23:59:59 GMT ", "Mon, 30 Jun 2027 23:59:59 GMT",
            "Wed, 31 Jun 2027 00:00:00 GMT", "Sat, 29 Feb 2028 12:00:00 GMT", "Sat, 29 Feb 2027 12:00:00 GMT",
            "Wed, 1 Jan 2025 00:00:00 GMT", "wed, 01 jan 2025 00:00:00 gmt", "Wed, 01 Jan 2025 00:00:00 UTC",
            "Wed, 01 Jan 2025 24:00:00 GMT", "Wed, 01 Jan 2025 00:00:60 GMT", "Wed, 01 Jan 2025 00:00 GMT",
            "Wed 01 Jan 2025 00:00:00 GMT", "2027-06-30", "true", "", "Wed, 01 Foo 2025 00:00:00 GMT",
            "Fri, 15 Oct 1582 00:00:00 GMT", "Tue, 29 Feb 1500 00:00:00 GMT", "Sun, 06 Nov 1994 08:49:37 GMT",
        ]
        for input in inputs {
            let expected = formatter.date(from: input.trimmingCharacters(in: .whitespaces)).map { day.string(from: $0) }
            #expect(Deprecation.httpDate(input) == expected, "\(input)")
        }
    }

    @Test func headerDateMatchesDateFormatter() {
        #expect(Deprecation.headerDate("@1798675200") == "2026-12-31")
        #expect(Deprecation.headerDate(" @0 ") == "1970-01-01")
        #expect(Deprecation.headerDate("@-1") == "1969-12-31")
        #expect(Deprecation.headerDate("true") == nil)
    }
}
