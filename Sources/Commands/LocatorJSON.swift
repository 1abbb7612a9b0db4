import HTTPClient
import HTTPTypes
import Facade
import JSON

/// The `--json` data of `locate` and `services`.
enum LocatorJSON {
    /// An entry; `serverNote` is what the server's `Deprecation`/`Sunset` headers said on its last answer.
    static func entry(_ entry: LocatorEntry, serverNote: String? = nil) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("name", .string(entry.name)), ("version", .string(entry.version.description)), ("url", .string(entry.url)),
            ("deprecated", .bool(entry.isDeprecated || serverNote != nil)),
        ]
        if let sunset = entry.sunset { fields.append(("sunset", .string(sunset))) }
        if let serverNote { fields.append(("serverDeprecation", .string(serverNote))) }
        return .object(JSONObject(fields))
    }

    static func locate(_ report: LocateReport) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("source", .string(report.locator.source)),
            ("services", .array(report.locator.entries.map { entry($0) })),
        ]
        if let changes = report.changes {
            fields.append(("changes", .object(JSONObject([
                ("added", .array(changes.added.map { entry($0) })),
                ("removed", .array(changes.removed.map { entry($0) })),
                ("moved", .array(changes.moved.map { move in
                    .object(JSONObject([("service", .string(move.key.name)), ("version", .string(move.key.version.description)),
                                        ("from", .string(move.from)), ("to", .string(move.to))]))
                })),
                ("deprecated", .array(changes.newlyDeprecated.map { entry($0) })),
            ]))))
        }
        fields.append(("fallbacks", .array(report.fallbacks.map { fallback in
            .object(JSONObject([("service", .string(fallback.service)), ("from", .string(fallback.from.description)),
                                ("to", fallback.to.map { .string($0.description) } ?? .null)]))
        })))
        fields.append(("latestMoves", .array(report.latestMoves.map { move in
            .object(JSONObject([("service", .string(move.service)), ("from", .string(move.from.description)),
                                ("to", .string(move.to.description))]))
        })))
        return .object(JSONObject(fields))
    }

    /// The deprecation the server announced in its last answer for this version, if any.
    static func serverNote(_ facade: ServiceFacade, _ service: String, _ version: ServiceVersion) -> String? {
        guard let headers = facade.workspace.lastExchange(of: service, version: version)?.response?.headers else { return nil }
        return Deprecation.serverNote(headers)
    }

    static func services(_ facade: ServiceFacade) -> JSONValue {
        .array(facade.workspace.services.map { service in
            .object(JSONObject([
                ("name", .string(service.name)),
                ("active", service.active.map { .string($0.description) } ?? .null),
                ("latest", service.latest.map { .string($0.description) } ?? .null),
                ("followsLatest", .bool(service.followsLatest)),
                ("versions", .array(service.entries.map { version in
                    entry(version, serverNote: serverNote(facade, service.name, version.version))
                })),
            ]))
        })
    }
}
