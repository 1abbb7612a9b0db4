#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One part of a `multipart/form-data` body: a text field (`name=value`) or a file (`name@FILE`), with
/// the file's name and media type. libcurl's MIME API writes the boundary and the encoding.
public struct MultipartPart: Sendable, Equatable {
    public let name: String
    public let data: Data
    /// The file's name as sent (`filename="note.txt"`); nil for a text field.
    public let fileName: String?
    /// The part's media type: given with `;type=`, else guessed from the file's extension; nil for text.
    public let contentType: String?
    /// The file as the user named it, for the `curl` export (`-F file=@PATH`).
    public let path: String?

    /// A text field.
    public init(name: String, value: String) {
        self.name = name
        data = Data(value.utf8)
        fileName = nil
        contentType = nil
        path = nil
    }

    /// A file, read already (bounded as every file an item names); its type from `type` or its extension.
    public init(name: String, file path: String, data: Data, type: String? = nil) {
        self.name = name
        self.data = data
        self.path = path
        fileName = path.split(separator: "/").last.map(String.init) ?? path
        contentType = type ?? BodyMediaType.of(extension: path)
    }

    public var isFile: Bool { fileName != nil }

    /// `name=value`, or `file@note.txt (text/plain; charset=utf-8, 12 bytes)`: what `verbose` shows.
    public var summary: String {
        guard let fileName else { return name + "=" + String(decoding: data, as: UTF8.self) }
        return "\(name)@\(fileName) (\(contentType ?? "application/octet-stream"), \(data.count) bytes)"
    }
}
