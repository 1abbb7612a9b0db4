import FoundationFree
import ScriptLanguage
/// `NAME=value` lines as dotenv and hurl's variable files write them: `#` comments and blank lines,
/// an optional `export ` prefix, values bare (a ` #` starts a comment), in single quotes (as written) or
/// in double quotes (`\n`, `\t`, `\"`, `\\` escaped). Pure: text in, pairs out.
package enum DotEnv {
    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        package let line: Int
        package let message: String
        package var description: String { "line \(line): \(message)" }
    }

    package static func parse(_ text: String) throws(Failure) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine)
            line = line.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("export ") { line = line.dropFirst(7).drop { $0 == " " || $0 == "\t" } }
            guard let equals = line.firstIndex(of: "=") else {
                throw Failure(line: index + 1, message: "expected NAME=value")
            }
            let name = String(line[..<equals]).trimmingBlanks()
            guard VariableName.isValid(name) else {
                throw Failure(line: index + 1, message: "'\(name)' is not a variable name (ASCII letters, digits, _)")
            }
            let value = try Self.value(line[line.index(after: equals)...].drop { $0 == " " || $0 == "\t" }, line: index + 1)
            pairs.append((name, value))
        }
        return pairs
    }

    private static func value(_ text: Substring, line: Int) throws(Failure) -> String {
        guard let quote = text.first, quote == "'" || quote == "\"" else {
            // A bare value ends at a ` #` comment; trailing blanks are not part of it.
            var end = text.endIndex
            var index = text.startIndex
            while index < text.endIndex {
                if text[index] == "#", index > text.startIndex, [" ", "\t"].contains(text[text.index(before: index)]) {
                    end = index
                    break
                }
                index = text.index(after: index)
            }
            return String(text[..<end]).trimmingBlanks()
        }
        var result = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            if character == quote {
                let rest = text[text.index(after: index)...].drop { $0 == " " || $0 == "\t" }
                guard rest.isEmpty || rest.hasPrefix("#") else {
                    throw Failure(line: line, message: "text after the closing \(quote)")
                }
                return result
            }
            if quote == "\"", character == "\\", text.index(after: index) < text.endIndex {
                index = text.index(after: index)
                switch text[index] {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                default: result.append(text[index])
                }
            } else {
                result.append(character)
            }
            index = text.index(after: index)
        }
        throw Failure(line: line, message: "no closing \(quote)")
    }
}
