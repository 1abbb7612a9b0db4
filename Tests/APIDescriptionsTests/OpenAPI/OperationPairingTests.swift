import TestSupport
import Testing
import APIDescriptions
import FoundationFree

extension OpenAPITests {
    /// Documents shaped like a product that publishes each major version under its own path prefix
    /// (`/v1/PhoneNumbers/{PhoneNumber}` → `/v2/PhoneNumbers/{PhoneNumber}`), written for these tests.
    @Suite struct Pairing {
        private static func queryParameters(_ names: [String]) -> String {
            names.map { #"{"name":"\#($0)","in":"query","schema":{"type":"string"}}"# }.joined(separator: ",")
        }

        private static let fieldsV1 = ["CountryCode", "Type", "AddOns", "AddOnsData", "Fields"]
        private static let fieldsV2 = fieldsV1 + ["LastName", "FirstName", "AddressLine1", "AddressLine2", "City", "State",
                                                  "PostalCode", "AddressCountryCode", "NationalId", "DateOfBirth", "Reserved"]

        /// A lookup product: a fetch whose query parameters grow from 5 to 16, a list, and one operation
        /// that exists in one version only.
        private static func lookups(version: String, fields: [String], extra: String) -> String {
            OpenAPITests.document(paths: #"""
            {"/\#(version)/PhoneNumbers/{PhoneNumber}":{"get":{"operationId":"FetchPhoneNumber",
               "parameters":[{"name":"PhoneNumber","in":"path","required":true,"schema":{"type":"string"}},\#(queryParameters(fields))],
               "responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"object","properties":{"phone_number":{"type":"string"}}}}}}}}},
             "/\#(version)/Services":{"get":{"operationId":"ListService","responses":{"200":{"description":"ok"}}}},
             \#(extra)}
            """#)
        }

        private let v1 = lookups(version: "v1", fields: fieldsV1,
                                 extra: #""/v1/Legacy":{"get":{"operationId":"FetchLegacy","responses":{"200":{"description":"ok"}}}}"#)
        private let v2 = lookups(version: "v2", fields: fieldsV2,
                                 extra: #""/v2/Bundles":{"post":{"operationId":"CreateBundle","responses":{"201":{"description":"ok"}}}}"#)

        @Test func pairsByOperationIdAcrossAVersionPrefix() throws {
            // GIVEN two versions whose every path moved from /v1/ to /v2/
            let pairing = OperationPairing(try OpenAPITests.parse(v1), try OpenAPITests.parse(v2))
            // THEN the operations that kept their id are paired, moved; the rest are removed or added
            #expect(pairing.pairs.map { "\($0.a.signature) → \($0.b.signature)" } == [
                "GET /v1/PhoneNumbers/{PhoneNumber} → GET /v2/PhoneNumbers/{PhoneNumber}",
                "GET /v1/Services → GET /v2/Services",
            ])
            #expect(pairing.pairs.allSatisfy { $0.match == .operationId && $0.isMoved && !$0.isRenamed })
            #expect(pairing.removed.map(\.displayName) == ["FetchLegacy"])
            #expect(pairing.added.map(\.displayName) == ["CreateBundle"])
        }

        @Test func specDiffReportsTheMoveOnceAndComparesTheParameters() throws {
            let changes = SpecDiff.compare(try OpenAPITests.parse(v1), try OpenAPITests.parse(v2))
            let fetch = changes.filter { $0.operation == "GET /v1/PhoneNumbers/{PhoneNumber}" }
            // The move is one breaking change; the 11 new parameters are listed, not hidden behind remove/add
            #expect(fetch.first == SpecChange(id: "api-path-moved", operation: "GET /v1/PhoneNumbers/{PhoneNumber}", location: "path", change: "moved", a: "/v1/PhoneNumbers/{PhoneNumber}", b: "/v2/PhoneNumbers/{PhoneNumber}"))
            #expect(fetch.dropFirst().map(\.location) == Self.fieldsV2.dropFirst(5).map { "parameter \($0)" })
            #expect(fetch.dropFirst().allSatisfy { $0.change == "added" && !$0.breaking && $0.b == "optional string" })
            #expect(!changes.contains { $0.change == "removed" && $0.operation.contains("PhoneNumbers") })
            // Unpaired operations stay removed and added
            #expect(changes.contains(SpecChange(id: "api-path-removed-without-deprecation", operation: "GET /v1/Legacy", location: "operation", change: "removed", a: "FetchLegacy")))
            #expect(changes.contains(SpecChange(id: "endpoint-added", operation: "POST /v2/Bundles", location: "operation", change: "added", b: "CreateBundle")))
            #expect(changes.filter(\.breaking).count == 3)
        }

        @Test func aRenamedOperationOnTheSamePathIsPairedAsRenamed() throws {
            let a = OpenAPITests.document(paths: #"{"/pets/{petId}":{"get":{"operationId":"showPetById","responses":{"200":{"description":"ok"}}}}}"#)
            let b = OpenAPITests.document(paths: #"{"/pets/{id}":{"get":{"operationId":"getPet","responses":{"200":{"description":"ok"}}}}}"#)
            let pairing = OperationPairing(try OpenAPITests.parse(a), try OpenAPITests.parse(b))
            #expect(pairing.pairs.count == 1 && pairing.removed.isEmpty && pairing.added.isEmpty)
            #expect(pairing.pairs.first?.match == .renamed)
            #expect(pairing.pairs.first?.isMoved == false)
            let changes = SpecDiff.compare(try OpenAPITests.parse(a), try OpenAPITests.parse(b))
            #expect(changes.contains(SpecChange(id: "api-operation-id-removed", operation: "GET /pets/{petId}", location: "operation", change: "renamed", a: "showPetById", b: "getPet")))
        }

        @Test func aRenamedOperationBehindAVersionPrefixIsPairedToo() throws {
            let a = OpenAPITests.document(paths: #"{"/v1/Chats/{Sid}":{"delete":{"operationId":"DeleteChat","responses":{"204":{"description":"gone"}}}}}"#)
            let b = OpenAPITests.document(paths: #"{"/v2/Chats/{Sid}":{"delete":{"operationId":"RemoveChat","responses":{"204":{"description":"gone"}}}}}"#)
            let pairing = OperationPairing(try OpenAPITests.parse(a), try OpenAPITests.parse(b))
            #expect(pairing.pairs.first?.match == .versionPrefix)
            #expect(pairing.pairs.first.map { $0.isMoved && $0.isRenamed } == true)
            let changes = SpecDiff.compare(try OpenAPITests.parse(a), try OpenAPITests.parse(b))
            #expect(changes.map(\.change) == ["moved", "renamed"])
        }

        @Test func anOperationThatChangedMethodIsOneMove() throws {
            let a = OpenAPITests.document(paths: #"{"/search":{"get":{"operationId":"search","responses":{"200":{"description":"ok"}}}}}"#)
            let b = OpenAPITests.document(paths: #"{"/search":{"post":{"operationId":"search","responses":{"200":{"description":"ok"}}}}}"#)
            let changes = SpecDiff.compare(try OpenAPITests.parse(a), try OpenAPITests.parse(b))
            #expect(changes == [SpecChange(id: "api-operation-moved", operation: "GET /search", location: "operation", change: "moved",
                                           a: "GET /search", b: "POST /search")])
        }


        @Test func ctrlCStopsThePairingOfLargeDocumentsAndTheDiffSaysSo() throws {
            // GIVEN two documents of 6,000 operations each, the second with every id renamed, and Ctrl-C already pressed
            func operations(_ prefix: String) -> String {
                (0..<6_000).map { #""/things\#($0)":{"get":{"operationId":"\#(prefix)\#($0)","responses":{"200":{"description":"ok"}}}}"# }
                    .joined(separator: ",")
            }
            let a = try OpenAPITests.parse(OpenAPITests.document(paths: "{" + operations("get") + "}"))
            let b = try OpenAPITests.parse(OpenAPITests.document(paths: "{" + operations("fetch") + "}"))
            let token = CancellationToken()
            token.cancel()
            // WHEN they are paired and diffed
            let pairing = OperationPairing(a, b, cancellation: token)
            let report = SpecDiff.report(a, b, cancellation: token)
            // THEN both stop early and say so; the diff lists no removal or addition it did not find
            #expect(pairing.cancelled)
            #expect(pairing.pairs.count < 6_000)
            #expect(report.cancelled)
            #expect(report.changes.isEmpty)
            // AND without Ctrl-C every operation pairs
            #expect(OperationPairing(a, b).pairs.count == 6_000)
        }
    }
}
