import Facade
import FoundationFree
import JSON

/// The result of `--each-version SERVICE`: one cell per version the script ran on.
public struct EachVersionMatrix: Sendable, Equatable {
    public struct Cell: Sendable, Equatable {
        public let version: String
        public let failureCount: Int
        public let firstFailure: ScriptFailure?

        public init(version: String, failureCount: Int, firstFailure: ScriptFailure?) {
            self.version = version
            self.failureCount = failureCount
            self.firstFailure = firstFailure
        }

        public var ok: Bool { failureCount == 0 }
    }

    public let service: String
    public let cells: [Cell]

    public init(service: String, cells: [Cell]) {
        self.service = service
        self.cells = cells
    }

    public var ok: Bool { cells.allSatisfy(\.ok) }

    /// ```
    /// version  result    first failure
    /// v1       1 failed  t.apish:4: expected currentConditions to exist, but …
    /// v2       ok
    /// ```
    public var text: String {
        let rows = [["version", "result", "first failure"]] + cells.map { cell in
            [cell.version, cell.ok ? "ok" : "\(cell.failureCount) failed", cell.firstFailure?.description ?? ""]
        }
        let widths = (0..<2).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            let line = row[0].paddedWithSpaces(toLength: widths[0] + 2)
                + row[1].paddedWithSpaces(toLength: widths[1] + 2) + row[2]
            return String(line.reversed().drop { $0 == " " }.reversed())
        }.joined(separator: "\n") + "\n"
    }

    /// The one object `--json` prints:
    /// `{"command":"each-version","ok":…,"service":…,"matrix":[{"version":"v1","ok":false,"failures":1,"firstFailure":"…"}]}`.
    public var json: JSONValue {
        .object(JSONObject([
            ("command", .string("each-version")), ("ok", .bool(ok)), ("service", .string(service)),
            ("matrix", .array(cells.map { cell in
                .object(JSONObject([
                    ("version", .string(cell.version)), ("ok", .bool(cell.ok)),
                    ("failures", .number(JSONNumber(cell.failureCount))),
                    ("firstFailure", cell.firstFailure.map { .string($0.description) } ?? .null),
                ]))
            })),
        ]))
    }
}
