import APIDescriptions
import Facade
import FoundationFree
import HTTPTypes
import Importers
import JSON
import Shell

/// `import FILE… [-o SCRIPT.apish] [--service NAME --version V] [--env NAME] [--allow-outside]`: `.http`,
/// `.hurl`, HAR and Postman files as one apish script, printed or written; what has no equivalent stays as a
/// comment, with one warning per kind.
struct ImportCommand: Command {
    let name = "import"
    let abstract = "Write .http, .hurl, HAR or Postman files as an apish script"
    static let files = Positional("FILE", .file, .oneOrMore, help: "a .http, .hurl, HAR or Postman file (a Postman environment too)")
    static let output = Option("-o", value: ("SCRIPT", .file), help: "write the script to SCRIPT (else print it)")
    static let service = Option("--service", value: ("NAME", .service),
                                help: "write URLs under this service's version V as NAME/… (with --version)")
    static let version = Option("--version", value: ("V", .text), help: "the version of --service the URLs are under")
    static let environment = Option("--env", value: ("NAME", .text), help: "the Postman environment to read, by its name")
    static let allowOutside = Flag("--allow-outside", help: "read body files anywhere, not only below the imported file's folder")
    static let force = Flag("--force", help: "replace SCRIPT when it exists")

    var signature: CommandSignature {
        CommandSignature([Self.files], options: [Self.output, Self.service, Self.version, Self.environment, Self.allowOutside, Self.force])
    }
    let details = [
        "import requests.http -o requests.apish      then: apish requests.apish",
        "import api.postman_collection.json env.postman_environment.json",
        "import export.har --service petstore --version v2   URLs under petstore's v2 become petstore/…",
        "The format is read from the content. Secrets (credential headers, cookies, secret variables) are read",
        "from the environment when the script runs (${env.APISH_AUTHORIZATION:-redacted}), never written.",
        "A body file is read only below the imported file's folder; no URL is fetched.",
    ]

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let files = arguments.values(Self.files)
        let limits = ImportLimits()
        guard files.count <= limits.files else { throw CommandError("import: at most \(limits.files) files at once") }
        var services: [ApishScriptWriter.ServiceBase] = []
        if let service = arguments[Self.service] {
            guard let version = arguments[Self.version] else { throw CommandError("import: --service needs --version V") }
            do {
                let entry = try context.session.facade.workspace.entry(of: service, version: version)
                services.append(ApishScriptWriter.ServiceBase(name: service, url: entry.url, version: version))
            } catch {
                throw CommandError("import: \(error)")
            }
        } else if arguments[Self.version] != nil {
            throw CommandError("import: --version goes with --service NAME")
        } else {
            services = Self.locatorServices(context.session.facade)
        }
        let imported: ScriptImport
        do {
            imported = try ScriptImport.script(
                files: files, environment: arguments[Self.environment], allowOutside: arguments[Self.allowOutside], services: services,
                operations: Self.operationMatcher(context.session.facade))
        } catch {
            throw CommandError("import: \(error)")
        }
        let lines: [String]
        if let output = arguments[Self.output] {
            do throws(OutputFile.WriteError) {
                try OutputFile.write(context.session.redactLine(imported.script), to: LocatorLocation.expandTilde(output), replacing: arguments[Self.force])
            } catch .exists {
                throw CommandError("import: \(output) already exists; to replace it: add --force")
            } catch {
                throw CommandError(error.description)
            }
            lines = ["wrote \(imported.requests) request\(imported.requests == 1 ? "" : "s") to \(output); run: apish \(output)"]
        } else {
            lines = imported.script.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
        var report = RunResult(lines: lines)
        report.warnings = imported.warnings
        report.data = .object(JSONObject([
            ("requests", .number(JSONNumber(imported.requests))),
            ("untranslated", .array(imported.warnings.map(JSONValue.string))),
        ]))
        return report
    }

    /// Every service of the locator at its active version: an imported URL under one of them is written
    /// relative to it, so `use SERVICE V` re-targets it.
    static func locatorServices(_ facade: ServiceFacade) -> [ApishScriptWriter.ServiceBase] {
        let workspace = facade.workspace
        return workspace.serviceNames.compactMap { name in
            (try? workspace.activeEntry(of: name)).map { ApishScriptWriter.ServiceBase(name: name, url: $0.url) }
        }
    }

    /// The operation of a service's active description that a method and path reach, as `call` names it:
    /// its operationId and the path's parameters in the template's order (an operation without an id stays
    /// a raw request, since `call METHOD /path` would re-read the template).
    static func operationMatcher(_ facade: ServiceFacade) -> ApishScriptWriter.OperationMatcher {
        { service, method, path in
            guard let entry = try? facade.workspace.activeEntry(of: service),
                  let document = try? facade.descriptions.openAPI(of: entry).document,
                  let operation = document.operation(HTTPMethod(rawValue: method), matchingPath: path),
                  let operationId = operation.operationId else { return nil }
            let end = path.firstIndex { $0 == "?" || $0 == "#" } ?? path.endIndex
            guard let values = operation.template.match(path[..<end].split(separator: "/"))?.values else { return nil }
            let ordered = operation.pathParameterNames.compactMap { values[$0] }
            guard ordered.count == operation.pathParameterNames.count else { return nil }
            return ApishScriptWriter.CallTarget(operation: operationId, pathValues: ordered.map { PercentEncoding.decode($0, plusAsSpace: false) })
        }
    }
}
