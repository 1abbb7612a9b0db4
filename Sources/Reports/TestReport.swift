import ScriptLanguage
import Rendering
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The commands and expectations of one or more runs of a script as test cases, grouped into suites by
/// file (a sourced file is its own suite), for `--report junit|tap`.
public struct TestReport: Sendable, Equatable {
    /// One file's cases in one run.
    public struct Suite: Sendable, Equatable {
        public let file: String
        /// Which run it belongs to when there are several (`weather v1`).
        public let label: String?
        public let cases: [CaseResult]

        public init(file: String, label: String? = nil, cases: [CaseResult]) {
            self.file = file
            self.label = label
            self.cases = cases
        }

        /// `t.apish`, or `t.apish [weather v1]` for a labelled run.
        public var name: String { label.map { "\(file) [\($0)]" } ?? file }

        public var failures: Int { cases.filter { $0.failure != nil }.count }
        /// Answers that did not match their schema, failed or not.
        public var schemaViolations: Int { cases.filter { $0.schemaViolation != nil }.count }
        public var time: TimeInterval { cases.reduce(0) { $0 + $1.duration } }
    }

    /// One run of the script: its cases and, for `--each-version`, which version it ran on.
    public struct Run: Sendable, Equatable {
        public let label: String?
        public let cases: [CaseResult]

        public init(label: String? = nil, cases: [CaseResult]) {
            self.label = label
            self.cases = cases
        }
    }

    public let suites: [Suite]

    public init(suites: [Suite]) {
        self.suites = suites
    }

    /// Groups each run's cases by file, in order of first appearance; cases without a location
    /// (typed at a prompt) go to `apish`.
    public init(runs: [Run]) {
        var suites: [Suite] = []
        for run in runs {
            var order: [String] = []
            var byFile: [String: [CaseResult]] = [:]
            for result in run.cases {
                let file = result.location?.file ?? "apish"
                if byFile[file] == nil { order.append(file) }
                byFile[file, default: []].append(result)
            }
            for file in order {
                suites.append(Suite(file: file, label: run.label, cases: byFile[file] ?? []))
            }
        }
        self.suites = suites
    }

    public var tests: Int { suites.reduce(0) { $0 + $1.cases.count } }
    public var failures: Int { suites.reduce(0) { $0 + $1.failures } }
    public var schemaViolations: Int { suites.reduce(0) { $0 + $1.schemaViolations } }
    public var time: TimeInterval { suites.reduce(0) { $0 + $1.time } }

    package static func seconds(_ time: TimeInterval) -> String {
        Formatting.decimal(max(0, time), places: 3)
    }
}
