import APIDescriptions
import ScriptLanguage

/// `--report html FILE`: one self-contained page (inline CSS, no scripts, no links, nothing fetched) for
/// `impact`, for `diff … --spec`, and for a script run (with `--each-version`, its matrix as a grid).
/// Breaking changes come first, grouped by operation, each with the script lines it affects. Every text
/// from a spec, a script or a server is masked by `mask` and then HTML-escaped. Readable printed and in
/// a dark-mode browser.
enum HTMLReport {
    // MARK: impact

    static func impact(_ result: ImpactResult, mask: @escaping (String) -> String) -> String {
        let t = { (text: String) in escape(mask(text)) }
        var body = "<h1>Upgrade impact: \(t(result.service)) \(t(result.a)) → \(t(result.b))</h1>\n"
        body += "<p class=\"meta\">Script <code>\(t(result.file))</code></p>\n"
        body += counters([
            ("breaking", result.count(.breaking), "lines break"), ("review", result.count(.review), "to review"),
            ("ok", result.count(.ok), "untouched"), ("unknown", result.count(.unknown), "unknown"),
        ])
        // Breaking first, by operation; each finding with the lines it affects.
        var groups: [(operation: String, verdict: ImpactVerdict, rows: [(ImpactLine, ImpactFinding)])] = []
        for line in result.lines {
            for finding in line.findings where finding.verdict != .ok {
                let operation = finding.operation ?? "script"
                if let index = groups.firstIndex(where: { $0.operation == operation }) {
                    groups[index].rows.append((line, finding))
                    if finding.verdict.rank < groups[index].verdict.rank { groups[index].verdict = finding.verdict }
                } else {
                    groups.append((operation, finding.verdict, [(line, finding)]))
                }
            }
        }
        groups = groups.enumerated().sorted { ($0.element.verdict.rank, $0.offset) < ($1.element.verdict.rank, $1.offset) }.map(\.element)
        if !groups.isEmpty {
            body += "<h2>By operation</h2>\n"
        }
        for group in groups {
            body += "<section class=\"group \(group.verdict.rawValue)\">\n<h3>\(t(group.operation)) \(badge(group.verdict))</h3>\n<ul>\n"
            let ordered = group.rows.enumerated().sorted { ($0.element.1.verdict.rank, $0.offset) < ($1.element.1.verdict.rank, $1.offset) }
            for (line, finding) in ordered.map(\.element) {
                body += "<li>\(badge(finding.verdict)) \(t(finding.what))<br><span class=\"where\">line \(line.number):</span> <code>\(t(line.text))</code></li>\n"
            }
            body += "</ul>\n</section>\n"
        }
        body += "<h2>Every line</h2>\n<table>\n<thead><tr><th>line</th><th>command</th><th>what changes</th><th>verdict</th>"
        let ran = result.lines.contains { $0.runA != nil }
        if ran { body += "<th>\(t(result.a))</th><th>\(t(result.b))</th>" }
        body += "</tr></thead>\n<tbody>\n"
        for line in result.lines {
            for (index, finding) in line.findings.enumerated() {
                body += "<tr class=\"\(finding.verdict.rawValue)\"><td class=\"num\">\(index == 0 ? String(line.number) : "")</td>"
                body += "<td><code>\(index == 0 ? t(line.text) : "")</code></td><td>\(t(finding.what))</td><td>\(badge(finding.verdict))</td>"
                if ran {
                    body += "<td>\(index == 0 ? run(line.runA) : "")</td><td>\(index == 0 ? run(line.runB) : "")</td>"
                }
                body += "</tr>\n"
            }
        }
        body += "</tbody>\n</table>\n<p class=\"summary\">\(t(result.summary))</p>\n"
        return page(title: "apish impact: \(mask(result.service)) \(mask(result.a)) → \(mask(result.b))", body: body)
    }

    private static func run(_ result: ImpactRunResult?) -> String {
        switch result {
        case .passed?: "<span class=\"cell pass\">passed</span>"
        case .failed(let message)?: "<span class=\"cell fail\" title=\"\(escape(message))\">failed</span>"
        case .notRun?: "<span class=\"cell\">not run</span>"
        case nil: ""
        }
    }

    // MARK: diff --spec

