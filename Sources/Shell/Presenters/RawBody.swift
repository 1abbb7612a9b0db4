import Facade
import JSON
import Secrets
import HTTPClient
import HTTPTypes
import Rendering
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a raw answer's body shows: pretty (coloured) JSON when it is JSON, one value a line for JSON lines,
/// text as text, a note for binary.
package enum RawBody {
    /// `HTTP/1.1 201 Created`.
    package static func statusLine(_ response: HTTPResponse) -> String {
        statusLine(status: response.status, version: response.httpVersion)
    }

    /// The same, before the response is complete (a stream's head).
    package static func statusLine(status: Int, version: String) -> String {
        let reason = HTTPStatusText.reason(status)
        return "HTTP/\(version) \(status)" + (reason.isEmpty ? "" : " \(reason)")
    }

    /// One warning line when a body that says it is JSON does not parse (cut off, invalid UTF-8, …), with
    /// why, from the one parse of the body.
    package static func unparsedJSONWarning(_ exchange: Exchange) -> String? {
        guard exchange.document == nil, let response = exchange.response, !response.body.isEmpty,
              response.headers["Content-Type"]?.lowercased().contains("json") == true,
              let failure = exchange.bodyParseFailure
        else { return nil }
        return "the body says it is JSON but does not parse (\(failure)); shown as text"
    }

    /// Puts the body in `report`: pretty JSON when it parsed, JSON lines as they came, else its text; the
    /// output masks it as it writes it.
    package static func show(_ exchange: Exchange, in report: inout CommandReport) {
        report.body = exchange.response?.body
        if let document = exchange.document, let response = exchange.response, JSONLines.isLines(document, of: response.body) {
            if case .array(let values) = document.value { report.shownBody = .jsonLines(values) }
        } else if let document = exchange.document {
            report.shownBody = .document(document)
        } else if let text = text(of: exchange) {
            report.shownBody = text
        }
    }

    /// A body that is not JSON for the terminal; nil when there is none.
    private static func text(of exchange: Exchange) -> ShownBody? {
        guard let response = exchange.response, !response.body.isEmpty else { return nil }
        let shown = response.body.prefix(64 * 1024)
        guard let text = String(data: shown, encoding: .utf8) ?? String(data: shown.dropLast(3), encoding: .utf8) else {
            return .text("(\(response.body.count) bytes of binary data)", cut: "")
        }
        let cut = response.body.count > shown.count ? "\n… (\(response.body.count - shown.count) more bytes; show --raw for all)" : ""
        return .text(text, cut: cut)
    }
}
