import Importers
import JSON
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// hurl's own reading of its test files (`hurlfmt --out json`, Fixtures/hurl, see SOURCE.md) against
/// apish's: method, URL, headers, query, form, body, status, captures and assertions of every entry.
@Suite struct HurlCorpusTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/hurl").path

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".hurl") }.map { String($0.dropLast(5)) }.sorted()
    }

    @Test func atLeastNinetyFivePercentOfEntriesAgreeWithHurl() throws {
        // GIVEN every .hurl fixture and hurl's JSON for it
        var agreeing = 0
        var total = 0
        var disagreements: [String] = []
        #expect(Self.names.count >= 7)
        for name in Self.names {
            let source = try ImportSource.read(Self.folder + "/" + name + ".hurl")
            // WHEN apish imports it
            let document = try Importer.read(source)
            let expected = try JSONValue.parse(String(decoding: try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + name + ".json")), as: UTF8.self))
            let entries = expected["entries"]?.arrayValue ?? []
            // THEN each entry reads the same
            #expect(entries.count == document.requests.count, "\(name): entry count")
            for (index, entry) in entries.enumerated() {
                total += 1
                guard index < document.requests.count else { continue }
                let theirs = HurlJSONForm.describe(entry)
                let ours = HurlJSONForm.describe(document.requests[index])
                if theirs == ours { agreeing += 1 } else {
                    disagreements.append("\(name)#\(index + 1):\n  hurl: \(theirs.filter { !ours.contains($0) })\n  apish: \(ours.filter { !theirs.contains($0) })")
                }
            }
        }
        let known: [String] = []
        let unexpected = disagreements.filter { line in !known.contains { line.hasPrefix($0 + ":") } }
        #expect(unexpected.isEmpty, "\(unexpected.joined(separator: "\n"))")
        #expect(total > 0 && Double(agreeing) >= 0.95 * Double(total), "\(agreeing) of \(total) agree")
    }
}

/// One entry as lines of text, from hurl's JSON or from apish's model, so the two compare line by line.
enum HurlJSONForm {
    static func predicateName(_ name: String) -> String {
        switch name {
        case "equal", "==": "=="
        case "not-equal", "!=": "!="
        case "greater", ">": ">"
        case "greater-or-equal", ">=": ">="
        case "less", "<": "<"
        case "less-or-equal", "<=": "<="
        case "contain", "contains": "contains"
        case "include", "includes": "includes"
        case "start-with", "startsWith": "startsWith"
        case "end-with", "endsWith": "endsWith"
        case "match", "matches": "matches"
        case "exist", "exists": "exists"
        default: name
        }
    }

    static func value(_ value: JSONValue?) -> String {
        guard let value else { return "-" }
        switch value {
        case .string(let text): return text
        case .number(let number): return String(Double(number.description) ?? 0)
        case .bool(let bool): return String(bool)
        case .null: return "null"
        default: return value.encoded()
        }
    }

    static func value(_ value: ImportedValue?) -> String {
        switch value {
        case nil: return "-"
        case .string(let text)?, .regex(let text)?: return text
        case .number(let text)?: return String(Double(text) ?? 0)
        case .bool(let bool)?: return String(bool)
        case .null?: return "null"
        // hurl's JSON writes an unquoted {{name}} as its bare name.
        case .variable(let name)?: return name
        case .bytes(let bytes)?: return Data(bytes).base64EncodedString()
        }
    }

    static func query(_ query: JSONValue?) -> String {
        let type = query?["type"]?.stringValue ?? "?"
        let argument = query?["name"]?.stringValue ?? query?["expr"]?.stringValue ?? query?["expr"]?["value"]?.stringValue
        return argument.map { "\(type):\($0)" } ?? type
    }

    static func query(_ query: ImportedQuery) -> String {
        switch query {
        case .status: "status"
        case .body: "body"
        case .header(let name): "header:\(name)"
        case .jsonPath(let expression): "jsonpath:\(expression)"
        case .other(let kind, let argument): argument.map { "\(kind):\($0)" } ?? kind
        }
    }

    static func filters(_ filters: JSONValue?) -> String {
        (filters?.arrayValue ?? []).map { $0["type"]?.stringValue ?? "?" }.joined(separator: ",")
    }

    static func describe(_ entry: JSONValue) -> [String] {
        let request = entry["request"] ?? .null
        var lines = ["method \(request["method"]?.stringValue ?? "")", "url \(request["url"]?.stringValue ?? "")"]
        for header in request["headers"]?.arrayValue ?? [] { lines.append("header \(value(header["name"])): \(value(header["value"]))") }
        for parameter in request["query_string_params"]?.arrayValue ?? [] { lines.append("query \(value(parameter["name"]))=\(value(parameter["value"]))") }
        for parameter in request["form_params"]?.arrayValue ?? [] { lines.append("form \(value(parameter["name"]))=\(value(parameter["value"]))") }
        if let body = request["body"] {
            lines.append(body["type"]?.stringValue == "json" ? "body json" : "body \(body["type"]?.stringValue ?? "?") \(value(body["value"]))")
        }
        let response = entry["response"]
        if let status = response?["status"]?.intValue { lines.append("status \(status)") }
        for header in response?["headers"]?.arrayValue ?? [] { lines.append("assert header:\(value(header["name"])) [] includes \(value(header["value"]))") }
        for capture in response?["captures"]?.arrayValue ?? [] {
            lines.append("capture \(value(capture["name"])) \(query(capture["query"])) [\(filters(capture["filters"]))]")
        }
        for assertion in response?["asserts"]?.arrayValue ?? [] {
            let predicate = assertion["predicate"]
            let not = predicate?["not"]?.boolValue == true ? "not " : ""
            lines.append("assert \(query(assertion["query"])) [\(filters(assertion["filters"]))] \(not)\(predicateName(predicate?["type"]?.stringValue ?? "")) \(value(predicate?["value"]))")
        }
        if let body = response?["body"] { lines.append("assert body [] == \(value(body["value"]))") }
        return lines
    }

    static func describe(_ request: ImportedRequest) -> [String] {
        var lines = ["method \(request.method)", "url \(request.url)"]
        for header in request.headers { lines.append("header \(header.name): \(header.value)") }
        for parameter in request.query { lines.append("query \(parameter.name)=\(parameter.value)") }
        switch request.body {
        case .form(let fields)?: for field in fields { lines.append("form \(field.name)=\(field.value)") }
        case .text(let text)?:
            let trimmed = text.drop { $0 == " " || $0 == "\n" }
            lines.append(trimmed.first == "{" || trimmed.first == "[" ? "body json" : "body text \(text)")
        case .bytes(let bytes)?: lines.append("body base64 \(Data(bytes).base64EncodedString())")
        case .multipart?: lines.append("body multipart")
        case nil: break
        }
        if let status = request.status { lines.append("status \(status)") }
        for capture in request.captures {
            lines.append("capture \(capture.name) \(query(capture.query)) [\(capture.filters.map(\.name).joined(separator: ","))]")
        }
        // hurl writes a response body last, after [Asserts], so its implicit check comes last in both.
        for assertion in request.assertions {
            lines.append("assert \(query(assertion.query)) [\(assertion.filters.map(\.name).joined(separator: ","))] \(assertion.negated ? "not " : "")\(predicateName(assertion.predicate)) \(value(assertion.value))")
        }
        return lines
    }
}
