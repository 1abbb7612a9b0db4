#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
import JSON

/// A request typed by hand: `post twit/like/t01 Authorization:"Bearer x"`, `get weather city==Boston`,
/// `put /items/3 name=eye tags:='["a"]'`.
///
/// Items follow httpie: `name=value` form field · `name:=json` JSON field · `name==value` query
/// parameter · `Header:value` header · `name=@file.txt` a text file as a string field · `name:=@file.json`
/// a JSON file as a field · `@FILE` the file as the whole body. Form fields alone make a form-urlencoded
/// body; any `:=` item, or a `Content-Type:` item naming JSON, makes a JSON object body holding
/// every field (form values as strings). A value that really starts with `@` is written `\@`.
///
/// Uploads: `name@FILE` is a file part (`name@photo.png;type=image/webp` names its type), which makes the
/// body `multipart/form-data`, as `multipart` (`--form`) or a multipart `Content-Type:` item do; then
/// every `name=value` is a text part, and `name=@FILE` a file part too.
public struct RawRequest: Sendable {
    /// Bytes sent as the whole body: a file's (`< FILE`, `@FILE`) or a heredoc's.
    public struct BodyBytes: Sendable, Equatable {
        public let data: Data
        /// The file they came from (its extension may name the content type); nil for a heredoc.
        public let fileName: String?

        public init(data: Data, fileName: String?) {
            self.data = data
            self.fileName = fileName
        }
    }

    /// Reads the file an item names (`@FILE`, `name=@FILE`), bounded, or says why it cannot.
    public typealias FileReader = (String) throws(RequestItemError) -> Data

    /// Where the request goes.
    public enum Target: Sendable, Equatable {
        /// `weather` or `twit/user`: the service's active version URL plus the path.
        case service(name: String, path: String)
        /// `/user`: the current service's URL plus the path.
        case relative(String)
        /// `https://…`.
        case url(String)

        public init(_ text: String) {
            // `ftp://…` is a URL too (refused by the transport with a clear word), not a service named `ftp:`.
            if LocatorLocation.isWeb(text) || LocatorLocation.looksLikeURL(text) {
                self = .url(text)
            } else if text.hasPrefix("/") {
                self = .relative(text)
            } else if let slash = text.firstIndex(where: { $0 == "/" || $0 == "?" }) {
                // `weather?city=Boston` is the service with a query, as `weather/?city=Boston` is.
                self = .service(name: String(text[..<slash]), path: String(text[slash...]))
            } else {
                self = .service(name: text, path: "")
            }
        }

        var path: String {
            switch self {
            case .service(_, let path), .relative(let path): path
            case .url: "/"
            }
        }
    }

    public let method: HTTPMethod
    public let target: Target
    public private(set) var query: [FormField] = []
    public private(set) var headers: [FormField] = []
    public private(set) var fields: [(name: String, value: JSONValue, isJSON: Bool)] = []
    /// `name@FILE` items: the files sent as parts of a multipart body.
    public private(set) var uploads: [MultipartPart] = []
    /// The files of `name=@FILE` fields, by field name: in a multipart body each is a file part.
    public private(set) var fieldFiles: [String: MultipartPart] = [:]
    /// `--form`: the fields make a `multipart/form-data` body.
    public var multipart = false
    /// The whole body, when a file or a heredoc gives it instead of fields.
    public private(set) var bodyBytes: BodyBytes?

    /// Parses the items; a malformed one is an error naming it. `body` is a body given beside the items
    /// (`< FILE`, a heredoc); `readFile` reads the files items name (without it, such an item is an error).
    public init(
        method: HTTPMethod, target: String, items: [String], body: BodyBytes? = nil, readFile: FileReader? = nil,
        multipart: Bool = false
    ) throws(RequestItemError) {
        guard !target.isEmpty else { throw .invalidTarget("missing target: SERVICE[/path], /path or a URL") }
        self.method = method
        self.target = Target(target)
        self.multipart = multipart
        bodyBytes = body
        for item in items {
            try add(item, readFile: readFile)
        }
        if bodyBytes != nil, let name = fields.first?.name ?? uploads.first?.name {
            throw .invalidItem("'\(name)' is a field, but the body comes whole from a file or a heredoc: send one or the other")
        }
    }

    /// The path after `@`, when a value names a file (`@body.json`; `\@x` is the text `@x`).
    private static func fileReference(_ value: String) -> String? {
        value.hasPrefix("@") && value.count > 1 ? String(value.dropFirst()) : nil
    }

    /// A value as typed, with a leading `\@` standing for a literal `@`.
    private static func literal(_ value: String) -> String {
        value.hasPrefix("\\@") ? String(value.dropFirst()) : value
    }

