import DemoAPIs
import Facade
import HTTPClient
import HTTPTypes
@testable import Shell
import TestSupport
@testable import ScriptLanguage
@testable import Commands

/// Two versions of one small service, each from its own document, and `impact` of a script on them:
/// what the impact tests share.
enum ImpactScratch {
    /// Runs `lines` (after `impact SCRIPT NAME v1 v2` for the script written from `script`) in a shell whose
    /// locator names `documents[0]` as v1 and `documents[1]` as v2 of `name`; returns what it printed. The
    /// shell's commands are `commands` when given, else the standard ones; `versions` are impact's A and B.
    static func run(_ name: String, documents: [String], script: String, then lines: [String] = [],
                    commands: CommandRegistry? = nil, versions: (a: String, b: String) = ("v1", "v2")) throws -> String {
        let folder = try ScratchDirectory()
        var entries: [String] = []
        for (offset, document) in documents.enumerated() {
            try folder.write("\(name)\(offset + 1).json", document)
            entries.append(#"{"name":"\#(name)","version":\#(offset + 1),"url":"http://127.0.0.1:9/\#(name)","openapi":"\#(name)\#(offset + 1).json"}"#)
        }
        let locator = try folder.write("services.json", #"{"services":[\#(entries.joined(separator: ","))]}"#)
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(locator)
        let output = BufferedOutput()
        let session = commands.map { Session(facade: facade, commands: $0, bundles: DemoAPIs.bundles) }
            ?? Session(facade: facade, bundles: DemoAPIs.bundles)
        let engine = ShellEngine(session: session, output: output)
        let path = try folder.write("c.apish", script)
        _ = engine.run(LineListSource(["impact \(try Tokenizer.quote(path)) \(name) \(versions.a) \(versions.b)"] + lines), file: "t.apish")
        return output.output
    }
}
