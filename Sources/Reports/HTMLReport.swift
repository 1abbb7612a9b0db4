import APIDescriptions
import ScriptLanguage

/// `--report html FILE`: one self-contained page (inline CSS, no scripts, no links, nothing fetched) for
/// `impact`, for `diff … --spec`, and for a script run (with `--each-version`, its matrix as a grid).
/// Breaking changes come first, grouped by operation, each with the script lines it affects. Every text
/// from a spec, a script or a server is masked by `mask` and then HTML-escaped. Readable printed and in
/// a dark-mode browser.
package enum HTMLReport {
    // MARK: impact

    package static func impact(_ result: ImpactResult, mask: @escaping (String) -> String) -> String {
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

    package static func specDiff(_ report: SpecDiff.Report, service: String, a: String, b: String, summary: String,
                         mask: @escaping (String) -> String) -> String {
        let t = { (text: String) in escape(mask(text)) }
        var body = "<h1>Spec diff: \(service.isEmpty ? "" : t(service) + " ")\(t(a)) → \(t(b))</h1>\n"
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

    package static func scriptRun(_ report: TestReport, matrix: EachVersionMatrix?, mask: @escaping (String) -> String) -> String {
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
    package static func escape(_ text: String) -> String {
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

    /// The page every report is (`Templates/page.html`), its `{{title}}`, `{{css}}` and `{{body}}` filled in.
    private static func page(title: String, body: String) -> String {
        fill(pageTemplate, ["title": escape(title), "css": css, "body": body])
    }

    /// The markup and the style sheet of every report, embedded at build time (Package.swift's resources).
    private static let pageTemplate = String(decoding: PackageResources.page_html, as: UTF8.self)
    private static let css = String(decoding: PackageResources.report_css, as: UTF8.self)

    /// `template` with each `{{name}}` of `values` replaced, in one pass: a value is never read for names.
    private static func fill(_ template: String, _ values: [String: String]) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.firstRange(of: "{{") {
            result += rest[..<open.lowerBound]
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.firstRange(of: "}}"), let value = values[String(afterOpen[..<close.lowerBound])] else {
                result += "{{"
                rest = afterOpen
                continue
            }
            result += value
            rest = afterOpen[close.upperBound...]
        }
        return result + rest
    }
}
