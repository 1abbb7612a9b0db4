/// Turns path text into `JSONPath.Component`s; works on Unicode scalars so error positions are
/// character positions.
struct JSONPathParser {
    private let text: String
    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(text: String) {
        self.text = text
        scalars = Array(text.unicodeScalars)
    }

    mutating func parse() throws(JSONPathError) -> [JSONPath.Component] {
        if scalars.isEmpty || scalars == ["."] { return [] }
        var components: [JSONPath.Component] = []
        if scalars[0] == "." { position = 1 }
        if peek == "[" {
            components.append(try parseBracket())
        } else {
            components.append(.key(try parseName()))
        }
        while let next = peek {
            switch next {
            case ".":
                position += 1
                components.append(.key(try parseName()))
            case "[":
                components.append(try parseBracket())
            default:
                throw failure("expected '.' or '[' before \(describe(next))")
            }
        }
        return components
    }

    private var peek: Unicode.Scalar? {
        position < scalars.count ? scalars[position] : nil
    }

    private mutating func parseName(stoppingAt stop: Unicode.Scalar? = nil) throws(JSONPathError) -> String {
        let start = position
        while let next = peek, JSONPath.isNameCharacter(next), next != stop { position += 1 }
        guard position > start else {
            guard let next = peek else { throw failure("expected a name") }
            if next.properties.isWhitespace {
                throw failure("unexpected space; write such keys in brackets, like [\"my key\"]")
            }
            throw failure("expected a name, found \(describe(next))")
        }
        var name = ""
        name.unicodeScalars.append(contentsOf: scalars[start..<position])
        return name
    }

    /// `[N]`, `["key"]` or `[field=value]`, with `position` at the `[`.
    private mutating func parseBracket() throws(JSONPathError) -> JSONPath.Component {
        let open = position
        position += 1
        guard let first = peek else { throw unterminatedBracket(at: open) }
        let component: JSONPath.Component
        if first == "\"" {
            let key = try parseQuoted()
            if peek == "=" {
                position += 1
                component = .match(field: key, value: try parseMatchValue())
            } else {
                component = .key(key)
            }
        } else if let index = try parseIndexIfPresent() {
            component = .index(index)
        } else if first == "]" {
            throw failure("empty '[]'; expected an index, a quoted key or field=value")
        } else {
            let field = try parseName(stoppingAt: "=")
            guard peek != nil else { throw unterminatedBracket(at: open) }
            guard peek == "=" else {
                throw failure("expected an index, a quoted key or field=value inside '[ ]'")
            }
            position += 1
            component = .match(field: field, value: try parseMatchValue())
        }
        guard peek == "]" else {
            if peek == nil { throw unterminatedBracket(at: open) }
            throw failure("expected ']'")
        }
        position += 1
        return component
    }

    /// An integer followed directly by `]`; leaves `position` untouched when the bracket holds something else.
    private mutating func parseIndexIfPresent() throws(JSONPathError) -> Int? {
        let start = position
        var end = position
        if end < scalars.count, scalars[end] == "-" { end += 1 }
        let digitsStart = end
        while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
        guard end > digitsStart, end < scalars.count, scalars[end] == "]" else { return nil }
        var digits = ""
        digits.unicodeScalars.append(contentsOf: scalars[start..<end])
        guard let index = Int(digits) else { throw failure("index \(digits) is out of range") }
        position = end
        return index
    }

    private mutating func parseMatchValue() throws(JSONPathError) -> String {
        if peek == "\"" { return try parseQuoted() }
        let start = position
        while let next = peek, next != "]" { position += 1 }
        guard position > start else { throw failure("expected a value after '='") }
        var value = ""
        value.unicodeScalars.append(contentsOf: scalars[start..<position])
        return value
    }

    /// A JSON string literal starting at `position`, decoded with the JSON parser so escapes mean the same.
    private mutating func parseQuoted() throws(JSONPathError) -> String {
        let start = position
        position += 1
        while let next = peek, next != "\"" {
            position += next == "\\" ? 2 : 1
        }
        guard position < scalars.count else {
            position = start
            throw failure("unterminated quoted key")
        }
        position += 1
        var literal = ""
        literal.unicodeScalars.append(contentsOf: scalars[start..<position])
        guard case .string(let string)? = try? JSONValue.parse(literal) else {
            position = start
            throw failure("invalid quoted key \(literal)")
        }
        return string
    }

    private mutating func unterminatedBracket(at open: Int) -> JSONPathError {
        position = open
        return failure("unterminated '['")
    }

    private func describe(_ scalar: Unicode.Scalar) -> String {
        scalar.properties.isWhitespace ? "a space" : "'\(scalar)'"
    }

    private func failure(_ message: String) -> JSONPathError {
        JSONPathError(path: text, position: position + 1, message: message)
    }
}
