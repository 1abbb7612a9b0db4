import FoundationFree
import JSON
import HTTPTypes

/// One entry of a `servers` list (the document's, a path's or an operation's): a URL template and its
/// `{variables}`, each with a default and, maybe, the values it allows.
public struct OpenAPIServer: Sendable, Equatable {
    public struct Variable: Sendable, Equatable {
        public let name: String
        public let defaultValue: String
        public let allowed: [String]
        public let description: String?
    }

    /// The URL as written (`https://{region}.example.com/{basePath}`).
    public let template: String
    public let variables: [Variable]
    public let description: String?
    /// Where the document came from, against which a relative URL resolves.
    let source: String

    /// Passes of substitution: a variable's value may itself name variables (`{base}` → `https://{host}`).
    static let substitutionPasses = 8

    /// The URL with each variable given its value in `values` (by name), else its default, and resolved
    /// against the document's address.
    public func url(_ values: [String: String] = [:]) -> String {
        var url = template
        for _ in 0..<Self.substitutionPasses {
            guard url.contains("{") else { break }
            var next = url
            for variable in variables {
                next = next.replacingAll("{\(variable.name)}", with: values[variable.name] ?? variable.defaultValue)
            }
            for (name, value) in values where !variables.contains(where: { $0.name == name }) {
                next = next.replacingAll("{\(name)}", with: value)
            }
            if next == url { break }
            url = next
        }
        if source.isEmpty { return url }
        return LocatorLocation.resolve(url, against: source) ?? url
    }

    /// Why `value` cannot be the value of `name`: not one of this server's variables, or not an allowed value.
    public func problem(setting name: String, to value: String) -> String? {
        guard let variable = variables.first(where: { $0.name == name }) else {
            let names = variables.map(\.name)
            return names.isEmpty
                ? "the server \(template) has no variables"
                : "the server \(template) has no variable \(name) (it has \(names.joined(separator: ", ")))"
        }
        guard variable.allowed.isEmpty || variable.allowed.contains(value) else {
            return "\(name) must be one of \(variable.allowed.joined(separator: ", "))"
        }
        return nil
    }

    /// The entries of a `servers` list; nil when the value is not a non-empty list of objects with a `url`.
    static func list(_ value: JSONValue?, source: String) -> [OpenAPIServer]? {
        guard case .array(let entries)? = value else { return nil }
        var servers: [OpenAPIServer] = []
        for entry in entries {
            guard case .object(let fields) = entry, case .string(let template)? = fields["url"] else { continue }
            var variables: [Variable] = []
            if case .object(let declared)? = fields["variables"] {
                for (name, variable) in declared {
                    guard let defaultValue = variable["default"]?.displayText else { continue }
                    variables.append(Variable(
                        name: name, defaultValue: defaultValue,
                        allowed: variable["enum"]?.arrayValue?.map(\.displayText) ?? [],
                        description: variable["description"]?.stringValue))
                }
            }
            servers.append(OpenAPIServer(template: template, variables: variables, description: fields["description"]?.stringValue, source: source))
        }
        return servers.isEmpty ? nil : servers
    }
}
