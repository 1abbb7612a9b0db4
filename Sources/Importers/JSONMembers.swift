/// The top-level members of a JSON object body that may hold unquoted `{{variables}}` (`"age": {{age}}`),
/// each with its value's text as written, so each can become a `name:=VALUE` item whose variables expand.
enum JSONMembers {
    /// nil when `text` is not one object of `"key": value` members.
    static func split(_ text: String) -> [(key: String, value: String)]? {
        let body = text.trimmingCharacters(in: " \t\n\r")
        guard body.first == "{", body.last == "}" else { return nil }
        let inner = Array(body.dropFirst().dropLast())
        var members: [(String, String)] = []
        var current: [Character] = []
        var depth = 0
        var inString = false
        var escaped = false
        func flush() -> Bool {
            let member = String(current).trimmingCharacters(in: " \t\n\r")
            current = []
            if member.isEmpty { return members.isEmpty }
            guard member.first == "\"", let colon = keyEnd(member) else { return false }
            let keyText = String(member[member.index(after: member.startIndex)..<colon])
            let rest = member[member.index(after: colon)...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            guard rest.first == ":" else { return false }
            let value = String(rest.dropFirst()).trimmingCharacters(in: " \t\n\r")
            guard !value.isEmpty, !keyText.contains("\\") else { return false }
            members.append((keyText, value))
            return true
        }
        for character in inner {
            if inString {
                current.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case "{", "[": depth += 1
            case "}", "]": depth -= 1
            case "," where depth == 0:
                guard flush() else { return nil }
                continue
            default: break
            }
            current.append(character)
        }
        guard flush(), depth == 0, !inString else { return nil }
        return members
    }

    /// The closing quote of the key that starts `member`.
    private static func keyEnd(_ member: String) -> String.Index? {
        var index = member.index(after: member.startIndex)
        while index < member.endIndex {
            if member[index] == "\"" { return index }
            index = member.index(after: index)
        }
        return nil
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let scalars = Set(set).union(["\r\n"])
        var start = startIndex
        var end = endIndex
        while start < end, scalars.contains(self[start]) { start = index(after: start) }
        while end > start, scalars.contains(self[index(before: end)]) { end = index(before: end) }
        return String(self[start..<end])
    }
}
