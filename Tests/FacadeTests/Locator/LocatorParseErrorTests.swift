@testable import Facade
import Foundation
import Testing

@Suite struct LocatorParseErrorTests {
    private let source = "http://example.test/services.json"

    /// Parses `text`, requiring that it fails, and returns the error.
    private func failure(_ text: String) throws -> LocatorError {
        try #require(throws: LocatorError.self) { try Locator.parse(Data(text.utf8), source: source) }
    }

    private func reason(_ text: String) throws -> String {
        let error = try failure(text)
        guard case let .parse(errorSource, reason) = error else {
            Issue.record("expected .parse, got \(error)")
            return ""
        }
        #expect(errorSource == source)
        #expect(error.description.hasPrefix("cannot parse locator \(source): "))
        return reason
    }

    @Test func notJSONSaysWhereWithLineAndColumn() throws {
        // GIVEN a document broken on its second line
        let text = "{\"services\": [\n  {\"name\": \"weather\",, }\n]}"

        // WHEN parsed
        let reason = try reason(text)

        // THEN the reason points at line 2 and a column
        #expect(reason.contains("line 2"))
        #expect(reason.contains("column"))
    }

    @Test(arguments: [("[]", "array"), ("\"services\"", "string"), ("42", "number"), ("null", "null")])
    func notAnObject(text: String, found: String) throws {
        // GIVEN valid JSON that is not an object / THEN the reason says what was found instead
        let reason = try reason(text)
        #expect(reason.contains("expected an object"))
        #expect(reason.contains(found))
    }

    @Test func missingServices() throws {
        // GIVEN an object without `services` / THEN the reason names the missing key
        #expect(try reason(#"{"service":[]}"#).contains("missing \"services\""))
    }

