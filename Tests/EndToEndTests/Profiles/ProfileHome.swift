import DemoServer
import Foundation

/// A config and a state home shared by the processes of one test, removed at the end.
struct ProfileHome {
    let root: String
    var config: String { root + "/config" }
    var state: String { root + "/state" }
    var environment: [String: String] { ["XDG_CONFIG_HOME": config, "XDG_STATE_HOME": state] }
    var credentials: String { config + "/apish/credentials.json" }
    var tokens: String { state + "/apish/tokens.json" }
    func profile(_ name: String) -> String { config + "/apish/profiles/\(name).json" }

    init() throws {
        root = try makeTemporaryDirectory()
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// `apish ARGS` with these homes (and `extra` environment).
    func run(_ arguments: [String], _ extra: [String: String] = [:]) throws -> Apish.Result {
        try Apish.run(arguments, environment: environment.merging(extra) { _, new in new })
    }

    func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }
}

/// A locator with the demo server's OAuth-protected service, its OpenAPI document naming the token URL.
func oauthLocator(_ server: DemoServer, in folder: String) throws -> String {
    let path = folder + "/oauth-locator.json"
    let base = server.baseURL
    try #"{"services":[{"name":"secure","version":1,"url":"\#(base)/oauth","openapi":"\#(base)/oauth/openapi.json"},"#
        .appending(#"{"name":"weather","version":1,"url":"\#(base)/weather/v1"},{"name":"weather","version":2,"url":"\#(base)/weather/v2"},"#)
        .appending(#"{"name":"twit","version":1,"url":"\#(base)/twit-api"}]}"#)
        .write(toFile: path, atomically: true, encoding: .utf8)
    return path
}
