import Foundation
import JSON
import HTTPServer

/// What answers the requests under one path of a `LoopbackServer`: any closure from the request (and the
/// connection it came on) to an answer, or one of the ready answers in the extensions.
package struct LoopbackRoute: Sendable {
    package typealias Respond = @Sendable (HTTPRequest, ServingContext) -> HTTPResponse

    let respond: Respond

    package init(_ respond: @escaping Respond) {
        self.respond = respond
    }

    /// The same document for every request.
    package static func json(_ document: JSONValue, status: Int = 200) -> LoopbackRoute {
        LoopbackRoute { _, _ in .json(document, status: status) }
    }

    /// The request as the server saw it, for checking what a client really sends:
    /// `{"method","path","query","headers","body"}`, with `form` for a form body and `json` for a JSON one.
    /// Header names are lower-cased and a repeated header's values joined with ", "; of a repeated query or
    /// form name the first value is kept. The path is the one requested, still percent-encoded.
    package static var echo: LoopbackRoute {
        LoopbackRoute { request, _ in ProbeAnswers.echo(request) }
    }

    /// The last segment of the request's path as a whole number within `range` (`/delay/100` → 100).
    static func number(in request: HTTPRequest, within range: ClosedRange<Int>) -> Int? {
        request.pathSegments.last.flatMap { Int($0) }.flatMap { range.contains($0) ? $0 : nil }
    }
}
