import DemoAPIs
import Facade
import HTTPClient
@testable import Shell
import TestSupport
import Testing
@testable import Commands

/// How a line is masked for history and recordings follows the descriptions loaded, not only its text and
/// the secrets held: the same line typed again after `locate` is masked by what is loaded now.
@Suite struct RedactLineTests {
    @Test func aLineTypedAgainAfterLocateIsMaskedByTheDescriptionNowLoaded() throws {
        // GIVEN a description whose getThing sends `q` as an apiKey, not loaded yet
        let folder = try ScratchDirectory()
        let spec = try folder.write("k.json", #"""
            {"openapi":"3.0.3","info":{"title":"k","version":"1.0"},"servers":[{"url":"http://127.0.0.1:9/k"}],
             "paths":{"/thing":{"get":{"operationId":"getThing","parameters":[{"name":"q","in":"query","schema":{"type":"string"}}],
              "responses":{"200":{"description":"ok"}}}}},
             "components":{"securitySchemes":{"k":{"type":"apiKey","in":"query","name":"q"}}},"security":[{"k":[]}]}
            """#)
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        let session = Session(facade: facade, bundles: DemoAPIs.bundles)
        let line = "call getThing q=SEKq12zz"
        // WHEN the line is masked before the description is loaded / THEN nothing says q is a credential
        #expect(session.redactLine(line) == line)
        // WHEN the description is loaded and the same line masked again
        try facade.workspace.locate(spec)
        // THEN q is masked, as the description now declares it
        #expect(session.redactLine(line) == "call getThing q=•••")
    }
}
