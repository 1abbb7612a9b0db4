#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSON
import FoundationFree

/// The `Content-Type` of a body sent from a file or a heredoc when no `Content-Type:` item names one:
/// JSON when the bytes parse as JSON, else what the file's extension says, else octet-stream (text/plain
/// for a heredoc, which is typed text).
public enum BodyMediaType {
    public static func of(_ data: Data, fileName: String?) -> String {
        if !data.isEmpty, (try? JSONDocument.parse(data)) != nil { return "application/json" }
        guard let fileName else {
            return String(data: data, encoding: .utf8) != nil ? "text/plain; charset=utf-8" : "application/octet-stream"
        }
        return of(extension: fileName)
    }

    /// What a file's extension says its type is, else octet-stream.
    public static func of(extension fileName: String) -> String {
        let name = fileName.split(separator: "/").last.map(String.init) ?? fileName
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "application/octet-stream" }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    /// Whether a content type is JSON: `application/json`, or any `…+json` (`application/vnd.api+json`).
    public static func isJSON(_ contentType: String) -> Bool {
        let type = (contentType.split(separator: ";").first.map(String.init) ?? contentType).trimmingWhitespace().lowercased()
        return type == "application/json" || type.hasSuffix("+json")
    }

    private static let byExtension: [String: String] = [
        "json": "application/json", "jsonld": "application/ld+json",
        "ndjson": "application/x-ndjson", "jsonl": "application/x-ndjson",
        "txt": "text/plain; charset=utf-8", "text": "text/plain; charset=utf-8", "md": "text/markdown; charset=utf-8",
        "csv": "text/csv", "tsv": "text/tab-separated-values",
        "html": "text/html", "htm": "text/html", "xml": "application/xml", "css": "text/css", "js": "text/javascript",
        "yaml": "application/yaml", "yml": "application/yaml",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml", "ico": "image/x-icon",
        "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip", "tar": "application/x-tar",
        "wasm": "application/wasm", "bin": "application/octet-stream",
        "mp3": "audio/mpeg", "wav": "audio/wav", "m4a": "audio/mp4", "ogg": "audio/ogg", "flac": "audio/flac",
        "webm": "video/webm", "mp4": "video/mp4", "mpeg": "video/mpeg",
    ]
}
