#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
import JSON
import HTTPClient
import HTTPTypes

/// The kind of result a request ended in — the names scripts use in `expect result KIND`.
public enum OutcomeKind: String, Sendable, CaseIterable {
    case success, requestError, decodeError, serverError, networkFailure
}

/// The one classification of a request's result, by status class and whether the body decoded.
/// Every request in apish ends in exactly one of these, decided by `Outcome.classify`.
public enum Outcome: Sendable, Equatable, CustomStringConvertible {
    /// 2xx and the body decoded.
    case success(status: Int)
    /// 4xx, with the server's message when the body has one.
    case requestError(status: Int, message: String?)
    /// 2xx whose body does not decode into the model.
    indirect case decodeError(status: Int, failure: DecodeFailure)
    /// 5xx, with the server's message when the body has one.
    case serverError(status: Int, message: String?)
    /// No usable HTTP answer: refused, DNS, TLS, timeout, reset, too large, cancelled, or an unexpected status.
    case networkFailure(String)

    public var kind: OutcomeKind {
        switch self {
        case .success: .success
        case .requestError: .requestError
        case .decodeError: .decodeError
        case .serverError: .serverError
        case .networkFailure: .networkFailure
        }
    }

    public var isSuccess: Bool { kind == .success }

    /// The HTTP status, when there was a response.
    public var status: Int? {
        switch self {
        case let .success(status), let .requestError(status, _), let .decodeError(status, _), let .serverError(status, _):
            status
        case .networkFailure:
            nil
        }
    }

    /// One human line.
    public var description: String {
        switch self {
        case let .success(status):
            return "success (HTTP \(status))"
        case let .requestError(status, message):
            return "request error: \(HTTPStatusText.line(status))" + (message.map { ": \($0)" } ?? "")
        case let .decodeError(_, failure):
            return "decode error: \(failure)"
        case let .serverError(status, message):
            return "server error: \(HTTPStatusText.line(status))" + (message.map { ": \($0)" } ?? "")
        case let .networkFailure(reason):
            return "network failure: \(reason)"
        }
    }

    /// Classifies a finished exchange. `decode` turns a 2xx body into the model, throwing a
    /// `DecodeFailure` when it cannot; it is only called for 2xx.
    package static func classify<Model>(
        _ result: Result<Answer, TransportError>,
        decode: (Answer) throws(DecodeFailure) -> Model
    ) -> (Outcome, Model?) {
        let answer: Answer
        switch result {
        case .failure(let error):
            return (.networkFailure(error.description), nil)
        case .success(let value):
            answer = value
        }
        let response = answer.response
        switch response.status {
        case 200..<300:
            do {
                let model = try decode(answer)
                return (.success(status: response.status), model)
            } catch let error where error.isCancellation {
                return (.networkFailure(TransportError.cancelled.description), nil)
            } catch {
                return (.decodeError(status: response.status, failure: error), nil)
            }
        case 400..<500:
            return (.requestError(status: response.status, message: serverMessage(in: answer)), nil)
        case 500..<600:
            return (.serverError(status: response.status, message: serverMessage(in: answer)), nil)
        case 304:
            // Not Modified: the copy the client holds is current. An answer, not a failure; nothing to decode.
            return (.success(status: 304), nil)
        case 101:
            // An upgrade nobody asked for: the server broke the exchange, not the network.
            return (.serverError(status: 101, message: "the server switched protocols without being asked"), nil)
        default:
            return (.networkFailure("unexpected HTTP status \(response.status)"), nil)
        }
    }

    /// The message an error body carries: the envelope's `message`, or `error`, `problem`, `details`,
    /// `detail`, `title` of common error formats; a short text body as is.
    static func serverMessage(in answer: Answer) -> String? {
        let body = answer.response.body
        guard !body.isEmpty else { return nil }
        if let document = try? answer.document() {
            return document.withTapeValue { root in
                guard let fields = root.object else { return nil }
                for key in ["message", "error", "problem", "detail", "details", "title", "error_description"] {
                    guard let member = fields.member(named: key, after: nil)?.value else { continue }
                    if let text = member.string, !text.isEmpty { return text }
                    if let nested = member.object, let text = nested.member(named: "message", after: nil)?.value.string { return text }
                }
                return nil
            }
        }
        guard let text = String(data: body, encoding: .utf8) else { return nil }
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let trimmed = line.trimmingWhitespace()
        guard !trimmed.isEmpty, !trimmed.hasPrefix("<"), trimmed.count <= 200 else { return nil }
        return trimmed
    }
}
