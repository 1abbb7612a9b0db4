import Foundation

/// One golden transcript: `Tests/Transcripts/NAME.apish` and, beside it, the whole stdout (`NAME.out`),
/// stderr (`NAME.err`) and exit status (`NAME.status`) that running it is expected to produce.
/// Tests/Transcripts/README.md describes the format for people writing them.
struct Transcript: Sendable {
    /// The file name without `.apish`.
    let name: String
    let directives: Directives

    /// `Tests/Transcripts`, found from this source file so the test runs from any working directory.
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Transcripts
        .deletingLastPathComponent()  // EndToEndTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Transcripts")

    /// The golden files a transcript owns, by extension.
    static let goldenExtensions = ["out", "err", "status"]

    /// The names of every `.apish` in the directory, sorted; a new file is a new test case.
    static func allNames() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".apish") }.map { String($0.dropLast(".apish".count)) }.sorted()
    }

    init(name: String) throws {
        self.name = name
        let script = try String(contentsOf: Self.directory.appendingPathComponent(name + ".apish"), encoding: .utf8)
        directives = try Directives(script: script)
    }

    var scriptFileName: String { name + ".apish" }

    func goldenURL(_ pathExtension: String) -> URL {
        Self.directory.appendingPathComponent(name + "." + pathExtension)
    }
}

/// The `# key: value` lines at the top of a script, before its first command. apish itself skips them as
/// comments. A repeated key adds to the earlier ones; any other comment is just a comment.
struct Directives: Sendable, Equatable {
    /// `# args: --json --timeout 0.5` — extra command-line arguments, split on spaces (no quoting).
    var arguments: [String] = []
    /// `# env: APISH_DEMO_FAULTS=1` — extra environment variables, `NAME=VALUE` separated by spaces.
    var environment: [String: String] = [:]
    /// `# locator: services-real.json` — the test starts its own demo server and passes
    /// `--locator http://127.0.0.1:PORT/NAME` instead of letting apish start the embedded one; the script
    /// reaches the server's root as `$env.APISH_DEMO_URL` (e.g. `get $env.APISH_DEMO_URL/faults/html`).
    var locator: String?
    /// `# mask: REGEX` — output that changes from run to run in this transcript only (stock prices move with
    /// the clock): each match, or each capture group when the pattern has groups, becomes `{MASKED}`.
    var masks: [String] = []

    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    init() {}

    init(script: String) throws(Invalid) {
        for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { continue }
            guard text.hasPrefix("#") else { break }
            let body = text.dropFirst().trimmingCharacters(in: .whitespaces)
            guard let colon = body.firstIndex(of: ":") else { continue }
            let key = body[..<colon].lowercased()
            let value = body[body.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "args":
                arguments += value.split(separator: " ").map(String.init)
            case "env":
                for pair in value.split(separator: " ") {
                    guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                        throw Invalid(description: "# env: takes NAME=VALUE pairs, not '\(pair)'")
                    }
                    environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
                }
            case "locator":
                guard !value.isEmpty, !value.contains(" ") else {
                    throw Invalid(description: "# locator: takes one document name of the demo server, like services-real.json")
                }
                locator = value
            case "mask":
                guard (try? NSRegularExpression(pattern: value)) != nil else {
                    throw Invalid(description: "# mask: '\(value)' is not a regular expression")
                }
                masks.append(value)
            default:
                continue
            }
        }
    }

    /// Fault routes are on when the transcript asks for them, for apish's embedded demo and ours alike.
    var wantsFaults: Bool { environment["APISH_DEMO_FAULTS"] == "1" }
}
