/// A unified-style diff of two texts, enough to read a failed transcript: the lines they share at the start
/// and at the end are set aside, and what lies between becomes one hunk with a little context around it.
enum LineDiff {
    /// nil when the texts are equal.
    static func unified(expected: String, actual: String, expectedLabel: String, actualLabel: String,
                        context: Int = 3, maximumLines: Int = 40) -> String? {
        guard expected != actual else { return nil }
        let old = lines(expected), new = lines(actual)
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }

        let start = max(0, prefix - context)
        let oldEnd = min(old.count, old.count - suffix + context)
        let newEnd = min(new.count, new.count - suffix + context)
        var hunk: [String] = []
        hunk += old[start..<prefix].map { " " + $0 }
        hunk += old[prefix..<(old.count - suffix)].map { "-" + $0 }
        hunk += new[prefix..<(new.count - suffix)].map { "+" + $0 }
        hunk += old[(old.count - suffix)..<oldEnd].map { " " + $0 }

        var output = ["--- \(expectedLabel)", "+++ \(actualLabel)",
                      "@@ -\(start + 1),\(oldEnd - start) +\(start + 1),\(newEnd - start) @@"]
        output += hunk.prefix(maximumLines)
        if hunk.count > maximumLines { output.append("… \(hunk.count - maximumLines) more lines") }
        return output.joined(separator: "\n")
    }

    /// Lines with a missing final newline made visible, since it is a difference too.
    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" {
            lines.removeLast()
        } else if !text.isEmpty {
            lines[lines.count - 1] += "⏎ (no newline at end)"
        }
        return lines
    }
}
