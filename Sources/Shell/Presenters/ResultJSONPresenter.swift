import FoundationFree
import Facade
import HTTPClient
import HTTPTypes
import JSON
import Rendering
import Reports
import Secrets

/// Turns what a command returned into the one JSON line of `--json`: the command, whether it succeeded, the
/// request it made, its data (what the value gives, unless the command said otherwise), error, timing
/// and warnings. The line still holds its secrets: the output masks it as it writes it (`JSONResultLine`).
struct ResultJSONPresenter {
    let session: Session

    func line(_ result: RunResult, command: String) -> JSONResultLine {
        var fields: [(String, JSONValue)] = [("command", .string(command)), ("ok", .bool(result.ok))]
        if let exchange = result.exchange {
            if let service = exchange.service {
                fields.append(("service", .string(service.name)))
                fields.append(("version", .string(service.version.description)))
            }
            fields.append(("url", .string(exchange.displayURL)))
            if let sent = exchange.versionSent {
                fields.append(("versioning", .object(JSONObject([("via", .string(sent.carrier)), ("value", .string(sent.value))]))))
            }
            fields.append(("status", exchange.status.map { .number(JSONNumber($0)) } ?? .null))
            fields.append(("result", .string(exchange.outcome.kind.rawValue)))
            if result.interrupted { fields.append(("interrupted", .bool(true))) }
            // A schema violation is never only a result kind: each place is named, whatever expects what.
            if case .decodeError(_, let failure) = exchange.outcome {
                let violations = ([failure] + failure.more).map { JSONValue.string($0.description) }
                fields.append(("schema", .object(JSONObject([("valid", .bool(false)), ("violations", .array(violations))]))))
            }
        }
        let lines = self.lines(of: result)
        if !result.hasData, let document = streamedDocument(of: result.value) {
            // A large body is written from its tape, not built into a tree first: the same bytes as
            // `encoded()` of the masked tree, in a fraction of the time and memory.
            return JSONResultLine(fields: fields, streamed: document, trailer: trailer(of: result))
        }
        if let data = result.data ?? data(of: result.value) {
            fields.append(("data", data))
        } else if !lines.isEmpty {
            fields.append(("data", .object(JSONObject([("lines", .array(lines.map { .string($0) }))]))))
        }
        return JSONResultLine(fields: fields, streamed: nil, trailer: trailer(of: result))
    }

    /// What follows `"data"`: the error, the timing and the warnings.
    private func trailer(of result: RunResult) -> [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = []
        if let error = result.error { fields.append(("error", .string(error))) }
        if let metrics = result.exchange?.metrics { fields.append(("timing", ReportRenderer.json(metrics))) }
        if !result.warnings.isEmpty { fields.append(("warnings", .array(result.warnings.map { .string($0) }))) }
        return fields
    }

    /// Bodies from this size on are written from their tape.
    static let streamedBodyBytes = 1 << 20

    /// The body a value puts under `"data"` when it is large enough to be written from its tape.
    private func streamedDocument(of value: CommandValue) -> JSONDocument? {
        let document: JSONDocument? = switch value {
        case .exchange(let exchange, _), .lastResponse(let exchange): exchange.document
        case .document(let document, _): document
        default: nil
        }
        return document.flatMap { $0.data.count >= Self.streamedBodyBytes ? $0 : nil }
    }

    /// What the value puts under `"data"`: the body, the table as objects, the operation's description.
    private func data(of value: CommandValue) -> JSONValue? {
        switch value {
        case .none, .text, .changes:
            return nil
        case .table(let table, _):
            return ReportRenderer.json(.table(table))
        case .rows(let rows):
            return ReportRenderer.json(.rows(rows))
        case .exchange(let exchange, view: .model):
            return exchange.body ?? exchange.model.map { ReportRenderer.json(session.presenter.present($0)) }
        case .exchange(let exchange, view: .rawBody):
            return exchange.body
        case .model(let model, _):
            return ReportRenderer.json(session.presenter.present(model))
        case .document(let document, _):
            return document.value
        case .lastResponse(let exchange):
            return exchange.document?.value
        case .findings(let findings):
            return findings.json
        case .operationHelp(let operation, let service, _):
            return OperationPresenter.helpJSON(operation, service: service)
        }
    }

    /// The lines the value says in text, which stand in for data when there is none.
    private func lines(of result: RunResult) -> [String] {
        switch result.value {
        case .text(let lines):
            return lines
        case .exchange(let exchange, view: .rawBody):
            guard result.ok, let response = exchange.response else { return [] }
            return [RawBody.statusLine(response)]
        case .lastResponse(let exchange):
            return [exchange.method.rawValue + " " + exchange.displayURL] + (exchange.response.map { [RawBody.statusLine($0)] } ?? [])
        case .changes(.locator(let heading, let changes, let following)):
            return changes.isEmpty ? heading + following : heading
        case .none, .table, .rows, .exchange, .model, .document, .changes, .findings, .operationHelp:
            return []
        }
    }
}

/// The one JSON line of `--json`, before it is masked: its fields, and a large body to write from its tape
/// where `"data"` goes. `RedactingOutput` masks it once, member by member, as it writes it.
package struct JSONResultLine {
    let fields: [(String, JSONValue)]
    /// A body of `ResultJSONPresenter.streamedBodyBytes` or more, written compactly from its tape.
    let streamed: JSONDocument?
    /// What follows `"data"`: the error, the timing and the warnings.
    let trailer: [(String, JSONValue)]

    /// The line with every string masked as `Redactor.redact(_: JSONValue)` masks a tree; `"data"` (a
    /// streamed body alike, as it is written from its tape) is what a program reads, so only the secrets
    /// the session holds are masked in it, never what merely looks like one.
    package func text(maskedBy redactor: Redactor) -> String {
        let dataRedactor = redactor.knownSecretsOnly
        let maskedFields = fields.map { ($0.0, $0.0 == "data" ? dataRedactor.redact($0.1) : redactor.redact($0.1)) }
        let maskedTrailer = trailer.map { ($0.0, redactor.redact($0.1)) }
        guard let streamed else {
            return JSONValue.object(JSONObject(maskedFields + maskedTrailer)).encoded()
        }
        let marker = "\u{1}apish-data\u{1}"
        let skeleton = JSONValue.object(JSONObject(maskedFields + [("data", .string(marker))] + maskedTrailer)).encoded()
        let encodedMarker = JSONValue.string(marker).encoded()
        guard let range = skeleton.literalRange(of: encodedMarker) else { return skeleton }
        var line = String(skeleton[..<range.lowerBound])
        line.reserveCapacity(skeleton.utf8.count + streamed.data.count)
        streamed.writeCompact(redactor: dataRedactor) { line += $0 }
        line += skeleton[range.upperBound...]
        return line
    }
}