    private static func read(_ path: String, with readFile: FileReader?) throws(RequestItemError) -> Data {
        guard let readFile else { throw .invalidItem("@\(path): a file can be sent only by get, post, put, patch and delete") }
        return try readFile(path)
    }

    private mutating func add(_ item: String, readFile: FileReader?) throws(RequestItemError) {
        if let path = Self.fileReference(item) {
            guard bodyBytes == nil else { throw .invalidItem("@\(path): the request already has a body (one of @FILE, < FILE, <<WORD)") }
            bodyBytes = BodyBytes(data: try Self.read(path, with: readFile), fileName: path)
            return
        }
        guard let (name, separator, value) = RequestItemSyntax.split(item) else {
            throw .invalidItem("bad item '\(item)': use name=value, name:=json, name==value or Header:value")
        }
        switch separator {
        case .file:
            // `name@FILE` or `name@FILE;type=TYPE`.
            var path = value
            var type: String?
            if let marker = value.literalRange(of: ";type=") {
                path = String(value[..<marker.lowerBound])
                type = String(value[marker.upperBound...]).trimmingWhitespace()
            }
            guard !path.isEmpty, type?.isEmpty != true else { throw .invalidItem("bad file item '\(item)': use name@FILE or name@FILE;type=TYPE") }
            // The type is written into the part's head as it is: a CR or LF there would start a header of its own.
            if let type, type.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                throw .invalidItem("bad file item for '\(name)': its ;type= holds a control character (CR, LF, tab, …); a media type is one line of printable text")
            }
            uploads.append(MultipartPart(name: name, file: path, data: try Self.read(path, with: readFile), type: type))
        case .query:
            query.append(FormField(name: name, value: value))
        case .json:
            if let path = Self.fileReference(value) {
                let data = try Self.read(path, with: readFile)
                do {
                    fields.append((name, try JSONValue.parse(data), true))
                } catch {
                    throw .invalidItem("bad JSON in \(path) ('\(name):=@'): \(error.description)")
                }
                return
            }
            do {
                fields.append((name, try JSONValue.parse(value), true))
            } catch {
                throw .invalidItem("bad JSON in '\(name):=': \(error.description)")
            }
        case .field:
            if let path = Self.fileReference(value) {
                let data = try Self.read(path, with: readFile)
                fieldFiles[name] = MultipartPart(name: name, file: path, data: data)
                guard let text = String(data: data, encoding: .utf8) else {
                    // Binary goes only as a file part (`name@FILE`, or `name=@FILE` in a multipart body).
                    guard multipart else {
                        throw .invalidItem("\(path) is not UTF-8 text ('\(name)=@'); send it whole with @\(path), or as a file with \(name)@\(path)")
                    }
                    fields.append((name, .string(""), false))
                    return
                }
                fields.append((name, .string(text), false))
                return
            }
            fields.append((name, .string(Self.literal(value)), false))
        case .header:
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw .invalidItem("bad header name '\(name)'")
            }
            headers.append(FormField(name: name, value: value.trimmingWhitespace()))
        }
    }

    /// The body the fields make.
    package func body() throws(RequestItemError) -> HTTPBody {
        // The last `Content-Type:` item wins, as the header it sets does.
        let declared = headers.last { $0.name.lowercased() == "content-type" }?.value
        if let bodyBytes {
            let type = declared ?? BodyMediaType.of(bodyBytes.data, fileName: bodyBytes.fileName)
            if let path = bodyBytes.fileName { return .file(bodyBytes.data, contentType: type, path: path) }
            return .raw(bodyBytes.data, contentType: type)
        }
        if isMultipart {
            return .multipart(parts)
        }
        guard !fields.isEmpty else { return .none }
        if fields.contains(where: \.isJSON) || declared.map(BodyMediaType.isJSON) == true {
            let object = JSONObject(fields.map { ($0.name, $0.value) })
            return .json(Data(JSONValue.object(object).encoded().utf8))
        }
        return .form(fields.map { FormField(name: $0.name, value: $0.value.stringValue ?? "") })
    }

    /// Whether the body is `multipart/form-data`: `--form`, a `name@FILE` item, or a multipart
    /// `Content-Type:` item.
    package var isMultipart: Bool {
        let declared = headers.last { $0.name.lowercased() == "content-type" }?.value.lowercased()
        return multipart || !uploads.isEmpty || declared?.hasPrefix("multipart/") == true
    }

    /// The parts: the fields in the order typed (a `name=@FILE` as its file, JSON as its text), then the files.
    package var parts: [MultipartPart] {
        fields.map { field in
            if let file = fieldFiles[field.name] { return file }
            let text = field.isJSON ? field.value.encoded() : (field.value.stringValue ?? field.value.encoded())
            return MultipartPart(name: field.name, value: text)
        } + uploads
    }
}
