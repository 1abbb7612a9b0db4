import Facade
import HTTPClient

/// `diff SERVICE [A [B]] [--all] [--schema] [--spec] [name==value…]`, parsed; which versions those mean
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

    static func parse(_ arguments: [String], usage: String) throws(CommandError) -> DiffArguments {
        var service: String?
        var versions: [String] = []
        var all = false
        var schema = false
        var spec = false
        var query: [FormField] = []
        for argument in arguments {
            switch argument {
            case "--all", "-a":
                all = true
            case "--schema", "-s":
                schema = true
            case "--spec":
                spec = true
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
        }
        guard let service else { throw CommandError("usage: \(usage)") }
        if spec, all || schema || !query.isEmpty {
            throw CommandError("diff --spec compares the versions' OpenAPI documents: --all, --schema and name==value do not apply")
        }
        return DiffArguments(service: service, versions: versions, all: all, schema: schema, spec: spec, query: query)
    }
}
