import DemoAPIs
import Facade
import HTTPClient
@testable import Shell
import Testing
import TestSupport

/// A failed request is one line; a decode error names the version below to compare with, which the
/// workspace's locator knows.
@Suite struct RunResultDescribeTests {
    @Test func aDecodeErrorSuggestsDiffingWithTheVersionBelow() throws {
        // GIVEN weather v1 and v2, v2 served by a route that cuts its JSON short
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let path = try folder.write("services.json", #"{"services": [{"name": "weather", "version": 1, "url": "\#(server.url("/weather/v1"))"}, "#
            + #"{"name": "weather", "version": 2, "url": "\#(server.url("/faults/truncated"))"}]}"#)
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(path)
        _ = try facade.workspace.use("weather", version: "v2")
        let exchange = try facade.requests.refresh("weather")

        // THEN the line names both versions; without a workspace, only the service
        let said = RunResult.describe(exchange, workspace: facade.workspace)
        #expect(said.hasPrefix("weather v2: decode error: "), "\(said)")
        #expect(said.hasSuffix("(the API may have changed; try: diff weather v1 v2)"), "\(said)")
        #expect(RunResult.describe(exchange).hasSuffix("(the API may have changed; try: diff weather)"))
        #expect(RunResult(exchange: exchange, workspace: facade.workspace).error == said)
    }
}
