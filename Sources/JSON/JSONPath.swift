/// A location inside a JSON document, written the way people write it: `data[0]._id`,
/// `results[3].city`, `meta.total_count`, `[2]`, `a["odd key"].b`, `items[-1]` (last element),
/// `data[_id=t01].likeCount` (the first array element whose `_id` is `t01`), and `.` or `` for the root.
///
/// Grammar: an optional leading `.`, then steps. A step is `.name` (or `name` first), where a name is
/// any run of characters other than `.`, `[`, `]`, `"` and whitespace; or a bracket: `[N]` (negative
/// counts from the end), `["any key"]` (JSON string escapes), or `[field=value]` (value unquoted up to
/// `]`, or a JSON string). `description` gives the canonical spelling, which parses back to the same path;
/// `JSONDiff` writes its paths in this form.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step into a document.
    public enum Component: Sendable, Hashable {
        /// An object member.
        case key(String)
        /// An array element; negative indexes count from the end (`-1` is the last element).
        case index(Int)
        /// The first array element that is an object whose `field` member displays as `value`
        /// (`displayText`, so `[id=63974]` matches the number 63974 and the string "63974").
        case match(field: String, value: String)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The whole document.
    public static let root = JSONPath()

    public var isRoot: Bool { components.isEmpty }

    public func appending(_ component: Component) -> JSONPath {
        JSONPath(components + [component])
    }

    /// Parses a path; see the type's documentation for the syntax.
    public static func parse(_ text: String) throws(JSONPathError) -> JSONPath {
        var parser = JSONPathParser(text: text)
        return try JSONPath(parser.parse())
    }

    public var description: String {
        guard !components.isEmpty else { return "." }
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text = Self.appending(key: key, to: text)
            case .index(let index): text += "[\(index)]"
            case .match(let field, let value): text = Self.appending(field: field, value: value, to: text)
            }
        }
        return text
    }

    /// `path.key`, or `path["odd key"]` when the key is not a plain name; `path` "" is the root.
    package static func appending(key: String, to path: String) -> String {
        if isPlainName(key) {
            return path.isEmpty ? key : path + "." + key
        }
        return path + "[" + JSONValue.string(key).encoded() + "]"
    }

    package static func appending(field: String, value: String, to path: String) -> String {
        let plainValue = !value.isEmpty && !value.unicodeScalars.contains {
            $0 == "]" || $0 == "\"" || $0.properties.isWhitespace || $0.value < 0x20 || (0x7F..<0xA0).contains($0.value)
        }
        let fieldText = isPlainName(field) && !field.contains("=") ? field : JSONValue.string(field).encoded()
        let valueText = plainValue ? value : JSONValue.string(value).encoded()
        return path + "[" + fieldText + "=" + valueText + "]"
    }

    static func isPlainName(_ name: String) -> Bool {
        guard !name.isEmpty else { return false }
        // ASCII, as names mostly are, is judged by byte, without looking up Unicode properties.
        var ascii = true
        for byte in name.utf8 {
            if byte >= 0x80 { ascii = false; break }
            if byte < 0x21 || byte == 0x7F || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
                || byte == UInt8(ascii: "\"") {
                return false
            }
        }
        return ascii || name.unicodeScalars.allSatisfy(isNameCharacter)
    }

    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ".", "[", "]", "\"": false
        default: scalar.value >= 0x20 && !(0x7F..<0xA0).contains(scalar.value) && !scalar.properties.isWhitespace
        }
    }
}
