import DemoAPIs
import Facade
import Foundation
import HTTPClient
import HTTPTypes
import JSON
@testable import Shell
import TestSupport
import Testing
@testable import Commands

/// Credentials that a spec declares as header or cookie parameters are secrets however they are typed:
/// `call getR x X-API-Key=SEK1` is masked as `X-API-Key:SEK1` is.
@Suite struct DeclaredCredentialTests {
    private static func spec(server: String) -> String {
        #"""
        {"openapi":"3.0.3","info":{"title":"Declared","version":"1.0"},"servers":[{"url":"\#(server)/echo/api"}],
         "paths":{"/r/{x}":{"get":{"operationId":"getR","parameters":[
           {"name":"x","in":"path","required":true,"schema":{"type":"string"}},
           {"name":"X-API-Key","in":"header","schema":{"type":"string"}},
           {"name":"Authorization","in":"header","schema":{"type":"string"}},
           {"name":"session_id","in":"cookie","schema":{"type":"string"}},
           {"name":"X-Trace","in":"header","schema":{"type":"string"}}],
          "responses":{"200":{"description":"ok"}}}}}}
        """#
    }

    @Test func declaredCredentialParametersAreMaskedInEveryChannel() throws {
        // GIVEN a spec whose operation declares a key header, an Authorization header and a session cookie
        let server = try LiveDemoServer()
        let folder = try ScratchDirectory()
        let path = try folder.write("declared.json", Self.spec(server: server.baseURL))
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(path)
        var options = ShellOptions()
        options.json = true
        options.width = { 0 }
        let output = BufferedOutput()
        let session = Session(facade: facade, bundles: DemoAPIs.bundles, options: options)
        let engine = ShellEngine(session: session, output: output)
        let line = #"call getR x X-API-Key=SEK1xx Authorization="Bearer SEK2yy" session_id=SEK3zz X-Trace=visible1"#

        // WHEN the user calls it with those values, records it, captures the echoed headers and exports it
        #expect(engine.execute("record start"))
        #expect(engine.execute(line), "\(output.errors)")
        #expect(engine.execute("let k = headers"))
        #expect(engine.execute("let got = headers.x-api-key"))
        #expect(engine.execute("expect headers.x-api-key == nothing") == false)
        #expect(engine.execute("vars"))
        #expect(engine.execute("curl"))
        let recording = folder.path + "/take.apish"
        #expect(engine.execute("record save \(recording)"))

        // THEN the values went out (the server saw them) but no channel shows them
        let sent = try #require(facade.requests.lastExchange?.request.headers)
        #expect(sent["X-API-Key"] == "SEK1xx")
        let everything = output.output + output.errors + (try String(contentsOfFile: recording, encoding: .utf8))
            + session.redactLine(line)
        for secret in ["SEK1xx", "SEK2yy", "SEK3zz"] {
            #expect(!everything.contains(secret), "\(secret) shown in: \(everything)")
        }
        // AND curl exports them as environment references, so the command still runs
        #expect(output.output.contains("APISH_X_API_KEY"), "\(output.output)")
        // AND a header that is not a credential stays as typed
        #expect(session.redactLine(line).contains("X-Trace=visible1"))
        let first = try JSONValue.parse(String(output.output.split(separator: "\n")[1]))
        #expect(first["command"]?.stringValue?.hasPrefix("call getR x X-API-Key=•••") == true)
    }

    @Test func aSecretIsFoundInTheServiceTheCallGoesTo() throws {
        // GIVEN two services with getThing: in a, `q` is a plain query parameter; in b, an apiKey scheme's
        func spec(_ title: String, apiKey: Bool) -> String {
            let scheme = apiKey ? #","components":{"securitySchemes":{"k":{"type":"apiKey","in":"query","name":"q"}}}"# : ""
            return #"""
            {"openapi":"3.0.3","info":{"title":"\#(title)","version":"1.0"},"servers":[{"url":"http://127.0.0.1:9/\#(title)"}],
             "paths":{"/thing":{"get":{"operationId":"getThing","parameters":[{"name":"q","in":"query","schema":{"type":"string"}}],
              "responses":{"200":{"description":"ok"}}}}}\#(scheme)}
            """#
        }
        let folder = try ScratchDirectory()
        try folder.write("a.json", spec("a", apiKey: false))
        try folder.write("b.json", spec("b", apiKey: true))
        let locator = try folder.write("services.json", #"""
            {"services":[{"name":"a","version":1,"url":"http://127.0.0.1:9/a","openapi":"a.json"},
                         {"name":"b","version":1,"url":"http://127.0.0.1:9/b","openapi":"b.json"}]}
            """#)
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(locator)
        let session = Session(facade: facade, bundles: DemoAPIs.bundles)
        let engine = ShellEngine(session: session, output: BufferedOutput())
        #expect(engine.execute("use a v1"))
        // WHEN the line sends getThing to b while a is current
        // THEN q is masked, as b declares it a credential; sent to a, it stays as typed
        #expect(session.redactLine("call getThing q=SEK9zz --service b") == "call getThing q=••• --service b")
        #expect(session.redactLine("call getThing q=plain1") == "call getThing q=plain1")
    }
}
