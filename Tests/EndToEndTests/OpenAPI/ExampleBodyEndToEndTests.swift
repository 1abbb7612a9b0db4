import Foundation
import Testing

/// `call OP --example` and `help OP --example`: a request body built from the operation's description,
/// required fields first, that the operation's own checks accept; nothing is sent.
@Suite struct ExampleBodyEndToEndTests {
    @Test func theSkeletonIsJSONThatTheOperationAccepts() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let locator = ["--locator", server.baseURL + "/services-openapi.json", "-c", "use petstore v2"]
        // WHEN the skeleton of createPet is asked for, by call and by help
        let call = try Apish.run(["--json"] + locator + ["-c", "call createPet --example"])
        let help = try Apish.run(["--json"] + locator + ["-c", "help createPet --example"])
        let callData = try #require(call.jsonLines.last?["data"] as? [String: Any], "\(call.stdout)\(call.stderr)")
        let helpData = try #require(help.jsonLines.last?["data"] as? [String: Any], "\(help.stdout)")
        // THEN both give the same object, with the required name
        #expect(callData["name"] is String, "\(callData)")
        #expect(NSDictionary(dictionary: callData).isEqual(to: helpData))
        // AND sending its fields passes the operation's request checks
        let items = callData.compactMap { key, value in (value as? String).map { "\(key)=\($0)" } }
        let sent = try Apish.run(locator + ["-c", "call createPet " + items.joined(separator: " ")])
        #expect(!sent.stderr.contains("needs the body field"), "\(sent.stderr)")
        #expect(!sent.stderr.contains("expected"), "\(sent.stderr)")
        // AND an operation without a body says so
        let none = try Apish.run(locator + ["-c", "call listPets --example"])
        #expect(none.stdout.contains("takes no request body"), "\(none.stdout)\(none.stderr)")
    }
}
