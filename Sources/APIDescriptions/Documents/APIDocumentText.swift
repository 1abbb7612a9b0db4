import FoundationFree
import JSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The text of an API document (a locator, an OpenAPI or Swagger document, a schema) read as JSON or
/// YAML, told apart by content rather than by name: a document whose first non-blank character is `{` or
/// `[` is JSON, and a broken one gets the JSON parser's error; anything else is YAML. Both give the same
/// `JSONValue`, so what reads the document never knows which it was.
public enum APIDocumentText {
    public static func parse(_ data: Data, cancellation: CancellationToken? = nil) throws(APIDocumentTextError) -> JSONValue {
        if looksLikeJSON(data) {
            do {
                return try JSONValue.parse(data, cancellation: cancellation)
            } catch {
                throw .json(error)
            }
        }
        do {
            return try YAMLReader.read(data, cancellation: cancellation)
        } catch {
            throw .yaml(error)
        }
    }

    /// Whether the first character after blanks (spaces, tabs, line breaks, a UTF-8 byte order mark) opens
    /// a JSON object or array.
    public static func looksLikeJSON(_ data: Data) -> Bool {
        for (offset, byte) in data.enumerated() {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case 0xEF where offset < 3, 0xBB where offset < 3, 0xBF where offset < 3: continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): return true
            default: return false
            }
        }
        return false
    }
}

/// Why a document's text could not be read: the JSON or the YAML parser's complaint, with its line and column.
public enum APIDocumentTextError: Error, Sendable, Hashable, CustomStringConvertible {
    case json(JSONParseError)
    case yaml(YAMLError)

    public var description: String {
        switch self {
        case .json(let error): error.description
        case .yaml(let error): error.description
        }
    }

    /// The read was stopped by Ctrl-C, not by bad input.
    public var isCancellation: Bool {
        switch self {
        case .json(let error): error.isCancellation
        case .yaml(let error): error.isCancellation
        }
    }
}
