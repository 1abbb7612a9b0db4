import DemoServer
import Facade
import Foundation
import Testing
@testable import Shell
import HTTPClient
import HTTPTypes
import JSON

/// What a large body leaves behind once shown: its bytes, not its tape and never a tree; and what it
/// takes to show it again (a path, `show --raw`) still works from those bytes.
@Suite struct LargeBodyMemoryTests {
    let shell: DemoShell
    var session: Session { shell.session }
    var server: DemoServer { shell.server }

    init() throws {
        shell = try DemoShell(faults: true)
    }

    private func lastDocument() throws -> JSONDocument {
        try #require(session.facade.requests.lastExchange?.document)
    }

    @Test func aShownLargeBodyKeepsOnlyItsBytesAndStillAnswersPaths() throws {
        // GIVEN a 2 MiB JSON body fetched and shown as pretty JSON
        #expect(shell.run("get \(server.baseURL)/faults/huge/2\n"))
        #expect(shell.output.output.contains(#""bytes": 2097152"#))
        // THEN what stays with the last response is its bytes alone
        let document = try lastDocument()
        #expect(document.data.count == 2_097_152)
        #expect(document.byteCount == document.data.count)
        // AND a path still reads from them
        #expect(shell.run("let n = bytes\n"))
        #expect(session.variable("n") == "2097152")
    }

    @Test func aSmallBodyKeepsItsTape() throws {
        // GIVEN a small body fetched and shown
        #expect(shell.run("refresh weather\n"))
        // THEN its tape stays (parsing it again would cost more than it holds)
        let document = try lastDocument()
        #expect(document.byteCount > document.data.count)
    }

    @Test func aLargeTypedBodyGivesItsTapeBackOnceDecoded() throws {
        // GIVEN a large body decoded into a model, not shown
        let facade = session.facade
        let exchange = try facade.requests.send(RawRequest(method: .get, target: "\(server.baseURL)/faults/huge/1", items: []))
        // THEN nothing has released it yet (a raw request's body is released once the shell shows it)
        let document = try #require(exchange.document)
        #expect(document.byteCount > document.data.count)
        document.releaseIndex()
        #expect(document.byteCount == document.data.count)
        #expect(try document.value(at: "bytes")?.intValue == 1_048_576)
    }
}
