/// Reason phrases and body rules for the status codes the server sends.
package enum HTTPStatus {
    package static func reasonPhrase(for status: Int) -> String {
        switch status {
        case 100: return "Continue"
        case 200: return "OK"
        case 201: return "Created"
        case 202: return "Accepted"
        case 204: return "No Content"
        case 206: return "Partial Content"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 303: return "See Other"
        case 304: return "Not Modified"
        case 307: return "Temporary Redirect"
        case 308: return "Permanent Redirect"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 406: return "Not Acceptable"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 410: return "Gone"
        case 411: return "Length Required"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 418: return "I'm a teapot"
        case 422: return "Unprocessable Content"
        case 429: return "Too Many Requests"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        case 505: return "HTTP Version Not Supported"
        case 507: return "Insufficient Storage"
        default:
            switch status / 100 {
            case 2: return "Success"
            case 3: return "Redirection"
            case 4: return "Client Error"
            default: return "Server Error"
            }
        }
    }

    /// 204 and 304 never carry a body (nor a Content-Length, for 204).
    package static func allowsBody(_ status: Int) -> Bool {
        status != 204 && status != 304 && status >= 200
    }
}
