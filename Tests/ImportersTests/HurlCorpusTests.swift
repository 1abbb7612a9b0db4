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

    /// Entries apish reads differently from hurl, on purpose or not yet: `name#entry: reason`, one a line.
    static var knownGaps: [String: String] {
        let text = (try? String(contentsOfFile: folder + "/known-gaps.txt", encoding: .utf8)) ?? ""
        var gaps: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            gaps[String(line[..<colon])] = String(line[line.index(after: colon)...].drop { $0 == " " })
        }
        return gaps
    }

    @Test func atLeastNinetyFivePercentOfEntriesAgreeWithHurl() throws {
        // GIVEN every .hurl fixture and hurl's JSON for it
        var agreeing = 0
        var total = 0
        var disagreements: [String: String] = [:]
        #expect(Self.names.count >= 24)
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
                let theirs = HurlJSONForm.describe(entry, folder: Self.folder)
                let ours = HurlJSONForm.describe(document.requests[index], folder: Self.folder)
                if theirs == ours { agreeing += 1 } else {
                    disagreements["\(name)#\(index + 1)"] = "\n  hurl: \(theirs.filter { !ours.contains($0) })\n  apish: \(ours.filter { !theirs.contains($0) })"
                }
            }
        }
        let known = Self.knownGaps
        let unexpected = disagreements.filter { known[$0.key] == nil }.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }
        #expect(unexpected.isEmpty, "\(unexpected.joined(separator: "\n"))")
        // A gap that has closed comes off the list.
        let closed = known.keys.filter { disagreements[$0] == nil }.sorted()
        #expect(closed.isEmpty, "agree now, off known-gaps.txt: \(closed)")
        #expect(total >= 60 && Double(agreeing) >= 0.95 * Double(total), "\(agreeing) of \(total) agree")
    }
}

