import TestSupport
@testable import Facade
import Foundation
import Testing
import HTTPClient
import HTTPTypes

/// A query typed in a relative target (`hb/anything?a=1`, `/anything?a=1`, a captured `next_page_uri`)
/// is sent as a query, after the service URL's own; checked by the demo's echo of what arrived.
@Suite struct TargetQueryTests {
    private func facade(_ server: LiveDemoServer, folder: ScratchDirectory) throws -> ServiceFacade {
        let path = try folder.write("s.json", LocatorText.document([
            LocatorText.entry("hb", "1", server.url("/echo")),
            LocatorText.entry("own", "1", server.url("/echo/own?v=1")),
        ]))
        let facade = ServiceFacade(transport: CurlTransport())
        try facade.workspace.locate(path)
        return facade
    }

    @Test func aQueryAfterAServicePathIsAQuery() throws {
        // GIVEN a service at the echo route / WHEN `get hb/anything?a=1&b=two%20words c==3`
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try facade(server, folder: folder)
        let exchange = try facade.requests.send(RawRequest(method: .get, target: "hb/anything?a=1&b=two%20words", items: ["c==3"]))

        // THEN the path is the path and the query the query, items added after it
        #expect(exchange.body?["path"]?.stringValue == "/echo/anything")
        #expect(exchange.body?["query"] == .object(["a": "1", "b": "two words", "c": "3"]))
    }

    @Test func aQueryAfterARelativePathOrTheServiceAloneIsAQuery() throws {
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try facade(server, folder: folder)
        try facade.workspace.use("hb", version: "1")

        let relative = try facade.requests.send(RawRequest(method: .get, target: "/page?Page=2&PageToken=PA1", items: []))
        #expect(relative.body?["path"]?.stringValue == "/echo/page")
        #expect(relative.body?["query"] == .object(["Page": "2", "PageToken": "PA1"]))

        let bare = try facade.requests.send(RawRequest(method: .get, target: "hb?x=1", items: []))
        #expect(bare.body?["path"]?.stringValue == "/echo")
        #expect(bare.body?["query"] == .object(["x": "1"]))
    }

    @Test func aTypedQueryFollowsTheServiceURLsOwn() throws {
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try facade(server, folder: folder)
        let exchange = try facade.requests.send(RawRequest(method: .get, target: "own/items?a=1", items: []))
        #expect(exchange.body?["path"]?.stringValue == "/echo/own/items")
        #expect(exchange.body?["query"] == .object(["v": "1", "a": "1"]))
    }

    @Test func anAbsoluteURLKeepsItsQuery() throws {
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let facade = try facade(server, folder: folder)
        let exchange = try facade.requests.send(RawRequest(method: .get, target: server.url("/echo/next?page=3"), items: []))
        #expect(exchange.body?["query"] == .object(["page": "3"]))
    }
}
