import DemoAPIs
import DemoServer
import Facade
import Foundation
import HTTPClient
import HTTPTypes
import JSON
@testable import Shell
import Testing
import Loopback
import TestSupport
@testable import Commands

/// `mock start` points a service's versions at a mock of their descriptions, so `use` and `call` work
/// with no backend; `mock stop` points them back; `impact --run` mocks versions no server answers for.
@Suite(.serialized) struct MockCommandTests {
    let server: DemoServer
    let scratch: ScratchDirectory

    init() throws {
        server = DemoServer()
        try server.start()
        scratch = try ScratchDirectory()
    }

    /// A session on a locator of the petstore's three described versions, whose URLs no server answers.
    private func session(reachable: Bool) throws -> (Session, ShellEngine, BufferedOutput) {
        let port = ClosedPort.make() ?? 9
        let entries: [JSONValue] = (1...3).map { version in
            let url = reachable ? "\(server.baseURL)/petstore/v\(version)" : "http://127.0.0.1:\(port)/petstore/v\(version)"
            return ["name": "petstore", "version": .number(JSONNumber(version)), "url": .string(url),
                    "openapi": .string("\(server.baseURL)/specs/petstore-v\(version).json")]
        }
        let locator = try scratch.write("services.json", JSONValue.object(JSONObject([("services", .array(entries))])).encoded())
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(locator)
        let session = Session(facade: facade, bundles: DemoAPIs.bundles)
        let output = BufferedOutput()
        return (session, ShellEngine(session: session, output: output), output)
    }

    @Test func useAndCallWorkOnAMockWithNoBackendAndStopPointsBack() throws {
        let (session, engine, output) = try session(reachable: false)
        let before = session.facade.workspace.locator?.entries.map(\.url)
        let ok = engine.run(LineListSource(text: """
            use petstore v1
            mock start
            call showPetById 7
            expect status 200
            expect id exists
            use petstore v2
            call getPet 7
            expect status 200
            call listPets species=cat Prefer:code=400
            expect status 400
            mock stop
            """), file: "t.apish")
        #expect(ok, "\(output.errors)")
        #expect(output.output.contains("petstore v2 → http://127.0.0.1:"))
        #expect(output.output.contains("(mock, 5 operations)"))
        #expect(output.output.contains("petstore points where the locator says again (mock stopped)"))
        #expect(session.mocks.isEmpty)
        #expect(session.facade.workspace.locator?.entries.map(\.url) == before)
        // THEN with the mock gone, the session's URLs are the locator's again: nothing answers
        #expect(!engine.run(LineListSource(text: "call showPetById 7\nexpect status 200\n"), file: "u.apish"))
    }

    @Test func oneVersionCanBeMockedAlone() throws {
        let (session, engine, output) = try session(reachable: true)
        #expect(engine.run(LineListSource(text: "mock start petstore v2\n"), file: "t.apish"), "\(output.errors)")
        let urls = session.facade.workspace.locator?.entries.map(\.url) ?? []
        #expect(urls.filter { $0.hasPrefix(server.baseURL) }.count == 2)
        #expect(urls.contains { !$0.hasPrefix(server.baseURL) && $0.hasSuffix("/petstore/v2") })
        #expect(!engine.run(LineListSource(text: "mock stop weather\n"), file: "u.apish"))
        #expect(engine.run(LineListSource(text: "mock stop petstore\n"), file: "v.apish"))
        #expect(session.facade.workspace.locator?.entries.allSatisfy { $0.url.hasPrefix(server.baseURL) } == true)
    }

    @Test func impactRunMocksVersionsNoServerAnswersForAndSaysSo() throws {
        let (session, engine, output) = try session(reachable: false)
        let script = try scratch.write("client.apish", """
            use petstore v1
            call showPetById 7
            expect status 200
            """)
        _ = engine.run(LineListSource(text: "impact \(script) petstore v1 v2 --run\n"), file: "t.apish")
        #expect(output.output.contains("petstore v1 and v2: no reachable server"), "\(output.output)\(output.errors)")
        #expect(output.output.contains("ran the script on a mock made from their descriptions instead"))
        #expect(session.mocks.isEmpty)
        #expect(session.facade.workspace.locator?.entries.allSatisfy { !$0.url.contains("/petstore/v") || !$0.url.hasPrefix(server.baseURL) } == true)
    }

    @Test func impactRunOnAMockAlreadyRunningSaysWhichVersionsRanOnIt() throws {
        // GIVEN petstore v2 mocked by hand, v1 on its server
        let (session, engine, output) = try session(reachable: true)
        #expect(engine.run(LineListSource(text: "mock start petstore v2\n"), file: "t.apish"), "\(output.errors)")
        let mocked = try #require(session.mocks["petstore"]?.mocked.values.first)
        let script = try scratch.write("client.apish", """
            use petstore v1
            call showPetById 7
            expect status 200
            """)
        // WHEN the impact of v1 → v2 is run
        _ = engine.run(LineListSource(text: "impact \(script) petstore v1 v2 --run\n"), file: "u.apish")
        // THEN one note says v2 ran on the mock, and the mock keeps running
        #expect(output.output.contains("petstore v2: ran the script on the mock already running (\(mocked)), not on a server"),
                "\(output.output)\(output.errors)")
        #expect(!output.output.contains("petstore v1 and v2: ran"))
        #expect(session.mocks["petstore"] != nil)
    }
}
