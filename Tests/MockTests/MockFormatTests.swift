import Foundation
import HTTPClient
import JSON
@testable import Mock
import Testing
import TestSupport

/// The mock writes a value of every `format` it claims (issue 46 item 7), and each passes the format
/// checks of jsonschema_rs (what schemathesis holds answers to) and python-jsonschema (format_check.py):
/// Sources/Schemas reads `format` as an annotation and asserts none, so those are the checks there are.
@Suite struct MockFormatTests {
    static let strings = [
        "date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6",
        "uri", "uri-reference", "iri", "iri-reference", "uri-template", "uuid", "json-pointer", "relative-json-pointer",
        "regex", "byte", "binary", "password",
    ]
    static let numbers = [("integer", "int32"), ("integer", "int64"), ("number", "float"), ("number", "double")]

    static var document: String {
        let properties = strings.map { "\"\($0)\": {\"type\": \"string\", \"format\": \"\($0)\"}" }
            + numbers.map { "\"\($0.1)\": {\"type\": \"\($0.0)\", \"format\": \"\($0.1)\"}" }
            + ["\"int32-high\": {\"type\": \"integer\", \"format\": \"int32\", \"minimum\": 2147483600}"]
        return """
            {"openapi": "3.0.3", "info": {"title": "Formats", "version": "1"},
             "paths": {"/formats": {"get": {"responses": {"200": {"description": "every format",
               "content": {"application/json": {"schema": {"type": "object", "properties": {\(properties.joined(separator: ", "))},
                 "required": [\((strings + numbers.map(\.1) + ["int32-high"]).map { "\"\($0)\"" }.joined(separator: ", "))]}}}}}}}}}
            """
    }

    @Test func everyFormatGetsAValueItsCheckAccepts() throws {
        let scratch = try ScratchDirectory()
        let version = try #require(MockServer.load(try scratch.write("formats.json", Self.document), transport: CurlTransport()).server.versions.first)
        let schema = try #require(version.spec.operations.first?.responses.first?.schema)
        var cases: [JSONValue] = []
        for draw in 0..<5 {
            var generator = ValueGenerator(document: version.document, seed: "formats \(draw)", dynamic: draw > 0)
            let value = generator.value(for: schema)
            for format in Self.strings + Self.numbers.map(\.1) + ["int32-high"] {
                let written = try #require(value[format], "no value for \(format)")
                let type = Self.numbers.first { $0.1 == format }?.0 ?? (format == "int32-high" ? "integer" : "string")
                cases.append(.object(JSONObject([
                    ("format", .string(format == "int32-high" ? "int32" : format)), ("type", .string(type)), ("value", written),
                ])))
                if format == "uri-template" { #expect(written.stringValue?.contains("{") == true, "\(written)") }
                if format == "duration" { #expect(written.stringValue?.hasPrefix("P") == true, "\(written)") }
                if format == "int32-high" { #expect((written.numberValue?.int ?? .max) <= Int(Int32.max), "\(written)") }
            }
        }
        let file = try scratch.write("cases.json", JSONValue.array(cases).encoded())
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("format_check.py")
        let failures = try JSONValue.parse(PythonReference.run(script, [file], installedBy: "scripts/setup --test installs jsonschema and schemathesis"))
        #expect(failures.arrayValue?.isEmpty == true, "\(failures.encoded())")
        #expect(cases.count == 5 * (Self.strings.count + Self.numbers.count + 1))
    }
}
