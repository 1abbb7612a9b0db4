import Foundation
import Testing
import JSON
import HTTPClient
import HTTPTypes
import APIDescriptions

extension OpenAPITests {
    /// `components.securitySchemes` and `security`: the document default, operation overrides, `[]`,
    /// alternatives and combined requirements, and every scheme type.
    @Suite struct Security {
        static let components = #"""
        {"securitySchemes":{
          "bearer":{"type":"http","scheme":"bearer","bearerFormat":"JWT"},
          "basic":{"type":"http","scheme":"Basic"},
          "digest":{"type":"http","scheme":"digest"},
          "key":{"type":"apiKey","in":"cookie","name":"sid"},
          "oauth":{"type":"oauth2","flows":{"clientCredentials":{"tokenUrl":"https://auth.example.com/token",
                   "scopes":{"read":"Read things","write":"Write things"}}}},
          "oidc":{"type":"openIdConnect","openIdConnectUrl":"https://auth.example.com/.well-known/openid-configuration"},
          "alias":{"$ref":"#/components/securitySchemes/basic"}}}
        """#

        static func spec() throws -> OpenAPIDocument {
            try OpenAPITests.parse(OpenAPITests.document(paths: #"""
            {"/a":{"get":{"operationId":"inherits","responses":{}},
                   "post":{"operationId":"public","security":[],"responses":{}},
                   "put":{"operationId":"combined","security":[{"bearer":[],"key":[]}],"responses":{}},
                   "patch":{"operationId":"either","security":[{"oauth":["read","write"]},{"oidc":[]},{}],"responses":{}}}}
            """#, components: components, extra: #","security":[{"alias":[]}]"#))
        }

        @Test func schemesAreReadWithTheirDetails() throws {
            let schemes = try Self.spec().securitySchemes
            #expect(schemes["bearer"]?.kind == .bearer(format: "JWT"))
            #expect(schemes["basic"]?.kind == .basic)
            #expect(schemes["digest"]?.kind == .digest)
            #expect(schemes["key"]?.kind == .apiKey(name: "sid", location: .cookie))
            #expect(schemes["alias"]?.kind == .basic)
            #expect(schemes["oidc"]?.summary == "openIdConnect")
            guard case .oauth2(let flows)? = schemes["oauth"]?.kind, let flow = flows.first else {
                Issue.record("oauth2 not read")
                return
            }
            #expect(flow.name == "clientCredentials")
            #expect(flow.tokenURL == "https://auth.example.com/token")
            #expect(flow.scopes.map(\.name) == ["read", "write"])
        }

        @Test func requirementsInheritOverrideCombineAndAlternate() throws {
            let spec = try Self.spec()
            let inherits = try #require(spec.operation(named: "inherits")?.security)
            #expect(inherits.alternatives.map { $0.schemes.map(\.scheme.name) } == [["alias"]])
            #expect(try #require(spec.operation(named: "public")?.security).isPublic)
            let combined = try #require(spec.operation(named: "combined")?.security)
            #expect(combined.alternatives.map { $0.schemes.map(\.scheme.name) } == [["bearer", "key"]])
            let either = try #require(spec.operation(named: "either")?.security)
            #expect(either.alternatives.count == 3)
            #expect(either.alternatives[0].schemes.first?.scopes == ["read", "write"])
            #expect(either.allowsAnonymous)
        }

        @Test func anUndeclaredSchemeIsReadPastWithAWarningNamingIt() throws {
            // A published mistake: the operation stays, its requirement names a scheme apish cannot send
            let spec = try OpenAPITests.parse(OpenAPITests.document(
                paths: #"{"/a":{"get":{"operationId":"a","security":[{"nope":[]}],"responses":{}}}}"#))
            let scheme = try #require(spec.operation(named: "a")?.security?.alternatives.first?.schemes.first?.scheme)
            #expect(scheme.name == "nope" && scheme.kind == .otherHTTP(scheme: "undeclared"))
            #expect(spec.warnings.contains("#/paths/~1a/get/security/0/nope: names a security scheme components.securitySchemes does not declare; apish cannot send it"))
        }

        @Test func anHTTPSchemeWithoutItsSchemeIsReadPastWithAWarning() throws {
            // GIVEN an http scheme that names no `scheme` (openapi-diff's own test documents have one)
            let spec = try OpenAPITests.parse(OpenAPITests.document(
                paths: #"{"/a":{"get":{"operationId":"a","security":[{"basic":[]}],"responses":{}}}}"#,
                components: #"{"securitySchemes":{"basic":{"type":"http"}}}"#))
            // THEN the document loads, and the scheme is one apish cannot send, rather than a guess
            let scheme = try #require(spec.operation(named: "a")?.security?.alternatives.first?.schemes.first?.scheme)
            #expect(scheme.kind == .otherHTTP(scheme: "unnamed"))
            #expect(spec.warnings == ["#/components/securitySchemes/basic: an http security scheme without its scheme; apish cannot send it"])
        }
    }
}
