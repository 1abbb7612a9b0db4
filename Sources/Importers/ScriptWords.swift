import ScriptLanguage

/// Template strings (`{{name}}`) as words of the command language: literal text quoted so nothing in it
/// is syntax, each variable as `${name}`, so a value from a hostile file cannot become a command.
struct ScriptWords {
    /// The secret variables met, by the name the script uses, in order.
    private(set) var untranslated: [Untranslated] = []

    /// `a name-with dashes` → `a_name_with_dashes`: the characters a variable name may hold.
    static func variableName(_ name: String) -> String {
        var result = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
        if result.first?.isNumber ?? true { result = "_" + result }
        return result
    }

    /// The environment variable a secret named `name` is read from: `APISH_` and the name in capitals.
    static func environmentName(_ name: String) -> String { "APISH_" + variableName(name).uppercased() }

    /// A variable reference: `${name}`, or `${env.NAME}` for the `.http` files' `$processEnv NAME` and
    /// `$dotenv NAME`; nil for a dynamic variable apish does not have (`$guid`, `$timestamp`).
    mutating func reference(_ name: String) -> String? {
        let words = name.split(separator: " ")
        if let first = words.first, first.hasPrefix("$") {
            if (first == "$processEnv" || first == "$dotenv" || first == "$env"), words.count == 2 {
                return "${env.\(Self.variableName(String(words[1])))}"
            }
            untranslated.append(Untranslated(kind: "dynamic variable \(first)", text: "{{\(name)}}"))
            return nil
        }
        return "${\(Self.variableName(name))}"
    }

    /// One word that reads back as `template` with its variables expanded; nil when it holds a line break.
    mutating func word(_ template: String) -> String? {
        let parts = Template.parts(template)
        let variables = parts.contains { if case .variable = $0 { true } else { false } }
        guard variables else { return try? Tokenizer.quote(template) }
        var word = "\""
        for part in parts {
            switch part {
            case .text(let text):
                guard !text.contains("\n"), !text.contains("\r") else { return nil }
                word += Self.escapedInDoubleQuotes(text)
            case .variable(let name):
                word += reference(name) ?? Self.escapedInDoubleQuotes("{{\(name)}}")
            }
        }
        return word + "\""
    }

    /// Inside `"…"` only `\`, `"` and `$` are syntax.
    static func escapedInDoubleQuotes(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "\\" || character == "\"" || character == "$" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
