import FoundationFree

/// Files read and written as one apish script: what `import` writes and what `apish FILE.hurl` runs.
public struct ScriptImport: Sendable, Equatable {
    public var script: String
    public var requests: Int
    /// One line per kind of thing left untranslated: `not translated: JavaScript handler (2×), see the # comments`.
    public var warnings: [String]

    /// Each file read in turn (a Postman environment file first, whichever order they came in), written as
    /// one script.
    public static func script(
        files: [String], environment: String? = nil, allowOutside: Bool = false,
        services: [ApishScriptWriter.ServiceBase] = [], operations: ApishScriptWriter.OperationMatcher? = nil,
        limits: ImportLimits = ImportLimits()
    ) throws(ImportError) -> ScriptImport {
        guard files.count <= limits.files else { throw ImportError(file: files[0], "at most \(limits.files) files at once") }
        var documents: [(String, ImportedDocument)] = []
        for file in files {
            let source = try ImportSource.read(file, allowOutside: allowOutside, limits: limits)
            documents.append((file, try Importer.read(source, environment: environment)))
        }
        // Environment values are set before the collection's requests read them, and win over the collection's
        // own variables of the same name, as in Postman (a folder's and a request's still win over them).
        documents.sort { isEnvironment($0.1) && !isEnvironment($1.1) }
        let environmentNames = Set(documents.filter { isEnvironment($0.1) }.flatMap(\.1.steps).compactMap { step -> String? in
            if case .variable(let variable) = step { variable.name } else { nil }
        })
        for index in documents.indices where documents[index].1.format == .postman && !isEnvironment(documents[index].1) {
            var steps = documents[index].1.steps
            let collectionLevel = steps.firstIndex { if case .variable = $0 { false } else { true } } ?? steps.endIndex
            let kept = steps[..<collectionLevel].filter { step in
                if case .variable(let variable) = step { !environmentNames.contains(variable.name) } else { true }
            }
            steps.replaceSubrange(..<collectionLevel, with: kept)
            documents[index].1.steps = steps
        }
        var script = ""
        var requests = 0
        var counts: [(kind: String, count: Int)] = []
        for (file, document) in documents {
            let output = ApishScriptWriter.write(document, source: file, services: services, operations: operations)
            script += output.script
            requests += document.requests.count
            for (kind, count) in output.untranslated {
                if let index = counts.firstIndex(where: { $0.kind == kind }) { counts[index].count += count } else { counts.append((kind, count)) }
            }
        }
        let warnings = counts.map { "not translated: \($0.kind)\($0.count > 1 ? " (\($0.count)×)" : ""), kept as a # comment" }
        return ScriptImport(script: script, requests: requests, warnings: warnings)
    }

    /// Whether `apish FILE` (and `source FILE`) should run `path` through `import` first: a `.http`, `.rest`,
    /// `.hurl` or `.har` file, or a `.json` one that is a HAR log or a Postman collection.
    public static func isImportable(_ path: String) -> Bool {
        let lower = path.lowercased()
        if [".http", ".rest", ".hurl", ".har"].contains(where: lower.hasSuffix) { return true }
        guard lower.hasSuffix(".json"), let bytes = try? SecureFile.read(path) else { return false }
        let format = ImportFormat.sniff(String(decoding: bytes ?? [], as: UTF8.self), fileName: path)
        return format == .har || format == .postman
    }

    private static func isEnvironment(_ document: ImportedDocument) -> Bool {
        document.format == .postman && document.requests.isEmpty
    }
}
