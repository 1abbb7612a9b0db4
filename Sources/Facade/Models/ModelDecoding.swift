import FoundationFree
import JSON
import HTTPClient
import HTTPTypes
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns a 2xx body into a model, and a `DecodingError` into a `DecodeFailure` that names the path and
/// what was expected vs found (`currentTemperature: expected number, found string "63"`).
package enum ModelDecoding {
    /// The body as JSON, or a failure saying what it was instead (HTML, invalid UTF-8, cut-off JSON).
    /// A tripped `cancellation` stops the parse with `DecodeFailure.cancelled`.
    static func parseBody(_ answer: Answer, cancellation: CancellationToken? = nil) throws(DecodeFailure) -> JSONDocument {
        let response = answer.response
        do {
            return try answer.document(cancellation: cancellation)
        } catch {
            if error.isCancellation { throw .cancelled }
            let contentType = response.headers["Content-Type"]?.split(separator: ";").first.map(String.init)
            if response.body.isEmpty {
                throw DecodeFailure(path: "", expected: "a JSON body", found: "an empty body")
            }
            if let contentType, !contentType.lowercased().contains("json") {
                throw DecodeFailure(path: "", expected: "JSON", found: "\(contentType) content")
            }
            throw DecodeFailure(path: "", expected: "JSON", found: "invalid JSON (\(error.description))")
        }
    }

    /// The body as a generic model when it is JSON, nil when it is empty or not JSON; only a
    /// cancelled parse is an error. Server-sent events and declared JSON lines are no one value, even when
    /// one line came: the exchange reads them as an array (`RequestService.bodyDocument`).
    static func genericBody(_ answer: Answer, cancellation: CancellationToken?) throws(DecodeFailure) -> DecodedModel? {
        let response = answer.response
        guard !response.body.isEmpty else { return nil }
        let contentType = response.headers["Content-Type"]
        if ServerSentEvents.isEventStream(contentType) || JSONLines.isLinesContentType(contentType) { return nil }
        do {
            return .generic(try answer.document(cancellation: cancellation))
        } catch {
            if error.isCancellation { throw .cancelled }
            return nil
        }
    }

    /// A typed model from a 2xx body, with the parsed body kept beside it.
    package static func model<T: Decodable & Sendable>(
        _ type: T.Type, named name: String, answer: Answer, cancellation: CancellationToken? = nil
    ) throws(DecodeFailure) -> (DecodedModel, T) {
        let body = answer.response.body
        if let (model, value) = ModelMemo.model(T.self, named: name, body: body) {
            answer.adopt(model.document)
            return (model, value)
        }
        let document = try parseBody(answer, cancellation: cancellation)
        let value = try decode(T.self, from: document)
        // The model holds what it needs; a large body keeps only its bytes from here on.
        document.releaseIndex()
        let model = DecodedModel(typeName: name, document: document, value: value)
        ModelMemo.remember(model, as: T.self, named: name, body: body)
        return (model, value)
    }

    /// `model(_:named:answer:cancellation:)` without the typed value, for a caller that keeps the model only (a
    /// main resource): a body decoded before is answered from the memo with no generic work, which a call from
    /// another module, where this is not specialised, would otherwise do at every line.
    package static func decodedModel<T: Decodable & Sendable>(
        _ type: T.Type, named name: String, answer: Answer, cancellation: CancellationToken? = nil
    ) throws(DecodeFailure) -> DecodedModel {
        if let model = ModelMemo.model(of: ObjectIdentifier(type), named: name, body: answer.response.body) {
            answer.adopt(model.document)
            return model
        }
        return try model(type, named: name, answer: answer, cancellation: cancellation).0
    }

    static func decode<T: Decodable>(_ type: T.Type, from body: JSONDocument) throws(DecodeFailure) -> T {
        do {
            // From the parsed document, not the bytes again and not a tree: one parse per body.
            return try JSONTapeDecoder().decode(T.self, from: body)
        } catch let error as DecodingError {
            throw failure(from: error, body: body)
        } catch {
            throw DecodeFailure(path: "", expected: "\(T.self)", found: "\(error)")
        }
    }

    static func failure(from error: DecodingError, body: JSONDocument) -> DecodeFailure {
        switch error {
        case let .typeMismatch(type, context):
            let path = pathText(context.codingPath)
            return DecodeFailure(path: path, expected: typeName(type), found: foundText(at: path, in: body))
        case let .valueNotFound(type, context):
            let path = pathText(context.codingPath)
            return DecodeFailure(path: path, expected: typeName(type), found: "null")
        case let .keyNotFound(key, context):
            let path = pathText(context.codingPath + [key])
            return DecodeFailure(path: path, expected: "a value", found: "no such field")
        case let .dataCorrupted(context):
            let path = pathText(context.codingPath)
            return DecodeFailure(path: path, expected: "valid data", found: context.debugDescription)
        @unknown default:
            return DecodeFailure(path: "", expected: "a decodable body", found: "\(error)")
        }
    }

    static func pathText(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }

    private static func foundText(at path: String, in body: JSONDocument) -> String {
        guard let value = try? body.value(at: path) else { return "something else" }
        return DecodeFailure.found(value)
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type, is Int.Type, is Int64.Type: "number"
        case is String.Type: "string"
        case is Bool.Type: "boolean"
        default:
            String(describing: type).hasPrefix("Array") ? "array" : "object"
        }
    }
}
