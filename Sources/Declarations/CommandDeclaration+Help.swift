extension CommandDeclaration {
    /// `apish serve --help`: the usage line, the abstract and discussion, then each positional and option
    /// with its one-line help.
    public var help: String {
        var lines = ["USAGE: " + synopsis, "", abstract]
        if !discussion.isEmpty { lines += [""] + discussion }
        let rows = positionals.map { ($0.placeholder, $0.help) } + options.map { ($0.synopsis, $0.help) }
        let column = (rows.map(\.0.count).max() ?? 0) + 4
        if !positionals.isEmpty {
            lines += ["", "ARGUMENTS:"]
            lines += positionals.map { Self.row($0.placeholder, $0.help, column: column) }
        }
        if !options.isEmpty {
            lines += ["", "OPTIONS:"]
            lines += options.map { Self.row($0.synopsis, $0.help, column: column) }
        }
        return lines.joined(separator: "\n")
    }

    private static func row(_ label: String, _ help: String, column: Int) -> String {
        "  " + label + String(repeating: " ", count: max(1, column - label.count - 2)) + help
    }
}
