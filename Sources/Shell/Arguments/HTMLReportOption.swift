import Reports

/// `--report html FILE` among a command's arguments (`diff … --spec`, `impact`).
package enum HTMLReportOption {
    /// FILE of `--report html FILE`; nil when it is not there.
    package static func file(in arguments: ParsedArguments, command: String) throws(CommandError) -> String? {
        let values = arguments.optionValues(Option.htmlReport.name)
        guard !values.isEmpty || arguments.flag(Option.htmlReport.name) else { return nil }
        let html = ReportFormat.html.rawValue
        guard values.count == 2, values[0].lowercased() == html else {
            throw CommandError("\(command): --report takes \(html), then a file: --report \(html) report.\(html)")
        }
        return values[1]
    }
}
