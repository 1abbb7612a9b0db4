import Facade
import HTTPServer
import APIDescriptions
import JSON

/// One version of a service as the mock serves it: its description (read and as written) under its own
/// base path, `/petstore/v1`, with what the locator says of its deprecation.
public struct MockVersion: Sendable {
    public let service: String
    /// `v1`, `2024-01-01`.
    public let version: String
    /// `/petstore/v1`: every operation of the version is served under it.
    public let basePath: String
    public let spec: OpenAPIDocument
    let document: RawDocument
    public let deprecated: Bool
    /// The locator's `sunset` (`2027-06-30`), sent as the `Sunset` header.
    public let sunset: String?
    /// The `Sunset` header's value: the day as an HTTP date, else the text as written when it can be a
    /// header value; nil (not sent, and a warning) for text holding a control character.
    let sunsetHeader: String?

    public init(_ described: DescribedEntry) {
        let entry = described.entry
        service = entry.name
        version = entry.version.description
        basePath = "/" + Self.segment(entry.name) + "/" + Self.segment(entry.version.description)
        spec = described.spec
        document = RawDocument(root: described.document)
        deprecated = entry.deprecated || entry.sunset != nil
        sunset = entry.sunset
        sunsetHeader = entry.sunset.flatMap { MockAnswer.httpDate($0) ?? (HTTPFieldSyntax.isValue($0) ? $0 : nil) }
    }

    /// What of the locator entry the mock does not send.
    var warnings: [String] {
        guard let sunset, sunsetHeader == nil else { return [] }
        return ["\(label): its sunset \(JSONValue.string(sunset).encoded()) is not sent as Sunset: it holds a control character"]
    }

    /// `petstore v1`.
    public var label: String { "\(service) \(version)" }

    /// How many operations the version serves.
    public var operationCount: Int { spec.operations.count }

    /// A name as one path segment: letters, digits and `-._~` as they are, anything else as `_`, so a base
    /// path needs no encoding to be typed or matched.
    static func segment(_ text: String) -> String {
        var segment = ""
        for scalar in text.unicodeScalars {
            let safe = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar))
            segment.unicodeScalars.append(safe ? scalar : "_")
        }
        return segment.isEmpty ? "_" : segment
    }
}
