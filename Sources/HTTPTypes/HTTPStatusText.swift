import JSON
/// Reason phrases for the statuses people meet.
public enum HTTPStatusText {
    /// `HTTP 404 Not Found`, or just `HTTP 418` when the status has no known phrase — never a trailing space.
    public static func line(_ status: Int) -> String {
        let phrase = reason(status)
        return phrase.isEmpty ? "HTTP \(status)" : "HTTP \(status) \(phrase)"
    }

    /// The reason phrase, or "" for a status without a known one.
    public static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: ""
        }
    }
}
