@testable import Facade
import TestSupport
import Foundation
import Testing
import JSON
import HTTPClient
import HTTPTypes

/// Every fault route of the demo server, through libcurl and the one classification: each ends in the
/// right result kind with a message that says what happened.
@Suite struct FaultMatrixTests {
    /// One fault: where it is, the result kind it must end in, and the classification's message.
    struct Fault: CustomTestStringConvertible, Sendable {
        let path: String
        let kind: OutcomeKind
        let message: String
        var timeout: Int?
        var maxBodyBytes = 64 * 1024 * 1024

        var testDescription: String { path }
    }

    static let faults: [Fault] = [
        Fault(path: "/faults/status/201", kind: .success, message: "success (HTTP 201)"),
        Fault(path: "/faults/status/404", kind: .requestError, message: "request error: HTTP 404 Not Found: fault status 404"),
        Fault(path: "/faults/status/503", kind: .serverError,
              message: "server error: HTTP 503 Service Unavailable: fault status 503"),
        Fault(path: "/faults/status/502?body=none", kind: .serverError, message: "server error: HTTP 502 Bad Gateway"),
        Fault(path: "/faults/delay/3000", kind: .networkFailure, message: "network failure: timed out after 250 ms", timeout: 250),
        Fault(path: "/faults/trickle?bytes=64&interval=1&chunk=16", kind: .success, message: "success (HTTP 200)"),
        Fault(path: "/faults/truncated", kind: .decodeError,
              message: "decode error: expected JSON, found line 1, column 14: unexpected end of input; unterminated string"),
        Fault(path: "/faults/html", kind: .decodeError, message: "decode error: expected JSON, found line 1, column 1: unexpected '<'; expected a JSON value"),
        Fault(path: "/faults/reset", kind: .networkFailure, message: "network failure: connection reset before the response was complete"),
        Fault(path: "/faults/huge/2", kind: .networkFailure, message: "network failure: response larger than 1 MiB",
              maxBodyBytes: 1024 * 1024),
        Fault(path: "/faults/redirect-loop", kind: .networkFailure, message: "network failure: more than 10 redirects"),
        Fault(path: "/faults/invalid-utf8", kind: .decodeError,
              message: "decode error: expected JSON, found line 1, column 13: invalid UTF-8 in string: byte 0xFF never appears in UTF-8"),
        Fault(path: "/faults/deprecated", kind: .success, message: "success (HTTP 200)"),
        Fault(path: "/faults/http09", kind: .networkFailure, message: "network failure: the server's answer is not HTTP (no status line)"),
        Fault(path: "/faults/garbage-status", kind: .networkFailure,
              message: "network failure: the server's answer is not HTTP (malformed status line)"),
        Fault(path: "/faults/empty-reply", kind: .networkFailure,
              message: "network failure: the server closed the connection without answering"),
        Fault(path: "/faults/short-body", kind: .networkFailure, message: "network failure: the body ended early: got 13 of 100 bytes"),
        Fault(path: "/faults/bad-chunk", kind: .networkFailure, message: "network failure: malformed chunked body"),
        Fault(path: "/faults/conflicting-length", kind: .networkFailure, message: "network failure: conflicting Content-Length headers"),
        Fault(path: "/faults/huge-header", kind: .networkFailure,
              message: "network failure: a response header is larger than 100 KiB"),
        Fault(path: "/faults/bad-gzip", kind: .networkFailure,
              message: "network failure: the body is not valid gzip (Content-Encoding: gzip)"),
        Fault(path: "/faults/reflect", kind: .success, message: "success (HTTP 200)"),
        Fault(path: "/faults/redirect-to?url=/weather/v2", kind: .success, message: "success (HTTP 200)"),
        Fault(path: "/faults/redirect-to?url=file:///etc/passwd", kind: .networkFailure,
              message: "network failure: redirect to a file:// URL refused"),
        Fault(path: "/faults/redirect-to?url=dict://127.0.0.1:2628/d:secret", kind: .networkFailure,
              message: "network failure: redirect to a dict:// URL refused"),
    ]

    @Test(arguments: faults)
    func faultEndsInItsKindWithItsMessage(_ fault: Fault) throws {
        // GIVEN the demo server with its faults on
        let server = try LiveDemoServer()
        let transport = CurlTransport(configuration: TransportConfiguration(maxBodyBytes: fault.maxBodyBytes))

        // WHEN the fault route is requested and the result classified
        let outcome = Self.classify(HTTPRequest(url: server.url(fault.path), timeout: fault.timeout), through: transport)

        // THEN the kind and the one-line message are the expected ones
        #expect(outcome.kind == fault.kind)
        #expect(outcome.description == fault.message)
    }

    @Test func anUnsupportedSchemeSaysWhichAndWhatToUse() {
        let outcome = Self.classify(HTTPRequest(url: "ftp://127.0.0.1/file"), through: CurlTransport())
        #expect(outcome == .networkFailure("unsupported URL scheme 'ftp' (use http or https)"))
    }

    /// 304 and 101 are answers, not network failures: the transport hands them over as clean responses.
    @Test(arguments: [("/faults/not-modified", 304, OutcomeKind.success), ("/faults/upgrade", 101, OutcomeKind.serverError)])
    func notModifiedAndUpgradeAreResponses(_ path: String, _ status: Int, _ kind: OutcomeKind) throws {
        let server = try LiveDemoServer()

        let response = try CurlTransport().send(HTTPRequest(url: server.url(path)))

        #expect(response.status == status)
        #expect(response.body.isEmpty)
        let outcome = Self.classify(HTTPRequest(url: server.url(path)), through: CurlTransport())
        #expect(outcome.kind == kind)
        #expect(outcome.status == status)
    }

    /// The transport's result classified with a decoder that wants JSON, as the generic model does
    /// (a text/plain body is taken as text).
    static func classify(_ request: HTTPRequest, through transport: CurlTransport) -> Outcome {
        let result = Result { () throws(TransportError) in try transport.send(request) }
        return Outcome.classify(result.map(Answer.init)) { answer throws(DecodeFailure) -> JSONValue? in
            let response = answer.response
            guard !response.body.isEmpty, response.headers["Content-Type"]?.hasPrefix("text/plain") != true else { return nil }
            do {
                return try JSONValue.parse(response.body)
            } catch {
                throw DecodeFailure(path: "", expected: "JSON", found: String(describing: error))
            }
        }.0
    }
}
