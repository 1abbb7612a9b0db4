import Facade
import HTTPClient
import HTTPTypes
import FoundationFree
import APIDescriptions
import Reports
import Shell

/// `diff SERVICE [A [B]] [--all] [--schema] [name==value…]` and `diff SERVICE A B --spec [--breaking] [--only ID…]
/// [--path PREFIX] [--format text|json|markdown|html]`, parsed; which versions those mean
/// is decided against the locator by `DiffCommand`.
struct DiffArguments: Equatable {
    var service: String
    /// Zero, one or two versions as typed (`v1`, `2`, `latest`).
    var versions: [String] = []
    /// Also list what stayed the same.
    var all = false
    /// Compare shapes (field → type) only.
    var schema = false
    /// Compare the two versions' OpenAPI documents, not their answers.
    var spec = false
    /// `city==Boston`, sent to both versions.
    var query: [FormField] = []
    /// `--breaking`, `--only ID…`, `--path PREFIX` (with `--spec`).
    var filter = SpecChangeFilter()
    /// `--format text|json|markdown|html` (with `--spec`).
    var format: SpecDiffFormat = .text
    /// `--fail-on breaking|warning` (with `--spec`): the command fails when a change of this level or a
    /// graver one is found.
    var failOn: SpecChangeLevel?
    /// `--check-version` (with `--spec`): the command fails when `info.version` did not step as far as the
    /// changes call for (`SemverBump`).
    var checkVersion = false
    /// `--against REV` (with `--spec`): each version's description file read as git revision REV holds it.
    var against: String?

    /// The two forms of `diff`: answers compared, or (`--spec`) descriptions.
    static var signature: CommandSignature {
        let versions = [Positional("SERVICE", .service), Positional("A", .version, .optional), Positional("B", .version, .optional)]
        return CommandSignature([
            ArgumentForm(versions, options: [.flag("--all", aliases: ["-a"]), .flag("--schema", aliases: ["-s"])], items: .query),
            ArgumentForm(versions, options: [
                Option("--spec", required: true), .flag("--breaking"),
                Option("--only", value: ("ID…", .choice(SpecChangeRules.levels.keys.sorted())), repeats: true),
                Option("--path", value: ("PREFIX", .text)), .choice("--format", SpecDiffFormat.allCases.map(\.rawValue)),
                .choice("--fail-on", ["breaking", "warning"]), .flag("--check-version"),
                Option("--against", value: ("REV", .text)), .htmlReport,
            ]),
        ])
    }

    /// Why the words fit neither form: an option of one form given in the other says what it is for.
    static func explain(_ mismatch: CommandSignature.Mismatch, words: [String]) -> CommandError {
        let specOnly = ["--breaking", "--only", "--path", "--format", "--report", "--fail-on", "--check-version", "--against"]
        if !words.contains("--spec"), let given = words.first(where: specOnly.contains) {
            return CommandError("diff: \(given) is for diff SERVICE A B --spec")
        }
        if words.contains("--spec"), words.contains(where: { ["--all", "-a", "--schema", "-s"].contains($0) || QueryItem.parse($0) != nil }) {
            return CommandError("diff --spec compares the versions' OpenAPI documents: --all, --schema and name==value do not apply")
        }
        let usage = signature.usage("diff")
        return CommandError(mismatch.problem.map { "diff: \($0); usage: \(usage)" } ?? "usage: \(usage)")
    }

}

/// How `diff --spec` writes its changes: the grouped lines, its JSON data, a Markdown changelog or an
/// HTML page.
enum SpecDiffFormat: String, Equatable, CaseIterable {
    case text, json, markdown, html
}

extension DiffArguments {
    /// The arguments its signature read.
    package init(_ parsed: ParsedArguments) throws(CommandError) {
        service = parsed.value("SERVICE") ?? ""
        versions = parsed.values("A") + parsed.values("B")
        all = parsed.flag("--all")
        schema = parsed.flag("--schema")
        spec = parsed.flag("--spec")
        query = parsed.items.compactMap(QueryItem.parse)
        filter.breakingOnly = parsed.flag("--breaking")
        for id in parsed.optionValues("--only").flatMap({ $0.split(separator: ",").map(String.init) }) {
            let known = id.hasSuffix("*") ? SpecChangeRules.levels.keys.contains { $0.hasPrefix(id.dropLast()) } : SpecChangeRules.knows(id)
            guard known else {
                let hint = Suggestions.closest(to: id, in: Array(SpecChangeRules.levels.keys)).map { "; did you mean \($0)?" } ?? ""
                throw CommandError("diff: --only: no change has the id '\(id)'\(hint)")
            }
            filter.ids.append(id)
        }
        filter.pathPrefix = parsed.option("--path")
        if let text = parsed.option("--format") {
            guard let chosen = SpecDiffFormat(rawValue: text.lowercased()) else {
                throw CommandError("diff: --format takes text, json, markdown or html, not '\(text)'")
            }
            format = chosen
        }
        if let level = parsed.option("--fail-on") {
            guard let chosen = SpecChangeLevel(rawValue: level.lowercased()), chosen != .info else {
                throw CommandError("diff: --fail-on takes breaking or warning, not '\(level)'")
            }
            failOn = chosen
        }
        checkVersion = parsed.flag("--check-version")
        against = parsed.option("--against")
    }
}
