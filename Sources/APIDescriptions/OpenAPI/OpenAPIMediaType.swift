import JSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree

/// Which media types of a `content` map apish reads: JSON (`application/json`, `…+json`) and forms.
enum OpenAPIMediaType {
    /// `application/json; charset=utf-8` → `application/json`.
    static func essence(_ mediaType: String) -> String {
        let plain = mediaType.utf8.allSatisfy { byte in
            byte != UInt8(ascii: ";") && byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t")
                && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
        if plain { return mediaType }
        let type = mediaType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? mediaType
        return type.trimmingWhitespace().lowercased()
    }

    static func isJSON(_ mediaType: String) -> Bool {
        let type = essence(mediaType)
        return type == "application/json" || type.hasSuffix("+json")
    }

    static func isForm(_ mediaType: String) -> Bool {
        essence(mediaType) == "application/x-www-form-urlencoded"
    }

    /// The media type to read a schema from: `application/json` first, then any `…+json`, then (when
    /// `allowingForm`) a form, url-encoded or multipart.
    static func preferred(in mediaTypes: [String], allowingForm: Bool) -> String? {
        mediaTypes.first { essence($0) == "application/json" }
            ?? mediaTypes.first(where: isJSON)
            ?? (allowingForm ? mediaTypes.first(where: isForm) ?? mediaTypes.first { essence($0) == "multipart/form-data" } : nil)
    }
}
