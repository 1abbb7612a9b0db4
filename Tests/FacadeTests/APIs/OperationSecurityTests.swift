import TestSupport
@testable import Facade
import Foundation
import Testing
import JSON
import HTTPClient
import HTTPTypes

/// What an OpenAPI operation's security requirement makes the request pipeline send, seen through the demo
/// server's `/echo`: each credential where its scheme says, only those of the first satisfied alternative,
/// none for a public operation, and a warning (the request still sent) when nothing satisfies it.
@Suite struct OperationSecurityTests {
    private static let spec = #"""
    {"openapi":"3.0.3","info":{"title":"Echo","version":"1.0"},"servers":[{"url":"SERVER/echo"}],
     "security":[{"bearer":[]}],
     "components":{"securitySchemes":{
       "bearer":{"type":"http","scheme":"bearer"},
       "headerKey":{"type":"apiKey","in":"header","name":"X-Api-Key"},
       "queryKey":{"type":"apiKey","in":"query","name":"api_key"},
       "cookieKey":{"type":"apiKey","in":"cookie","name":"session"},
       "oauth":{"type":"oauth2","flows":{"clientCredentials":{"tokenUrl":"/token","scopes":{"read":"Read"}}}}}},
     "paths":{
       "/default":{"get":{"operationId":"byDefault","responses":{"200":{"description":"ok"}}}},
       "/public":{"get":{"operationId":"open","security":[],"responses":{"200":{"description":"ok"}}}},
       "/header":{"get":{"operationId":"inHeader","security":[{"headerKey":[]}],"responses":{"200":{"description":"ok"}}}},
       "/query":{"get":{"operationId":"inQuery","security":[{"queryKey":[]}],"responses":{"200":{"description":"ok"}}}},
       "/cookie":{"get":{"operationId":"inCookie","security":[{"cookieKey":[]}],
         "parameters":[{"name":"theme","in":"cookie","schema":{"type":"string"}}],"responses":{"200":{"description":"ok"}}}},
       "/both":{"get":{"operationId":"both","security":[{"bearer":[],"headerKey":[]}],"responses":{"200":{"description":"ok"}}}},
       "/either":{"get":{"operationId":"either","security":[{"oauth":["read"]},{"headerKey":[]}],"responses":{"200":{"description":"ok"}}}}}}
    """#

    private func facade(_ server: LiveDemoServer, _ folder: ScratchDirectory) throws -> ServiceFacade {
        let path = try folder.write("echo.json", Self.spec.replacingOccurrences(of: "SERVER", with: server.url("")))
        let facade = ServiceFacade(transport: CurlTransport())
        try facade.workspace.locate(path)
        return facade
    }

    /// One header (lower-cased) or query parameter as the echo route saw it.
    private func echoed(_ exchange: Exchange, _ section: String, _ name: String) -> String? {
        guard case .object(let root)? = exchange.document?.value, case .object(let part)? = root[section] else { return nil }
        return part[name]?.stringValue
    }

    @Test func eachCredentialGoesWhereItsSchemeSays() throws {
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try facade(server, folder)
        facade.credentials.setCredential(BearerToken("tok-1"), for: .allServices)
        facade.credentials.setCredential(APIKey(parameter: "X-Api-Key", value: "key-1"), for: .allServices)

        let byDefault = try facade.descriptions.call("byDefault", arguments: [])
        #expect(echoed(byDefault, "headers", "authorization") == "Bearer tok-1")
        #expect(echoed(byDefault, "headers", "x-api-key") == nil)
        #expect(echoed(byDefault, "query", "X-Api-Key") == nil)

        let header = try facade.descriptions.call("inHeader", arguments: [])
        #expect(echoed(header, "headers", "x-api-key") == "key-1")
        #expect(echoed(header, "headers", "authorization") == nil)
        #expect(header.warnings.isEmpty)

        let open = try facade.descriptions.call("open", arguments: [])
        #expect(echoed(open, "headers", "authorization") == nil)
        #expect(echoed(open, "headers", "x-api-key") == nil)

        let both = try facade.descriptions.call("both", arguments: [])
        #expect(echoed(both, "headers", "authorization") == "Bearer tok-1")
        #expect(echoed(both, "headers", "x-api-key") == "key-1")

        // the first satisfied alternative: the OAuth scheme takes the bearer token, so the key stays home
        let either = try facade.descriptions.call("either", arguments: [])
        #expect(echoed(either, "headers", "authorization") == "Bearer tok-1")
        #expect(echoed(either, "headers", "x-api-key") == nil)
    }

    @Test func queryAndCookieKeysGoUnderTheSchemesName() throws {
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try facade(server, folder)
        facade.credentials.setCredential(APIKey(parameter: "api_key", value: "key-2"), for: .allServices)
        let query = try facade.descriptions.call("inQuery", arguments: [])
        #expect(echoed(query, "query", "api_key") == "key-2")
        #expect(echoed(query, "headers", "api_key") == nil)

        facade.credentials.setCredential(APIKey(parameter: "session", value: "key-3"), for: .allServices)
        let cookie = try facade.descriptions.call("inCookie", arguments: ["theme=dark"])
        #expect(echoed(cookie, "headers", "cookie") == "theme=dark; session=key-3")
        #expect(echoed(cookie, "query", "session") == nil)
    }

    @Test func anUnmetRequirementWarnsAndIsStillSent() throws {
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try facade(server, folder)
        let header = try facade.descriptions.call("inHeader", arguments: [])
        #expect(header.status == 200)
        #expect(header.warnings == ["inHeader needs X-Api-Key (apiKey in header): auth key X-Api-Key=…"])

        facade.credentials.setCredential(BearerToken("tok-1"), for: .allServices)
        let both = try facade.descriptions.call("both", arguments: [])
        #expect(both.warnings == ["both needs X-Api-Key (apiKey in header): auth key X-Api-Key=…"])
        #expect(echoed(both, "headers", "authorization") == "Bearer tok-1")

        facade.credentials.clearCredentials(nil)
        let either = try facade.descriptions.call("either", arguments: [])
        #expect(either.warnings == ["either needs oauth (oauth2 clientCredentials): auth bearer TOKEN (or 1 other way to sign in: help either)"])
        #expect(try facade.descriptions.call("open", arguments: []).warnings.isEmpty)
    }
}
