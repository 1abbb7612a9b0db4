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

    static let serviceArgument = Positional("SERVICE", .service, help: "the service whose versions are compared")
    static let a = Positional("A", .version, .optional, help: "the first version (else the second highest; with B left out, the active one is B)")
    static let b = Positional("B", .version, .optional, help: "the second version (else the active one)")
    static let allFlag = Flag("--all", aliases: ["-a"], help: "also list what stayed the same")
    static let schemaFlag = Flag("--schema", aliases: ["-s"], help: "compare field types only, ignoring values")
    static let specFlag = Flag("--spec", required: true,
                               help: "compare the versions' OpenAPI documents; each change has an id and a level (breaking, warning, info)")
    static let breaking = Flag("--breaking", help: "only the breaking changes")
    static let only = Option("--only", value: ("ID…", .choice(SpecChangeRules.levels.keys.sorted())), repeats: true,
                             help: "only changes with these ids, comma-separated (request-* for every id that begins so)")
    static let path = Option("--path", value: ("PREFIX", .text), help: "only operations whose path begins with PREFIX")
    static let formatOption = TypedOption<SpecDiffFormat>("--format", help: "text, json, markdown (a changelog for release notes) or html")
    static let failOnOption = TypedOption<FailLevel>("--fail-on", help: "fail when a change of this level or a graver one is found")
    static let checkVersionFlag = Flag("--check-version", help: "fail when info.version did not step as far as the changes call for")
    static let againstOption = Option("--against", value: ("REV", .text), help: "each version's description file as git revision REV holds it")

    /// `--fail-on breaking|warning`.
    enum FailLevel: String, ArgumentChoice {
        case breaking, warning

        var level: SpecChangeLevel {
            switch self {
            case .breaking: .breaking
            case .warning: .warning
            }
        }
    }

    /// The two forms of `diff`: answers compared, or (`--spec`) descriptions.
    static var signature: CommandSignature {
        let versions = [serviceArgument, a, b]
        return CommandSignature([
            ArgumentForm(versions, options: [allFlag, schemaFlag], items: .query),
            ArgumentForm(versions, options: [specFlag, breaking, only, path, formatOption, failOnOption, checkVersionFlag, againstOption,
                                             Option.htmlReport]),
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

extension DiffArguments {
    /// The arguments its signature read.
    package init(_ parsed: ParsedArguments) throws(CommandError) {
        service = parsed[Self.serviceArgument] ?? ""
        versions = parsed.values(Self.a) + parsed.values(Self.b)
        all = parsed[Self.allFlag]
        schema = parsed[Self.schemaFlag]
        spec = parsed[Self.specFlag]
        query = parsed.items.compactMap(QueryItem.parse)
        filter.breakingOnly = parsed[Self.breaking]
        for id in parsed.values(Self.only).flatMap({ $0.split(separator: ",").map(String.init) }) {
            let known = id.hasSuffix("*") ? SpecChangeRules.levels.keys.contains { $0.hasPrefix(id.dropLast()) } : SpecChangeRules.knows(id)
            guard known else {
                let hint = Suggestions.closest(to: id, in: Array(SpecChangeRules.levels.keys)).map { "; did you mean \($0)?" } ?? ""
                throw CommandError("diff: --only: no change has the id '\(id)'\(hint)")
            }
            filter.ids.append(id)
        }
        filter.pathPrefix = parsed[Self.path]
        format = parsed[Self.formatOption] ?? .text
        failOn = parsed[Self.failOnOption]?.level
        checkVersion = parsed[Self.checkVersionFlag]
        against = parsed[Self.againstOption]
    }
}
