#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
import JSON
import HTTPClient

/// A request typed by hand: `post twit/like/t01 Authorization:"Bearer x"`, `get weather city==Boston`,
/// `put /items/3 name=eye tags:='["a"]'`.
///
/// Items follow httpie: `name=value` form field · `name:=json` JSON field · `name==value` query
/// parameter · `Header:value` header. Form fields alone make a form-urlencoded body (seed 002); any
/// `:=` item makes a JSON object body holding every field (form values as strings).
public struct RawRequest: Sendable {
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

    /// Parses the items; a malformed one is an error naming it.
    public init(method: HTTPMethod, target: String, items: [String]) throws(RequestItemError) {
        guard !target.isEmpty else { throw .invalidTarget("missing target: SERVICE[/path], /path or a URL") }
        self.method = method
        self.target = Target(target)
        for item in items {
            try add(item)
        }
    }

    private mutating func add(_ item: String) throws(RequestItemError) {
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
            do {
                fields.append((name, try JSONValue.parse(value), true))
            } catch {
                throw .invalidItem("bad JSON in '\(name):=': \(error.description)")
            }
        case "=":
            fields.append((name, .string(value), false))
        default:
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw .invalidItem("bad header name '\(name)'")
            }
            headers.append(FormField(name: name, value: value.trimmingWhitespace()))
        }
    }

    /// The body the fields make.
    package func body() throws(RequestItemError) -> HTTPBody {
        guard !fields.isEmpty else { return .none }
        if fields.contains(where: \.isJSON) {
            let object = JSONObject(fields.map { ($0.name, $0.value) })
            return .json(Data(JSONValue.object(object).encoded().utf8))
        }
        return .form(fields.map { FormField(name: $0.name, value: $0.value.stringValue ?? "") })
    }
}
