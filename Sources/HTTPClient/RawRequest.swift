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
            if LocatorLocation.isWeb(text) || URLSchemePolicy.looksLikeURL(text) {
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
    /// The whole body, when a file or a heredoc gives it instead of fields.
    public private(set) var bodyBytes: BodyBytes?

    /// Parses the items; a malformed one is an error naming it. `body` is a body given beside the items
    /// (`< FILE`, a heredoc); `readFile` reads the files items name (without it, such an item is an error).
    public init(
        method: HTTPMethod, target: String, items: [String], body: BodyBytes? = nil, readFile: FileReader? = nil
    ) throws(RequestItemError) {
        guard !target.isEmpty else { throw .invalidTarget("missing target: SERVICE[/path], /path or a URL") }
        self.method = method
        self.target = Target(target)
        bodyBytes = body
        for item in items {
            try add(item, readFile: readFile)
        }
        if bodyBytes != nil, let field = fields.first {
            throw .invalidItem("'\(field.name)' is a field, but the body comes whole from a file or a heredoc: send one or the other")
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
        // The earliest separator wins, so `a=b:c` is a field and `H:a=b` a header.
        let separators = [":=", "==", "=", ":"]
        var best: (range: Range<String.Index>, separator: String)?
        for separator in separators {
            guard let range = item.literalRange(of: separator) else { continue }
            if let current = best, current.range.lowerBound <= range.lowerBound { continue }
            best = (range, separator)
        }
        guard let (range, separator) = best, range.lowerBound != item.startIndex else {
            throw .invalidItem("bad item '\(item)': use name=value, name:=json, name==value or Header:value")
        }
        let name = String(item[..<range.lowerBound])
        let value = String(item[range.upperBound...])
        switch separator {
        case "==":
            query.append(FormField(name: name, value: value))
        case ":=":
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
        case "=":
            if let path = Self.fileReference(value) {
                guard let text = String(data: try Self.read(path, with: readFile), encoding: .utf8) else {
                    throw .invalidItem("\(path) is not UTF-8 text ('\(name)=@'); send it whole with @\(path)")
                }
                fields.append((name, .string(text), false))
                return
            }
            fields.append((name, .string(Self.literal(value)), false))
        default:
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
            return .raw(bodyBytes.data, contentType: declared ?? BodyMediaType.of(bodyBytes.data, fileName: bodyBytes.fileName))
        }
        guard !fields.isEmpty else { return .none }
        if fields.contains(where: \.isJSON) || declared.map(BodyMediaType.isJSON) == true {
            let object = JSONObject(fields.map { ($0.name, $0.value) })
            return .json(Data(JSONValue.object(object).encoded().utf8))
        }
        return .form(fields.map { FormField(name: $0.name, value: $0.value.stringValue ?? "") })
    }
}
