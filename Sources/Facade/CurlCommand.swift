import Foundation

/// A request as a runnable `curl` command line, secrets masked (`curl` command of the shell).
public enum CurlCommand {
    public static func render(_ request: HTTPRequest, redactor: Redactor) -> String {
        var parts = ["curl"]
        if request.method != .get || !request.body.isEmpty {
            parts += ["-X", request.method.rawValue]
        }
        parts.append(quote(redactor.redact(QueryString.append(request.query, to: request.url))))
        for (name, value) in request.headers {
            parts += ["-H", quote(redactor.redact("\(name): \(value)"))]
        }
        if let contentType = request.body.contentType, request.headers["Content-Type"] == nil {
            parts += ["-H", quote("Content-Type: \(contentType)")]
        }
        if !request.body.isEmpty {
            let text = String(decoding: request.body.data, as: UTF8.self)
            parts += ["--data-raw", quote(redactor.redact(text))]
        }
        return parts.joined(separator: " ")
    }

    /// Single-quotes for a POSIX shell when needed.
    static func quote(_ text: String) -> String {
        let safe = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./:=@%+,".contains($0)) }
        if safe && !text.isEmpty { return text }
        return "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
