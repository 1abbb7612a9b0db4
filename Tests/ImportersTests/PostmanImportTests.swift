import Importers
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A Postman v2.1 collection written here (Fixtures/postman: folders, variables at the collection's, a
/// folder's and a request's level, bearer/basic/apikey auth inherited and overridden, noauth) with its
/// environment file, imported as one script.
@Suite struct PostmanImportTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/postman").path
    static let collection = folder + "/shop.postman_collection.json"
    static let environment = folder + "/shop.postman_environment.json"

    static func lines(_ files: [String]) throws -> [String] {
        try ScriptImport.script(files: files).script.split(separator: "\n").map(String.init)
    }

    @Test func theCollectionsRequestsFoldersVariablesAndAuthAreImported() throws {
        // GIVEN the collection alone
        let document = try Importer.read(ImportSource.read(Self.collection))
        // WHEN it is read
        // THEN its five requests, in order, with their folders and inherited auth
        #expect(document.requests.map { "\($0.method) \($0.url)" } == [
            "GET {{baseUrl}}/products?limit={{limit}}", "POST {{baseUrl}}/products", "PUT {{baseUrl}}/keys/current",
            "GET {{baseUrl}}/search?q=lamp", "GET {{baseUrl}}/health",
        ])
        #expect(document.steps.contains(.comment("Admin")) && document.steps.contains(.comment("Keys")))
        let auth = document.requests.map { request in request.headers.first { $0.name == "Authorization" || $0.name == "X-API-Key" }?.name ?? "-" }
        #expect(auth == ["Authorization", "Authorization", "X-API-Key", "-", "-"])
        #expect(document.requests[0].headers.contains(NameValue("Authorization", "Bearer {{token}}")))
        #expect(document.requests[1].headers.contains(NameValue("Authorization", "Basic " + Data("admin:basic-password-SECRET-2".utf8).base64EncodedString())))
        #expect(!document.requests[1].headers.contains { $0.name == "X-Off" })
        #expect(document.requests[2].body == .form([NameValue("reason", "scheduled")]))
        #expect(document.requests[3].query == [NameValue("api_key", "apikey-query-SECRET-4")])
        // and the variables of the three levels, each before what reads it
        let variables = document.steps.compactMap { step -> String? in
            if case .variable(let variable) = step { "\(variable.name)=\(variable.value ?? "<secret>")" } else { nil }
        }
        #expect(variables == ["baseUrl=https://shop.example.test/api", "token=<secret>", "limit=25", "sku=SKU-42"])
    }

    @Test func secretsBecomeEnvironmentReferencesNeverClearText() throws {
        // WHEN the collection is imported with its environment
        let script = try ScriptImport.script(files: [Self.collection, Self.environment]).script
        // THEN no secret value is in the script, whichever level or auth it came from
        for secret in ["collection-token-SECRET-1", "basic-password-SECRET-2", "apikey-header-SECRET-3", "apikey-query-SECRET-4",
                       "environment-token-SECRET-5", Data("admin:basic-password-SECRET-2".utf8).base64EncodedString()] {
            #expect(!script.contains(secret), "\(secret) in\n\(script)")
        }
        let lines = script.split(separator: "\n").map(String.init)
        #expect(lines.contains("set token ${env.APISH_TOKEN:-redacted}"))
        #expect(lines.contains("set authorization ${env.APISH_AUTHORIZATION:-redacted}"))
        #expect(lines.contains("set x_api_key ${env.APISH_X_API_KEY:-redacted}"))
        #expect(lines.contains("set api_key ${env.APISH_API_KEY:-redacted}"))
        #expect(lines.contains { $0.hasPrefix("get \"${baseUrl}/products?limit=${limit}\"") && $0.contains("\"Authorization:Bearer ${token}\"") })
        #expect(lines.contains { $0.hasPrefix("get \"${baseUrl}/search?q=lamp\"") && $0.contains("\"api_key==${api_key}\"") })
        #expect(lines.contains("get \"${baseUrl}/health\""), "noauth: no Authorization")
    }

    @Test func theEnvironmentIsSetFirstAndWinsOverTheCollectionsOwnVariables() throws {
        // GIVEN the files in either order
        for files in [[Self.collection, Self.environment], [Self.environment, Self.collection]] {
            let lines = try Self.lines(files)
            let sets = lines.filter { $0.hasPrefix("set ") }
            // THEN the environment's values come first, a disabled one is left out, and the collection's
            // baseUrl does not override the environment's (Postman's precedence); a folder's still applies
            #expect(Array(sets.prefix(3)) == ["set baseUrl https://staging.shop.example.test/api", "set token ${env.APISH_TOKEN:-redacted}", "set region eu-west"])
            #expect(!lines.contains("set baseUrl https://shop.example.test/api"), "\(sets)")
            #expect(sets.contains("set limit 25") && sets.contains("set sku SKU-42"))
            #expect(!lines.contains { $0.contains("gone") })
        }
    }
}