    static func specDiff(_ report: SpecDiff.Report, service: String, a: String, b: String, summary: String,
                         mask: @escaping (String) -> String) -> String {
        let t = { (text: String) in escape(mask(text)) }
        var body = "<h1>Spec diff: \(t(service)) \(t(a)) → \(t(b))</h1>\n"
        body += counters([("breaking", report.breaking, "breaking"), ("review", report.count(.warning), "warnings"),
                          ("ok", report.count(.info), "info")])
        let (shown, added) = SpecChangeList.folded(report.changes)
        var operations: [String] = []
        var byOperation: [String: [SpecChange]] = [:]
        for change in shown {
            if byOperation[change.operation] == nil { operations.append(change.operation) }
            byOperation[change.operation, default: []].append(change)
        }
        func level(of operation: String) -> SpecChangeLevel {
            byOperation[operation]?.map(\.level).min() ?? .info
        }
        let ordered = operations.enumerated().sorted { (level(of: $0.element), $0.offset) < (level(of: $1.element), $1.offset) }.map(\.element)
        for operation in ordered {
            let list = (byOperation[operation] ?? []).enumerated().sorted { ($0.element.level, $0.offset) < ($1.element.level, $1.offset) }.map(\.element)
            let verdict = ImpactVerdict(level(of: operation))
            body += "<section class=\"group \(verdict.rawValue)\">\n<h3>\(t(operation))</h3>\n"
            if let users = list.first?.usedBy, !users.isEmpty {
                body += "<p class=\"where\">used by: \(t(SpecChangeList.usedBy(users)))</p>\n"
            }
            body += "<table>\n<tbody>\n"
            for change in list {
                let rowVerdict = ImpactVerdict(change.level)
                body += "<tr class=\"\(rowVerdict.rawValue)\"><td><span class=\"badge \(rowVerdict.rawValue)\">\(change.level.rawValue)</span></td>"
                body += "<td><code>\(t(change.location))</code></td><td>\(t(change.what))</td><td><code>\(t(change.id))</code></td></tr>\n"
            }
            body += "</tbody>\n</table>\n</section>\n"
        }
        if !added.isEmpty {
            body += "<section class=\"group ok\">\n<details><summary>\(added.count) operations added</summary>\n<ul>\n"
            body += added.map { "<li><code>\(t($0.operation))</code>\($0.b.map { " " + t($0) } ?? "")</li>\n" }.joined()
            body += "</ul>\n</details>\n</section>\n"
        }
        body += "<p class=\"summary\">\(t(summary))</p>\n"
        return page(title: "apish spec diff: \(mask(service)) \(mask(a)) → \(mask(b))", body: body)
    }

    // MARK: a script run

