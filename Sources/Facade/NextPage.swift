import JSON
import HTTPClient
import HTTPTypes

/// Where the page after a response is, as APIs say it: a `Link: <…>; rel="next"` header (RFC 8288; GitHub
/// and many more), else a URL the body names at one of the usual places. Either is resolved against the
/// URL that answered, so a relative one (Twilio's `next_page_uri`) works.
public enum NextPage {
    /// The body members that name a next page, in the order they are tried.
    static let bodyPaths: [[String]] = [
        ["next"], ["next_page_uri"], ["meta", "next"], ["links", "next"], ["@odata.nextLink"],
    ]

    /// The paths as a user reads them: `next, next_page_uri, meta.next, links.next, @odata.nextLink`.
    public static var bodyPathNames: String {
        bodyPaths.map { $0.joined(separator: ".") }.joined(separator: ", ")
    }

    /// Where the next page came from: the header or a body member.
    public enum Source: Sendable, Equatable, CustomStringConvertible {
        case linkHeader
        case body(String)

        public var description: String {
            switch self {
            case .linkHeader: #"Link rel="next""#
            case .body(let path): path
            }
        }
    }

    /// The absolute URL of the next page, or nil when the response names none.
    public static func find(headers: HTTPHeaders, body: JSONValue?, base: String) -> (url: String, source: Source)? {
        if let target = WebLink.target(relation: "next", in: headers.values(for: "Link")),
           let url = URLReference.resolve(target, against: base) {
            return (url, .linkHeader)
        }
        guard let body else { return nil }
        for path in bodyPaths {
            var value: JSONValue? = body
            for key in path { value = value?[key] }
            // JSON:API and HAL write a link as an object with `href`.
            let text = value?.stringValue ?? value?["href"]?.stringValue
            guard let text, looksLikeURL(text), let url = URLReference.resolve(text, against: base) else { continue }
            return (url, .body(path.joined(separator: ".")))
        }
        return nil
    }

    /// A URL or a path, not a cursor token (`"next": "eyJ…"` is for the API's own `cursor=` parameter). Any
    /// `scheme://` counts, so that `file:///etc/passwd` is found, and refused for its scheme, rather than missed.
    private static func looksLikeURL(_ text: String) -> Bool {
        LocatorLocation.looksLikeURL(text) || text.hasPrefix("/") || text.hasPrefix("?")
            || text.hasPrefix("./") || text.hasPrefix("../")
    }
}
