import APIDescriptions
import Facade
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
import HTTPClient

/// Candidates for service names and versions.
enum ServiceCompletion {
    static func names(_ session: Session) -> [String] {
        session.facade.locator?.serviceNames ?? []
    }

    /// `use NAME VERSION`: names first, then the versions of the named service.
    static func serviceThenVersion(_ previous: [String], session: Session, extra: [String] = []) -> [String] {
        switch previous.count {
        case 0: return names(session)
        case 1: return (session.facade.locator?.versions(of: previous[0]).map(\.description) ?? []) + extra
        default: return []
        }
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
enum OperationCompletion {
    /// Services whose active version has an OpenAPI document.
    static func servicesWithSpecs(_ session: Session) -> [String] {
        let facade = session.facade
        return ServiceCompletion.names(session).filter { name in
            (try? facade.activeEntry(of: name)).map { (try? facade.openAPI(of: $0)) != nil } ?? false
        }
    }

    /// The operationIds of the service `call` would use.
    static func operationIds(_ session: Session) -> [String] {
        guard let document = try? session.facade.openAPI().api.document else { return [] }
        return document.operations.compactMap(\.operationId)
    }

    /// After `call OPERATION`: `name=` for each parameter and body property not given yet (`Name:` for
    /// header parameters).
    static func items(of operation: String, given: [String], session: Session) -> [String] {
        guard let operation = try? session.facade.openAPI().api.document.operation(named: operation) else { return [] }
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