    @Test func servicesOfTheWrongType() throws {
        // GIVEN `services` as an object / THEN the reason says it should be an array and what it is
        let reason = try reason(#"{"services":{"name":"weather"}}"#)
        #expect(reason.contains("\"services\" should be an array"))
        #expect(reason.contains("object"))
    }

    @Test func entryThatIsNotAnObject() throws {
        #expect(try reason(#"{"services":[{"name":"a","version":1,"url":"a"}, 7]}"#).contains("services[1]: expected an object"))
    }

    @Test func entryMissingName() throws {
        // GIVEN the second entry without a name / THEN the reason names the entry and the field
        let reason = try reason(LocatorText.document([LocatorText.entry("a", "1", "a"), #"{"version":1,"url":"b"}"#]))
        #expect(reason.contains("services[1]"))
        #expect(reason.contains("missing \"name\""))
    }

    @Test func entryWithAnEmptyOrNonStringName() throws {
        #expect(try reason(#"{"services":[{"name":"  ","version":1,"url":"a"}]}"#).contains("services[0]: missing \"name\""))
        #expect(try reason(#"{"services":[{"name":5,"version":1,"url":"a"}]}"#).contains("services[0]: missing \"name\""))
    }

    @Test func entryMissingURL() throws {
        // GIVEN an entry without a url / THEN the reason names the entry, its service and version
        let reason = try reason(#"{"services":[{"name":"weather","version":2}]}"#)
        #expect(reason.contains("services[0] (weather v2)"))
        #expect(reason.contains("missing \"url\""))
    }

    @Test func entryWithANonStringURL() throws {
        #expect(try reason(#"{"services":[{"name":"weather","version":2,"url":3}]}"#).contains("missing \"url\""))
    }

    @Test func entryMissingVersion() throws {
        let reason = try reason(#"{"services":[{"name":"weather","url":"w"}]}"#)
        #expect(reason.contains("services[0] (weather)"))
        #expect(reason.contains("missing \"version\""))
    }

    @Test func versionOfTheWrongType() throws {
        let reason = try reason(#"{"services":[{"name":"weather","version":true,"url":"w"}]}"#)
        #expect(reason.contains("\"version\" should be a number or string"))
        #expect(reason.contains("boolean") || reason.contains("bool"))
    }

    @Test(arguments: [#""two words""#, #""v2 beta""#, #""-beta""#, #""""#, "-1", "1e3"])
    func badVersionText(version: String) throws {
        // GIVEN a version that is neither a dotted number nor a label / THEN the reason quotes it and names the entry
        let reason = try reason(LocatorText.document([LocatorText.entry("weather", version, "w")]))
        #expect(reason.contains("services[0] (weather)"))
        #expect(reason.contains("version"))
        #expect(reason.contains(version != #""""# ? version.replacingOccurrences(of: "\"", with: "") : "version \"\""))
    }

    @Test func deprecatedThatIsNotABoolean() throws {
        let reason = try reason(LocatorText.document([LocatorText.entry("w", "1", "w", extra: #""deprecated":"yes""#)]))
        #expect(reason.contains("\"deprecated\" should be true or false"))
    }

    @Test func sunsetThatIsNotAString() throws {
        let reason = try reason(LocatorText.document([LocatorText.entry("w", "1", "w", extra: #""sunset":20270630"#)]))
        #expect(reason.contains("\"sunset\" should be a date string"))
    }

    @Test func duplicateNamesBothEntries() throws {
        // GIVEN weather v2 listed at index 1 and again at index 3
        let text = LocatorText.document([
            LocatorText.entry("weather", "1", "w1"), LocatorText.entry("weather", "2", "w2"),
            LocatorText.entry("stock", "1", "s1"), LocatorText.entry("weather", "2", "w2-again"),
        ])

        // WHEN parsed
        let error = try failure(text)

        // THEN the error names the service version and both indices
        #expect(error == .duplicate(source: source, key: "weather v2", first: 1, second: 3))
        #expect(error.description.contains("weather v2"))
        #expect(error.description.contains("1"))
        #expect(error.description.contains("3"))
        #expect(error.description.hasPrefix("cannot parse locator"))
    }

    @Test func duplicateSpelledDifferentlyIsStillADuplicate() throws {
        // GIVEN `weather` version 2 and `Weather` version "v2" / WHEN parsed / THEN they clash
        let text = LocatorText.document([
            LocatorText.entry("weather", "2", "a"), LocatorText.entry("Weather", #""v2""#, "b"),
        ])
        let error = try failure(text)
        guard case let .duplicate(_, key, first, second) = error else {
            Issue.record("expected .duplicate, got \(error)")
            return
        }
        #expect(key.lowercased() == "weather v2")
        #expect(first == 0 && second == 1)
        #expect(error.description.contains("entries 0 and 1"))
    }

    @Test func duplicateWithTrailingZeroVersion() throws {
        // GIVEN `2` and `"2.0"` for the same service / THEN it is one version listed twice
        let error = try failure(LocatorText.document([LocatorText.entry("w", #""2.0""#, "a"), LocatorText.entry("w", "2", "b")]))
        guard case .duplicate = error else {
            Issue.record("expected .duplicate, got \(error)")
            return
        }
    }

    @Test func parseErrorsAreNotLoadErrors() throws {
        // GIVEN any malformed document / THEN the error is a parse error, never a load error
        let error = try failure("not json")
        if case .load = error { Issue.record("a parse problem was reported as a load problem: \(error)") }
        #expect(error.description.contains("cannot parse"))
    }
}

/// Versions that are neither numbers nor dates are labels: after every numeric version, by their text.
@Suite struct ServiceVersionLabelTests {
    @Test func labelsParseAndOrderAfterNumbers() throws {
        let labels = ["beta", "preview", "2010-old", "v2-beta"].compactMap(ServiceVersion.parse)
        #expect(labels.count == 4)
        #expect(labels.allSatisfy { $0.isLabel })
        #expect(ServiceVersion.parse("v2")?.isLabel == false)
        #expect(ServiceVersion.parse("2022-11-28")?.isLabel == false)
        let sorted = (labels + [try #require(ServiceVersion("v10")), try #require(ServiceVersion("2"))]).sorted().map(\.description)
        #expect(sorted == ["v2", "v10", "2010-old", "beta", "preview", "v2-beta"])
        #expect(ServiceVersion.parse("Beta") == ServiceVersion.parse("beta"))
        #expect(ServiceVersion.parse("two words") == nil)
    }
}
