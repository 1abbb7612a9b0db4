import Facade
import Foundation
import Testing
@testable import Shell
import JSON
import APIDescriptions
import HTTPClient
import HTTPTypes
@testable import Rendering

/// Big specs made navigable, on the demo vault (`specs/vault.json`) and a Twilio-shaped document: the `ops`
/// table fitted to the terminal, enum values completed after `NAME=`, enums and descriptions in `help`,
/// and `call` finding an operation in whichever service has it.
@Suite struct SpecNavigationTests {
    static func vault() throws -> VersionShell {
        try VersionShell(locator: "specs/vault.json")
    }

    /// Twilio's shape: long versioned paths, long summaries, an enum declared under a component name.
    static func twilioShaped() throws -> OpenAPIDocument {
        let text = #"""
        {"openapi":"3.0.1","info":{"title":"Twilio - Api","version":"1.0.0"},"servers":[{"url":"https://api.twilio.com"}],
         "paths":{
          "/2010-04-01/Accounts/{AccountSid}/Messages/{Sid}/Feedback.json":{"post":{"operationId":"CreateMessageFeedback",
            "summary":"Create Message Feedback to confirm a tracked user action was performed by the recipient of the associated Message",
            "responses":{"201":{"description":"Created"}}}},
          "/2010-04-01/Accounts/{AccountSid}/Messages.json":{"post":{"operationId":"CreateMessage",
            "summary":"Send a message","tags":["Api20100401Message"],
            "requestBody":{"content":{"application/x-www-form-urlencoded":{"schema":{"type":"object","required":["To"],
              "properties":{"To":{"type":"string","description":"The recipient's phone number"},
                "Attempt":{"type":"integer"},
                "ContentRetention":{"$ref":"#/components/schemas/message_enum_content_retention"}}}}}},
            "responses":{"201":{"description":"Created"}}}}},
         "components":{"schemas":{"message_enum_content_retention":{"type":"string","enum":["retain","discard"]}}}}
        """#
        return try OpenAPIDocument.parse(JSONValue.parse(Data(text.utf8)), source: "")
    }

    @Test func theOpsTableFitsTheWidthByCuttingOperationAndSummaryBeforePaths() throws {
        let document = try Self.twilioShaped()
        let text = TableRenderer.render(OperationPresenter.table(document.operations), width: 100, style: .plain)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 100 }, "\(text)")
        #expect(lines == [
            "METHOD  PATH                                                            OPERATION      SUMMARY",
            "POST    /2010-04-01/Accounts/{AccountSid}/Messages/{Sid}/Feedback.json  CreateMessag…  Create Messa…",
            "POST    /2010-04-01/Accounts/{AccountSid}/Messages.json                 CreateMessage  Send a messa…",
        ])
        // Narrower still, a path loses middle segments, never its first two or its last
        let narrow = TableRenderer.render(OperationPresenter.table(document.operations), width: 60, style: .plain)
        #expect(narrow.split(separator: "\n").dropFirst().first?.contains("/2010-04-01/Accounts/…/Feedback.json") == true, "\(narrow)")
    }

    @Test func helpShowsEnumValuesNotTheirComponentNameAndDescriptions() throws {
        let document = try Self.twilioShaped()
        let operation = try #require(document.operation(named: "CreateMessage"))
        let help = OperationPresenter.help(operation, service: "twilio v1", width: 80, style: .plain)
        #expect(help.contains("  ContentRetention  no        retain | discard\n"), "\(help)")
        #expect(!help.contains("message_enum_content_retention"))
        #expect(help.contains("  To — The recipient's phone number\n"))
        #expect(help.contains("usage: call CreateMessage ACCOUNTSID To=VALUE [Attempt=VALUE]\n"))
        #expect(throws: OpenAPIError.self) {
            try OpenAPICall.build(operation, baseURL: "https://api.twilio.com", arguments: ["AC1", "Body=hi", "Attempt=1"])
        }
        #expect(throws: OpenAPIError.self) {
            try OpenAPICall.build(operation, baseURL: "https://api.twilio.com", arguments: ["AC1", "To=1", "ContentRetention=bogus"])
        }
        let sent = try OpenAPICall.build(operation, baseURL: "https://api.twilio.com", arguments: ["AC1", "To=1", "Attempt=2"])
        #expect(sent.body == .form([FormField("To", "1"), FormField("Attempt", "2")]))
    }

    @Test func tabCompletesEnumValuesAfterTheItemName() throws {
        let shell = try Self.vault()
        func complete(_ line: String) -> [String] {
            Completer(session: shell.session).complete(line: line, cursor: line.count).candidates
        }
        #expect(complete("call createSecret retention=") == ["retention=retain", "retention=discard"])
        #expect(complete("call createSecret retention=d") == ["retention=discard"])
        #expect(complete("call createSecret shared=") == ["shared=true", "shared=false"])
        #expect(complete("call getReport format==") == ["format==json", "format==csv"])
        #expect(complete("call createSecret ret") == ["retention="])
    }

    @Test func opsFiltersByEveryWordAndListsTags() throws {
        let shell = try Self.vault()
        let filtered = shell.run("ops SECRET get")
        #expect(filtered.ok, "\(filtered.err)")
        #expect(filtered.out.split(separator: "\n").map(String.init) == [
            "demo-vault v1.0.0: Demo Vault 1.0.0, 1 of 8 operations match SECRET get",
            "METHOD  PATH             OPERATION  SUMMARY",
            "GET     /secrets/{name}  getSecret  One secret (an API key in a header)",
        ])
        let tags = shell.run("ops demo-vault --tags")
        #expect(tags.out.contains("admin             5\nsecrets           3\n"), "\(tags.out)")
        #expect(!shell.run("ops --bogus").ok)
    }
}
