import JSON
import APIDescriptions

/// How much a change between two versions matters to one line of a script.
public enum ImpactVerdict: String, Sendable, Equatable, CaseIterable {
    /// The line fails, or does something else, on the newer version.
    case breaking
    /// The line may still work; a person should look (a narrowed value that is still allowed, an
    /// ignored parameter).
    case review
    /// Nothing the line depends on changed, or the change is followed on its own.
    case ok
    /// The line cannot be resolved without running the script (a target built from a capture).
    case unknown

    /// How a line sees a spec change of `level`: breaking breaks it, a warning is to review, info leaves it.
    package init(_ level: SpecChangeLevel) {
        switch level {
        case .breaking: self = .breaking
        case .warning: self = .review
        case .info: self = .ok
        }
    }

    /// Worst first: what a line's verdict is when it has several findings.
    var rank: Int {
        switch self {
        case .breaking: 0
        case .unknown: 1
        case .review: 2
        case .ok: 3
        }
    }
}

/// One thing the change A → B does to one line of a script.
public struct ImpactFinding: Sendable, Equatable {
    /// `operation renamed`, `parameter removed`, `response property changed type`, `status removed`, …
    public let kind: String
    /// `operation showPetById renamed to getPetById (GET /pets/{petId})`.
    public let what: String
    public var verdict: ImpactVerdict
    /// The operation of version A the line reaches (`showPetById`, `GET /pets/{petId}`), when known.
    public let operation: String?

    public init(kind: String, what: String, verdict: ImpactVerdict, operation: String?) {
        self.kind = kind
        self.what = what
        self.verdict = verdict
        self.operation = operation
    }
}

/// What `impact --run` saw a line do on one version.
public enum ImpactRunResult: Sendable, Equatable {
    case passed
    case failed(String)
    /// The line did not run (a `--fail-fast` stop, a line never reached).
    case notRun

    package var text: String {
        switch self {
        case .passed: "passed"
        case .failed: "failed"
        case .notRun: "not run"
        }
    }
}

/// One line of the script that reaches the service, with everything the change does to it.
public struct ImpactLine: Sendable, Equatable {
    public let number: Int
    /// The command as written (secrets masked).
    public let text: String
    public var findings: [ImpactFinding]
    /// With `--run`: what the line did on A and on B.
    public var runA: ImpactRunResult?
    public var runB: ImpactRunResult?

    public init(number: Int, text: String, findings: [ImpactFinding]) {
        self.number = number
        self.text = text
        self.findings = findings
    }

    /// The worst verdict among the findings.
    public var verdict: ImpactVerdict {
        findings.map(\.verdict).min { $0.rank < $1.rank } ?? .ok
    }
}

/// Everything `impact FILE SERVICE A B` found.
public struct ImpactResult: Sendable, Equatable {
    public let file: String
    public let service: String
    public let a: String
    public let b: String
    /// By line number.
    public var lines: [ImpactLine]

    public init(file: String, service: String, a: String, b: String, lines: [ImpactLine]) {
        self.file = file
        self.service = service
        self.a = a
        self.b = b
        self.lines = lines
    }

    public func count(_ verdict: ImpactVerdict) -> Int {
        lines.count { $0.verdict == verdict }
    }

    /// Whether a line breaks: `impact` then exits 1.
    public var breaks: Bool { count(.breaking) > 0 }

    /// `impact of petstore v1 → v3 on upgrade.apish: 3 lines break, 1 to review, 4 untouched, 0 unknown`.
    public var summary: String {
        let breaking = count(.breaking)
        return "impact of \(service) \(a) → \(b) on \(file): \(breaking) line\(breaking == 1 ? "" : "s") break\(breaking == 1 ? "s" : ""), "
            + "\(count(.review)) to review, \(count(.ok)) untouched, \(count(.unknown)) unknown"
    }

    /// `FILE:LINE: <command>: <what changes> — verdict`, one per finding, grouped by line; with `--run`
    /// each ends with what happened on A and B.
    public var findingLines: [String] {
        lines.flatMap { line in
            line.findings.map { finding in
                var text = "\(file):\(line.number): \(line.text): \(finding.what) — \(finding.verdict.rawValue)"
                if let runA = line.runA, let runB = line.runB {
                    text += " (ran: \(a) \(runA.text), \(b) \(runB.text))"
                }
                return text
            }
        }
    }

    /// The one object of `--json`: every finding, then the counts.
    public var json: JSONValue {
        var findings: [JSONValue] = []
        for line in lines {
            for finding in line.findings {
                var fields: [(String, JSONValue)] = [
                    ("line", .number(JSONNumber(line.number))), ("command", .string(line.text)),
                    ("kind", .string(finding.kind)), ("change", .string(finding.what)),
                    ("verdict", .string(finding.verdict.rawValue)),
                    ("operation", finding.operation.map(JSONValue.string) ?? .null),
                ]
                if let runA = line.runA, let runB = line.runB {
                    fields.append(("run", .object(JSONObject([(a, .string(runA.text)), (b, .string(runB.text))]))))
                }
                findings.append(.object(JSONObject(fields)))
            }
        }
        return .object(JSONObject([
            ("file", .string(file)), ("service", .string(service)), ("a", .string(a)), ("b", .string(b)),
            ("findings", .array(findings)),
            ("breaking", .number(JSONNumber(count(.breaking)))), ("review", .number(JSONNumber(count(.review)))),
            ("untouched", .number(JSONNumber(count(.ok)))), ("unknown", .number(JSONNumber(count(.unknown)))),
            ("summary", .string(summary)),
        ]))
    }
}
