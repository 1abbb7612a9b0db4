import Facade
import HTTPClient
import HTTPTypes
import FoundationFree
import APIDescriptions

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

    static func parse(_ arguments: [String], usage: String) throws(CommandError) -> DiffArguments {
        var service: String?
        var versions: [String] = []
        var all = false
        var schema = false
        var spec = false
        var query: [FormField] = []
        var filter = SpecChangeFilter()
        var format: SpecDiffFormat?
        var index = 0
        func value(of option: String) throws(CommandError) -> String {
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                throw CommandError("diff: \(option) takes a value; usage: \(usage)")
            }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--all", "-a":
                all = true
            case "--schema", "-s":
                schema = true
            case "--spec":
                spec = true
            case "--breaking":
                filter.breakingOnly = true
            case "--only":
                for id in try value(of: "--only").split(separator: ",").map(String.init) {
                    let known = id.hasSuffix("*") ? SpecChangeRules.levels.keys.contains { $0.hasPrefix(id.dropLast()) } : SpecChangeRules.knows(id)
                    guard known else {
                        let hint = Suggestions.closest(to: id, in: Array(SpecChangeRules.levels.keys)).map { "; did you mean \($0)?" } ?? ""
                        throw CommandError("diff: --only: no change has the id '\(id)'\(hint)")
                    }
                    filter.ids.append(id)
                }
            case "--path":
                filter.pathPrefix = try value(of: "--path")
            case "--format":
                let text = try value(of: "--format")
                guard let chosen = SpecDiffFormat(rawValue: text.lowercased()) else {
                    throw CommandError("diff: --format takes text, json, markdown or html, not '\(text)'")
                }
                format = chosen
            default:
                if let field = QueryItem.parse(argument) {
                    query.append(field)
                } else if argument.hasPrefix("-") {
                    throw CommandError("diff: unknown option \(argument); usage: \(usage)")
                } else if service == nil {
                    service = argument
                } else if versions.count < 2 {
                    versions.append(argument)
                } else {
                    throw CommandError("diff: too many versions ('\(argument)'); usage: \(usage)")
                }
            }
            index += 1
        }
        guard let service else { throw CommandError("usage: \(usage)") }
        if spec, all || schema || !query.isEmpty {
            throw CommandError("diff --spec compares the versions' OpenAPI documents: --all, --schema and name==value do not apply")
        }
        if !spec, filter.isActive || format != nil {
            throw CommandError("diff: --breaking, --only, --path and --format are for diff SERVICE A B --spec")
        }
        var parsed = DiffArguments(service: service, versions: versions, all: all, schema: schema, spec: spec, query: query)
        parsed.filter = filter
        parsed.format = format ?? .text
        return parsed
    }
}

/// How `diff --spec` writes its changes: the grouped lines, its JSON data, a Markdown changelog or an
/// HTML page.
enum SpecDiffFormat: String, Equatable, CaseIterable {
    case text, json, markdown, html
}