    static func scriptRun(_ report: TestReport, matrix: EachVersionMatrix?, mask: @escaping (String) -> String) -> String {
        let t = { (text: String) in escape(mask(text)) }
        var body = "<h1>Script run</h1>\n"
        var counted = [("breaking", report.failures, "failed"), ("ok", report.tests - report.failures, "passed")]
        // An answer that broke its schema is never hidden, passed or not (the JUnit and TAP reports count it too).
        if report.schemaViolations > 0 { counted.append(("review", report.schemaViolations, "schema violations")) }
        body += counters(counted)
        if let matrix {
            body += "<h2>\(t(matrix.service)): version × result</h2>\n<table class=\"grid\">\n<thead><tr><th>line</th><th>command</th>"
            for cell in matrix.cells { body += "<th>\(t(cell.version))</th>" }
            body += "</tr></thead>\n<tbody>\n"
            // One row per script line, one column per version: green passed, red failed.
            var rows: [(key: String, line: Int, name: String)] = []
            var outcome: [String: [String: ImpactRunResult]] = [:]
            for suite in report.suites {
                let version = matrix.cells.first { suite.label?.hasSuffix(" " + $0.version) == true }?.version ?? suite.label ?? ""
                for result in suite.cases {
                    let key = "\(result.location?.file ?? suite.file):\(result.location?.line ?? 0)"
                    if outcome[key] == nil { rows.append((key, result.location?.line ?? 0, result.name)) }
                    if let failure = result.failure {
                        outcome[key, default: [:]][version] = .failed(failure)
                    } else if outcome[key]?[version] == nil {
                        outcome[key, default: [:]][version] = .passed
                    }
                }
            }
            for row in rows {
                body += "<tr><td class=\"num\">\(row.line)</td><td><code>\(t(row.name))</code></td>"
                for cell in matrix.cells {
                    switch outcome[row.key]?[cell.version] {
                    case .failed(let failure)?: body += "<td class=\"cell fail\" title=\"\(t(failure))\">✗ failed</td>"
                    case .passed?: body += "<td class=\"cell pass\">✓ passed</td>"
                    default: body += "<td class=\"cell\">–</td>"
                    }
                }
                body += "</tr>\n"
            }
            body += "</tbody>\n</table>\n"
        }
        let failed = report.suites.flatMap { suite in suite.cases.filter { $0.failure != nil }.map { (suite, $0) } }
        if !failed.isEmpty {
            body += "<h2>Failures</h2>\n<ul>\n"
            for (suite, result) in failed {
                let location = result.location.map { "\($0)" } ?? suite.name
                body += "<li class=\"breaking\">\(badge(.breaking)) <span class=\"where\">\(t(location))\(suite.label.map { " [\(t($0))]" } ?? "")</span> <code>\(t(result.name))</code><br>\(t(result.failure ?? ""))</li>\n"
            }
            body += "</ul>\n"
        }
        for suite in report.suites {
            body += "<h2>\(t(suite.name))</h2>\n<table>\n<tbody>\n"
            for result in suite.cases {
                let verdict: ImpactVerdict = result.failure == nil ? .ok : .breaking
                body += "<tr class=\"\(verdict.rawValue)\"><td class=\"num\">\(result.location.map { String($0.line) } ?? "")</td><td><code>\(t(result.name))</code></td>"
                body += "<td>\(result.failure == nil ? "<span class=\"badge ok\">passed</span>" : "<span class=\"badge breaking\">failed</span> " + t(result.failure ?? ""))"
                if let violation = result.schemaViolation {
                    body += " <span class=\"badge review\">schema</span> \(t(violation))"
                }
                body += "</td></tr>\n"
            }
            body += "</tbody>\n</table>\n"
        }
        return page(title: "apish script run", body: body)
    }

    // MARK: Pieces

    private static func badge(_ verdict: ImpactVerdict) -> String {
        "<span class=\"badge \(verdict.rawValue)\">\(verdict.rawValue)</span>"
    }

    private static func counters(_ items: [(String, Int, String)]) -> String {
        "<div class=\"counters\">" + items.map { "<div class=\"counter \($0.0)\"><b>\($0.1)</b> \(escape($0.2))</div>" }.joined() + "</div>\n"
    }

    /// Text as HTML: `&`, `<`, `>`, quotes escaped; control characters other than tab and newline dropped.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20 && scalar.value != 0x7F { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    private static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(escape(title))</title>
        <style>
        \(css)
        </style>
        </head>
        <body>
        <main>
        \(body)</main>
        </body>
        </html>

        """
    }

    private static let css = """
    :root { --bg: #ffffff; --fg: #1d232b; --muted: #5b6673; --line: #d9dee4; --card: #f5f7f9;
      --bad: #b42318; --bad-bg: #fde8e6; --warn: #8a5a00; --warn-bg: #fff3d6; --good: #1f7a3a; --good-bg: #e3f5e8;
      --unk: #4b4fa6; --unk-bg: #eceefe; }
    @media (prefers-color-scheme: dark) {
      :root { --bg: #14171b; --fg: #e6e9ed; --muted: #9aa4b0; --line: #2c323a; --card: #1c2026;
        --bad: #ff8f84; --bad-bg: #4a1a17; --warn: #ffd27a; --warn-bg: #3d2f0e; --good: #7fdc98; --good-bg: #133521;
        --unk: #b3b6ff; --unk-bg: #25274a; }
    }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
    main { max-width: 1100px; margin: 0 auto; padding: 24px; }
    h1 { font-size: 1.6em; margin: 0 0 4px; }
    h2 { font-size: 1.2em; margin: 28px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
    h3 { font-size: 1.05em; margin: 0 0 6px; }
    code { font: 13px/1.4 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; word-break: break-word; }
    .meta, .where, .summary { color: var(--muted); }
    .counters { display: flex; gap: 12px; flex-wrap: wrap; margin: 16px 0; }
    .counter { padding: 10px 16px; border-radius: 8px; background: var(--card); border: 1px solid var(--line); }
    .counter b { font-size: 1.5em; margin-right: 4px; }
    .counter.breaking b { color: var(--bad); } .counter.review b { color: var(--warn); }
    .counter.ok b { color: var(--good); } .counter.unknown b { color: var(--unk); }
    .group { border: 1px solid var(--line); border-left: 6px solid var(--good); border-radius: 8px; padding: 12px 16px; margin: 12px 0; background: var(--card); }
    .group.breaking { border-left-color: var(--bad); } .group.review { border-left-color: var(--warn); } .group.unknown { border-left-color: var(--unk); }
    .group ul { margin: 0; padding-left: 18px; } .group li { margin: 6px 0; }
    table { border-collapse: collapse; width: 100%; }
    th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid var(--line); }
    th { color: var(--muted); font-weight: 600; }
    td.num { color: var(--muted); text-align: right; width: 3em; }
    .badge { display: inline-block; padding: 0 8px; border-radius: 10px; font-size: 12px; font-weight: 600; white-space: nowrap; }
    .badge.breaking { color: var(--bad); background: var(--bad-bg); } .badge.review { color: var(--warn); background: var(--warn-bg); }
    .badge.ok { color: var(--good); background: var(--good-bg); } .badge.unknown { color: var(--unk); background: var(--unk-bg); }
    .cell { font-weight: 600; white-space: nowrap; }
    .cell.pass { color: var(--good); background: var(--good-bg); } .cell.fail { color: var(--bad); background: var(--bad-bg); }
    table.grid td.cell { text-align: center; }
    @media print {
      :root { --bg: #ffffff; --fg: #000000; --muted: #444444; --line: #bbbbbb; --card: #ffffff; }
      body { font-size: 11pt; } main { max-width: none; padding: 0; }
      .group, tr { break-inside: avoid; }
      .badge, .cell { border: 1px solid currentColor; }
      * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
    }
    """
}
