import Foundation

extension JSONValue {
    /// Parses a complete JSON document (RFC 8259, strictly: no trailing commas, comments, leading zeros,
    /// byte order mark, invalid UTF-8 or unpaired surrogates; at most 512 levels of nesting).
    /// A tripped `cancellation` stops the parse with an error whose `isCancellation` is true.
    public static func parse(_ data: Data, cancellation: CancellationToken? = nil) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> = data.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) -> JSONValue in try JSONParser.parse(buffer, cancellation: cancellation) }
        }
        return try result.get()
    }

    /// Parses a complete JSON document from text; see `parse(_: Data)`.
    public static func parse(_ string: String) throws(JSONParseError) -> JSONValue {
        var string = string
        let result: Result<JSONValue, JSONParseError> = string.withUTF8 { buffer in
            Result { () throws(JSONParseError) -> JSONValue in try JSONParser.parse(UnsafeRawBufferPointer(buffer)) }
        }
        return try result.get()
    }
}
