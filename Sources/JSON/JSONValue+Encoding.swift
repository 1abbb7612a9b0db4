#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue {
    /// JSON text for this value.
    ///
    /// Compact by default (`{"a":1,"b":[true,null]}`); `pretty` puts one member or element per line with
    /// a 2-space indent and `"key": value`. `sortedKeys` orders members by key instead of document order.
    /// Strings escape only `"`, `\` and control characters (`\n` `\t` `\r` `\b` `\f`, others `\u00XX`),
    /// plus U+2028 and U+2029 (`\u2028`, `\u2029`), which line-splitting readers take for line ends;
    /// `/` and other non-ASCII stay as they are. Numbers are written with their original text.
    public func encoded(pretty: Bool = false, sortedKeys: Bool = false) -> String {
        var writer = JSONWriter(pretty: pretty, sortedKeys: sortedKeys)
        writer.write(self, indent: 0)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// UTF-8 JSON bytes for this value; see `encoded(pretty:sortedKeys:)`.
    public func encodedData(pretty: Bool = false, sortedKeys: Bool = false) -> Data {
        var writer = JSONWriter(pretty: pretty, sortedKeys: sortedKeys)
        writer.write(self, indent: 0)
        return Data(writer.bytes)
    }
}