/// One entry as lines of text, from hurl's JSON or from apish's model, so the two compare line by line.
/// Bodies compare by what is sent: JSON by its canonical encoding, bytes and files (read from the fixture
/// folder) as base64, text as it is.
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

    /// A predicate's value in hurl's JSON: a file's content as base64, like bytes.
    static func predicateValue(_ predicate: JSONValue?, folder: String) -> String {
        if predicate?["value"]?["type"]?.stringValue == "file", let name = predicate?["value"]?["filename"]?.stringValue {
            return fileBase64(name, folder: folder)
        }
        return value(predicate?["value"])
    }

    static func fileBase64(_ name: String, folder: String) -> String {
        ((try? Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))) ?? Data()).base64EncodedString()
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

    /// hurl's JSON names each filter's arguments (`n`, `fmt`, `old_value`…); in order, as apish keeps them.
    static func filters(_ filters: JSONValue?) -> String {
        (filters?.arrayValue ?? []).map { filter in
            let arguments = ["n", "expr", "fmt", "encoding", "sep", "old_value", "new_value"].compactMap { key -> String? in
                guard let argument = filter[key] else { return nil }
                if let number = argument.intValue { return String(number) }
                return argument.stringValue ?? argument["value"]?.stringValue ?? argument.encoded()
            }
            return ([filter["type"]?.stringValue ?? "?"] + arguments).joined(separator: " ")
        }.joined(separator: ",")
    }

    static func filters(_ filters: [ImportedFilter]) -> String {
        filters.map { ([$0.name] + $0.arguments).joined(separator: " ") }.joined(separator: ",")
    }

    /// A body as hurl's JSON gives it (`type` json, xml, text, file, or `encoding` base64).
    static func body(_ body: JSONValue, folder: String) -> String {
        if body["encoding"]?.stringValue == "base64" { return "base64 \(value(body["value"]))" }
        switch body["type"]?.stringValue {
        case "json": return "json \(body["value"]?.encoded() ?? "")"
        case "file": return "base64 \(fileBase64(body["filename"]?.stringValue ?? "", folder: folder))"
        case let type: return "\(type ?? "?") \(value(body["value"]))"
        }
    }

    /// Text as it would be sent: JSON (a bare `{{name}}` read as the string hurl makes of it), XML or text.
    static func body(text: String) -> String {
        let quoted = text.replacing(/([:\[,]\s{0,8})\{\{([^}]+)\}\}/) { "\($0.output.1)\"{{\($0.output.2)}}\"" }
        if let json = try? JSONValue.parse(quoted) { return "json \(json.encoded())" }
        return text.drop { $0 == " " || $0 == "\n" }.first == "<" ? "xml \(text)" : "text \(text)"
    }

    static func describe(_ entry: JSONValue, folder: String) -> [String] {
        let request = entry["request"] ?? .null
        var lines = ["method \(request["method"]?.stringValue ?? "")", "url \(request["url"]?.stringValue ?? "")"]
        for header in request["headers"]?.arrayValue ?? [] { lines.append("header \(value(header["name"])): \(value(header["value"]))") }
        for parameter in request["query_string_params"]?.arrayValue ?? [] { lines.append("query \(value(parameter["name"]))=\(value(parameter["value"]))") }
        for parameter in request["form_params"]?.arrayValue ?? [] { lines.append("form \(value(parameter["name"]))=\(value(parameter["value"]))") }
        for part in request["multipart_form_data"]?.arrayValue ?? [] {
            if let file = part["filename"]?.stringValue {
                lines.append("part \(value(part["name"])) file \(file) \(part["content_type"]?.stringValue ?? "-")")
            } else {
                lines.append("part \(value(part["name"]))=\(value(part["value"]))")
            }
        }
        if let body = request["body"] { lines.append("body \(Self.body(body, folder: folder))") }
        let response = entry["response"]
        if let version = response?["version"]?.stringValue { lines.append("version \(version)") }
        if let status = response?["status"]?.intValue { lines.append("status \(status)") }
        for header in response?["headers"]?.arrayValue ?? [] { lines.append("assert header:\(value(header["name"])) [] includes \(value(header["value"]))") }
        for capture in response?["captures"]?.arrayValue ?? [] {
            lines.append("capture \(value(capture["name"])) \(query(capture["query"])) [\(filters(capture["filters"]))]")
        }
        for assertion in response?["asserts"]?.arrayValue ?? [] {
            let predicate = assertion["predicate"]
            let not = predicate?["not"]?.boolValue == true ? "not " : ""
            if query(assertion["query"]) == "body", assertion["filters"] == nil, predicateName(predicate?["type"]?.stringValue ?? "") == "==",
               let text = predicate?["value"]?.stringValue, predicate?["encoding"] == nil {
                lines.append("assert body [] \(not)== \(body(text: text))")
                continue
            }
            lines.append("assert \(query(assertion["query"])) [\(filters(assertion["filters"]))] \(not)\(predicateName(predicate?["type"]?.stringValue ?? "")) \(predicateValue(predicate, folder: folder))")
        }
        if let body = response?["body"] { lines.append("assert body [] == \(Self.body(body, folder: folder))") }
        return lines
    }

    static func describe(_ request: ImportedRequest, folder: String) -> [String] {
        var lines = ["method \(request.method)", "url \(request.url)"]
        for header in request.headers { lines.append("header \(header.name): \(header.value)") }
        for parameter in request.query { lines.append("query \(parameter.name)=\(parameter.value)") }
        switch request.body {
        case .form(let fields)?: for field in fields { lines.append("form \(field.name)=\(field.value)") }
        case .text(let text)?: lines.append("body \(body(text: text))")
        case .bytes(let bytes)?: lines.append("body base64 \(Data(bytes).base64EncodedString())")
        case .multipart(let parts)?:
            for part in parts {
                if let file = part.file {
                    let relative = file.hasPrefix(folder + "/") ? String(file.dropFirst(folder.count + 1)) : file
                    lines.append("part \(part.name) file \(relative) \(part.contentType ?? "-")")
                } else {
                    lines.append("part \(part.name)=\(part.value ?? "")")
                }
            }
        case nil: break
        }
        for note in request.untranslated where note.kind == HurlJSONForm.versionKind { lines.append("version \(note.text)") }
        if let status = request.status { lines.append("status \(status)") }
        for capture in request.captures {
            lines.append("capture \(capture.name) \(query(capture.query)) [\(filters(capture.filters))]")
        }
        // hurl writes a response body last, after [Asserts], so its implicit check comes last in both.
        for assertion in request.assertions {
            let shown: String
            if assertion.query == .body, assertion.filters.isEmpty, assertion.predicate == "==", case .string(let text)? = assertion.value {
                shown = body(text: text)
            } else {
                shown = value(assertion.value)
            }
            lines.append("assert \(query(assertion.query)) [\(filters(assertion.filters))] \(assertion.negated ? "not " : "")\(predicateName(assertion.predicate)) \(shown)")
        }
        return lines
    }

    /// The kind apish gives a response's HTTP version check, which it cannot make.
    static let versionKind = "HTTP version check"
}
