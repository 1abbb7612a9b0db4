@testable import DemoAPIs
import DemoServer
import Facade
import Foundation
import Testing
@testable import Shell
import HTTPClient
import HTTPTypes
@testable import Scripts
@testable import Commands

/// Completion candidates come from the session: commands, services, versions, twit ids, variables, paths.
@Suite struct CompleterTests {
    let server: DemoServer
    let session: Session

    init() throws {
        server = DemoServer(configuration: DemoServerConfiguration())
        try server.start()
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(server.baseURL + "/services.json")
        session = Session(facade: facade, bundles: DemoAPIs.bundles, environment: ["HOME": "/home/someone"])
    }

    func complete(_ line: String) -> [String] {
        Completer(session: session).complete(line: line, cursor: line.count).candidates
    }

    // What the commands declare: subcommands, then each positional's kind; options after their dash.
    @Test func subcommandsThenTheirPositionals() {
        #expect(complete("profile au") == ["autosave"])
        #expect(complete("profile autosave ") == ["on", "off"])
        #expect(complete("auth clear wea") == ["weather"])
        #expect(complete("mock start weather ") == ["v1", "v2", "latest"])
        #expect(complete("diff weather v1 ") == ["v1", "v2", "latest"])
    }

    @Test func optionsAfterTheirDashAndAnOptionsValueByItsKind() {
        #expect(complete("diff weather -").contains("--spec"))
        #expect(!complete("diff weather ").contains("--spec"))
        #expect(complete("diff weather v1 v2 --spec --format ") == ["text", "json", "markdown", "html"])
        #expect(complete("watch weather ") == ["every=", "count="])
        #expect(complete("timing ") == ["on", "off"])
    }

    @Test func aSemicolonInsideQuotesDoesNotEndTheWordBeingTyped() {
        // GIVEN a quoted word still open, holding `;` and a blank  WHEN Tab  THEN it is one word of `get`'s,
        // not a new command: no command names are offered, and the word starts at its quote
        let line = #"get "/a b;"#
        let result = Completer(session: session).complete(line: line, cursor: line.count)
        #expect(!result.candidates.contains("help"))
        #expect(!result.candidates.contains("get"))
        #expect(result.replaceFrom == 4)
        // AND an unquoted `;` still starts the next command
        #expect(complete("get /a; he").contains("help"))
        #expect(complete(#"get "/a b;" ; he"#).contains("help"))
    }

    @Test func commandNamesComplete() {
        #expect(complete("ser") == ["server", "services"])
        #expect(complete("serv") == ["server", "services"])
        #expect(complete("re").contains("refresh"))
        #expect(complete("").contains("help"))
    }

    @Test func editCompletesAsACommandThenAsCall() throws {
        #expect(complete("edi") == ["edit"])
        // GIVEN an OpenAPI service  THEN edit offers its operations, then the operation's items, as call does
        try session.facade.workspace.locate(server.baseURL + "/services-openapi.json")
        #expect(complete("edit cre") == ["createPet"])
        #expect(complete("edit createPet ") == complete("call createPet "))
        #expect(!complete("edit createPet ").isEmpty)
    }

    @Test func serviceNamesCompleteAfterUse() {
        #expect(complete("use wea") == ["weather"])
        #expect(complete("use STO") == ["stockQuote"])
    }

    @Test func versionsOfTheNamedServiceCompleteAfterUse() {
        #expect(complete("use weather ") == ["v1", "v2", "latest"])
        #expect(complete("use weather v") == ["v1", "v2"])
        #expect(complete("use twit ") == ["v1", "latest"])
    }

    @Test func likeOffersIdsOfTheLastTwits() throws {
        #expect(complete("like ").isEmpty)
        _ = try session.facade.requests.perform(TwitAPI.self) { $0.timeline }
        let ids = complete("like ")
        #expect(ids.count == 12)
        #expect(complete("like t1").allSatisfy { $0.hasPrefix("t1") })
    }

    @Test func likeOffersIdsAfterRefreshTwitToo() throws {
        // GIVEN the timeline fetched as the twit service's main resource, not through `twits`
        _ = try session.facade.requests.refresh("twit")
        // THEN its ids feed `like` completion all the same
        #expect(complete("like ").count == 12)
    }

    @Test func aServiceNameWithControlCharactersIsNeverOffered() throws {
        // GIVEN a locator whose service name would retitle the window and clear the screen
        let folder = NSTemporaryDirectory() + "apish-completer-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/evil.json"
        try #"{"services":[{"name":"evil\u001b]0;x\u0007","version":1,"url":"http://127.0.0.1:1/"},{"name":"good","version":1,"url":"http://127.0.0.1:1/"}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        try session.facade.workspace.locate(path)
        // THEN Tab offers the plain name only
        #expect(complete("use ") == ["good"])
    }

    @Test func variablesCompleteAfterDollar() {
        session.variables["city"] = "Boston"
        session.variables["count"] = "3"
        let line = "refresh weather city==$c"
        let result = Completer(session: session).complete(line: line, cursor: line.count)
        #expect(result.candidates == ["$city", "$count"])
        #expect(result.replaceFrom == line.count - 2)
        #expect(complete("get $env.HO") == ["$env.HOME"])
    }

    @Test func pathsCompleteAfterSourceAndLocate() throws {
        let directory = NSTemporaryDirectory() + "apish-complete-\(UUID().uuidString)/"
        try FileManager.default.createDirectory(atPath: directory + "sub", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: directory + "check.apish", contents: Data())
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(complete("source \(directory)ch") == [directory + "check.apish"])
        #expect(complete("locate \(directory)s") == [directory + "sub/"])
    }

    @Test func completionWorksAfterASemicolon() {
        #expect(complete("services; use wea") == ["weather"])
    }

    @Test func unknownCommandOffersNothing() {
        #expect(complete("frobnicate ").isEmpty)
    }
}

@Suite struct CompleterResultTests {
    @Test func noSpaceAfterASingleFolder() {
        #expect(!Completer.Result(candidates: ["examples/"], replaceFrom: 0).appendSpace)
        #expect(Completer.Result(candidates: ["services"], replaceFrom: 0).appendSpace)
        #expect(Completer.Result(candidates: ["a/", "b/"], replaceFrom: 0).appendSpace)
    }
}
