import APIDescriptions
@testable import Facade
import Foundation
import HTTPClient
import HTTPTypes
import TestSupport
import Testing

/// A spec that sends requests somewhere else than where it came from says so once, with the locate
/// warnings; a link-local or metadata target always does.
@Suite struct ServerTargetCheckTests {
    private static func spec(servers: [String], operationServer: String? = nil) -> String {
        let list = servers.map { #"{"url":"\#($0)"}"# }.joined(separator: ",")
        let own = operationServer.map { #","servers":[{"url":"\#($0)"}]"# } ?? ""
        return #"""
        {"openapi":"3.0.3","info":{"title":"T","version":"1.0"},"servers":[\#(list)],
         "paths":{"/a":{"get":{"operationId":"getA"\#(own),"responses":{"200":{"description":"ok"}}}},
                  "/b":{"get":{"operationId":"getB","responses":{"200":{"description":"ok"}}}}}}
        """#
    }

    private static func warning(_ text: String, from address: String) throws -> String? {
        let document = try OpenAPIDocument.parse(Data(text.utf8), source: address)
        return ServerTargetCheck.warning(for: document, from: address)
    }

    @Test func linkLocalAndMetadataAddressesAreSensitive() {
        for target in ["http://169.254.169.254", "http://169.254.0.1:8080", "http://[fe80::1]", "http://[febf::1]",
                       "http://100.100.100.200", "http://metadata.google.internal", "http://METADATA.google.internal.",
                       "http://[fd00:ec2::254]", "http://2852039166", "http://[::ffff:169.254.169.254]"] {
            #expect(ServerTargetCheck.isSensitive(target), "\(target)")
        }
        for target in ["http://169.255.0.1", "http://10.0.0.1", "http://[fec0::1]", "http://127.0.0.1:8080",
                       "https://api.example.com", "http://100.100.100.201", "http://metadata.example"] {
            #expect(!ServerTargetCheck.isSensitive(target), "\(target)")
        }
    }

    @Test func aRemoteSpecSendingElsewhereIsToldOnce() throws {
        let home = "https://specs.example.com/v1/openapi.json"
        // Relative servers and the same origin stay at home
        #expect(try Self.warning(Self.spec(servers: ["/api", "https://specs.example.com:443/v2"]), from: home) == nil)
        // Another origin, from the document or one operation, is named with the origin it came from
        #expect(try Self.warning(Self.spec(servers: ["/api"], operationServer: "https://evil.example/x"), from: home)
            == "\(home): its servers send requests to another origin than https://specs.example.com: https://evil.example")
        #expect(try Self.warning(Self.spec(servers: ["http://specs.example.com/api", "https://a.example", "https://b.example",
                                                     "https://c.example"]), from: home)
            == "\(home): its servers send requests to another origin than https://specs.example.com: http://specs.example.com, https://a.example, https://b.example and 1 more")
        // A local file may name any server, but never a metadata address
        #expect(try Self.warning(Self.spec(servers: ["https://api.example.com"]), from: "/tmp/spec.json") == nil)
        #expect(try Self.warning(Self.spec(servers: ["http://169.254.169.254/latest"]), from: "/tmp/spec.json")
            == "/tmp/spec.json: its servers send requests to a link-local or cloud metadata address: http://169.254.169.254")
    }

    @Test func locateWarnsOncePerDocument() throws {
        // GIVEN a locator with two entries sharing one document that targets the metadata service
        let folder = try ScratchDirectory()
        let spec = try folder.write("meta.json", Self.spec(servers: ["http://169.254.169.254/latest"],
                                                           operationServer: "http://[fe80::1]/x"))
        let locator = try folder.write("services.json", #"""
        {"services":[{"name":"a","url":"http://127.0.0.1:9/","version":1,"openapi":"\#(spec)"},
                     {"name":"b","url":"http://127.0.0.1:9/","version":1,"openapi":"\#(spec)"}]}
        """#)
        // WHEN it is located
        let report = try ServiceFacade(transport: CurlTransport()).workspace.locate(locator)
        // THEN one warning names the document and both targets
        let warnings = report.warnings.filter { $0.contains("metadata address") }
        #expect(warnings.count == 1, "\(report.warnings)")
        #expect(warnings.first?.contains("http://169.254.169.254, http://[fe80::1]") == true, "\(report.warnings)")
    }
}
