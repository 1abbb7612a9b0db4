import APIDescriptions
import Facade
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
import HTTPClient
import HTTPTypes
import JSON
import Schemas

/// Candidates for service names and versions.
package enum ServiceCompletion {
    package static func names(_ session: Session) -> [String] {
        session.facade.workspace.serviceNames
    }
}

/// File path candidates, for commands whose argument is a file (`source`, `locate`, `record save`).
enum PathCompletion {
    /// Files and folders matching a partial path (folders with a trailing `/`).
    static func files(matching partial: String) -> [String] {
        let expanded = LocatorLocation.expandTilde(partial)
        let directory: String
        let prefix: String
        if expanded.hasSuffix("/") {
            directory = expanded
            prefix = ""
        } else {
            let url = URL(fileURLWithPath: expanded.isEmpty ? "./" : expanded)
            directory = expanded.contains("/") ? url.deletingLastPathComponent().path + "/" : "./"
            prefix = expanded.contains("/") ? url.lastPathComponent : expanded
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        let shownDirectory = partial.contains("/") ? String(partial[...(partial.lastIndex(of: "/") ?? partial.startIndex)]) : ""
        return names.filter { $0.hasPrefix(prefix) && (prefix.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted().map { name in
            shownDirectory + name + (FileKind.isDirectory(directory + name) == true ? "/" : "")
        }
    }
}

/// Candidates from OpenAPI documents: services that have one, operationIds, and an operation's items.
package enum OperationCompletion {
    /// Services whose active version has an OpenAPI document.
    static func servicesWithSpecs(_ session: Session) -> [String] {
        let facade = session.facade
        return ServiceCompletion.names(session).filter { name in
            (try? facade.workspace.activeEntry(of: name)).map { (try? facade.descriptions.openAPI(of: $0)) != nil } ?? false
        }
    }

    /// The operationIds `call` finds: the current service's first, then every other service's.
    static func operationIds(_ session: Session) -> [String] {
        let facade = session.facade
        var ids = (try? facade.descriptions.openAPI().api.operations.compactMap(\.operationId)) ?? []
        var seen = Set(ids)
        for name in facade.workspace.serviceNames {
            guard let entry = try? facade.workspace.activeEntry(of: name), let api = try? facade.descriptions.openAPI(of: entry) else { continue }
            for id in api.operations.compactMap(\.operationId) where seen.insert(id).inserted { ids.append(id) }
        }
        return ids
    }

    /// The operation `call` would send, wherever `call` finds it.
    private static func owned(_ name: String, session: Session) -> OpenAPIOperation? {
        (try? session.facade.descriptions.operationOwner(name))?.api.document.operation(named: name)
    }

    /// The values an item of an operation takes when its schema lists them: the enum of the parameter
    /// or body property `item` (of its array items for an array), `true`/`false` for a boolean.
    package static func values(of item: String, operation name: String, session: Session) -> [String] {
        guard let operation = owned(name, session: session) else { return [] }
        let schema = operation.parameters.first { $0.name == item || ($0.location == .header && $0.name.lowercased() == item.lowercased()) }?.schema
            ?? operation.requestBody?.schema?.property(namedInAnyAlternative: item)
        guard var schema else { return [] }
        // Through "or null" and other alternatives: `anyOf: [Effort, {type: null}]` offers Effort's values.
        if schema.acceptedTypes == ["array"], let items = schema.items { schema = items }
        if let values = schema.allowedValues, !values.isEmpty { return values.filter { !$0.isNull }.map(\.displayText) }
        return schema.acceptedTypes.contains("boolean") ? ["true", "false"] : []
    }

    /// After `call OPERATION`: `name=` for each parameter and body property not given yet (`Name:` for
    /// header parameters).
    package static func items(of operation: String, given: [String], session: Session) -> [String] {
        guard let operation = owned(operation, session: session) else { return [] }
        let typed = Set(given.compactMap { word in
            word.firstIndex { $0 == "=" || $0 == ":" }.map { String(word[..<$0]) }
        })
        var items: [String] = []
        for parameter in operation.parameters where !typed.contains(parameter.name) {
            items.append(parameter.location == .header ? parameter.name + ":" : parameter.name + "=")
        }
        for property in operation.requestBody?.schema?.properties ?? [] where !typed.contains(property.name) {
            let item = property.name + "="
            if !items.contains(item) { items.append(item) }
        }
        return items
    }
}
