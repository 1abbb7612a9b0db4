import FoundationFree
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue {
    /// Parses a complete JSON document (RFC 8259, strictly: no trailing commas, comments, leading zeros,
    /// byte order mark, invalid UTF-8 or unpaired surrogates; at most 512 levels of nesting).
    /// A tripped `cancellation` stops the parse with an error whose `isCancellation` is true.
    public static func parse(_ data: Data, cancellation: CancellationToken? = nil) throws(JSONParseError) -> JSONValue {
        try JSONDocument.parse(data, cancellation: cancellation).value
    }

    /// Parses a complete JSON document from text; see `parse(_: Data)`.
    public static func parse(_ string: String) throws(JSONParseError) -> JSONValue {
        try parse(Data(string.utf8))
    }
}
