/// `--report html FILE` among a command's arguments (`diff … --spec`, `impact`).
enum HTMLReportOption {
    /// Removes `--report html FILE` from `arguments` and returns FILE; nil when it is not there.
    static func extract(from arguments: inout [String], command: String) throws(CommandError) -> String? {
        guard let index = arguments.firstIndex(of: "--report") else { return nil }
        guard index + 2 < arguments.count, arguments[index + 1].lowercased() == "html" else {
            throw CommandError("\(command): --report takes html, then a file: --report html report.html")
        }
        let path = arguments[index + 2]
        arguments.removeSubrange(index...(index + 2))
        return path
    }
}
