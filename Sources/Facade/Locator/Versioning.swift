import FoundationFree
import JSON
import HTTPClient
import HTTPTypes

/// How a version travels when several versions of a service share one URL (a locator entry's
/// `"versioning"`). Without one, the URL alone tells versions apart: each version has its own.
enum Versioning: Sendable, Equatable {
    /// `{"header": "X-GitHub-Api-Version"}`: the version string as that header.
    case header(String)
    /// `{"query": "api-version"}`: the version string as that query parameter.
    case query(String)
    /// `{"accept": "application/vnd.example.v{version}+json"}`: the media type in `Accept`, `{version}`
    /// replaced by the version without its `v`.
    case accept(template: String)

    /// Parses the locator field; the error is the reason, to be prefixed with the entry.
    static func parse(_ value: JSONValue) -> Result<Versioning, VersioningError> {
        guard case .object(let fields) = value else { return .failure(.notAnObject(value.typeName)) }
        let known = ["header", "query", "accept"]
        if let unknown = fields.keys.first(where: { !known.contains($0) }) {
            return .failure(.unknownScheme(unknown))
        }
        let given = known.filter { fields[$0] != nil }
        guard given.count == 1, let scheme = given.first else {
            return .failure(given.isEmpty ? .missingScheme : .severalSchemes(given))
        }
        guard case .string(let text)? = fields[scheme], !text.trimmingWhitespace().isEmpty else {
            return .failure(.notAString(scheme))
        }
        switch scheme {
        case "header":
            guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
                return .failure(.badHeaderName(text))
            }
            return .success(.header(text))
        case "query":
            return .success(.query(text))
        default:
            guard text.contains("{version}") else { return .failure(.templateWithoutVersion(text)) }
            return .success(.accept(template: text))
        }
    }

    /// The value sent for a version: the locator's own spelling for a header or query parameter
    /// (`2022-11-28`), the media type for `Accept`.
    func value(for entry: LocatorEntry) -> String {
        switch self {
        case .header, .query:
            return entry.versionText
        case .accept(let template):
            return template.replacingAll("{version}", with: entry.version.bare)
        }
    }

    /// The header or parameter that carries the version, for messages: `X-Api-Version`, `?api-version`, `Accept`.
    var carrier: String {
        switch self {
        case .header(let name): name
        case .query(let name): "?" + name
        case .accept: "Accept"
        }
    }

    /// Puts the version of `entry` on a request, replacing what the user set for the same carrier.
    func apply(_ entry: LocatorEntry, headers: inout HTTPHeaders, query: inout [FormField]) {
        let value = value(for: entry)
        switch self {
        case .header(let name):
            headers.set(name, value)
        case .query(let name):
            query.removeAll { $0.name == name }
            query.append(FormField(name: name, value: value))
        case .accept:
            headers.set("Accept", value)
        }
    }
}

/// Why a `"versioning"` field is not understood.
enum VersioningError: Error, Sendable, Equatable, CustomStringConvertible {
    case notAnObject(String)
    case unknownScheme(String)
    case missingScheme
    case severalSchemes([String])
    case notAString(String)
    case badHeaderName(String)
    case templateWithoutVersion(String)

    var description: String {
        switch self {
        case .notAnObject(let found):
            return "\"versioning\" should be an object like {\"header\": \"X-Api-Version\"}, found \(found)"
        case .unknownScheme(let name):
            return "\"versioning\" has an unknown scheme \"\(name)\" (use header, query or accept)"
        case .missingScheme:
            return "\"versioning\" needs one of header, query or accept"
        case .severalSchemes(let names):
            return "\"versioning\" gives both \(names.joined(separator: " and ")); choose one"
        case .notAString(let scheme):
            return "\"versioning\".\(scheme) should be a non-empty string"
        case .badHeaderName(let name):
            return "\"versioning\".header \"\(name)\" is not a header name"
        case .templateWithoutVersion(let template):
            return "\"versioning\".accept \"\(template)\" has no {version} placeholder"
        }
    }
}
