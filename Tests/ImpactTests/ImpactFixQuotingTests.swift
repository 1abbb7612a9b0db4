import DemoAPIs
import Facade
import Foundation
import HTTPClient
import HTTPTypes
@testable import Shell
import Testing
import TestSupport
@testable import ScriptLanguage
@testable import Commands

/// `impact --fix` against a version B whose document is hostile: every word it takes from the document
/// (an operationId, a path, a parameter or property name, an enum value) is written so that the shell's
/// own tokenizer reads it back as exactly that word, and a comment naming such words stays a comment.
@Suite struct ImpactFixQuotingTests {
    /// Version 1 is ordinary; version 2 renames, moves and adds with names and values that are shell syntax.
    static func locator(in folder: ScratchDirectory, url: String = "http://127.0.0.1:9/hostile") throws -> String {
        try HostileSpecs.writeService(in: folder.path, url: url)
    }

    static let client = """
        use hostile v1
        call showPet 7 size=3
        call getThing 2 color=red
        call listKinds
        call createPet name=Rex kind=dog
        call moveMe 3
        call GET /old/{id} 3
        get hostile/old/3
        call GET /gone

        """

    /// Each command of the migrated script as the engine would run it, operators included; comments
    /// read as nothing.
    static let intended: [[String?]] = [
        ["use", "hostile", "v2"],
        ["call", "getPet;help | touch PWNED #", "7", "size=3", "mode=it's $HOME ${x} > o; #"],
        ["call", "getThing", "2", "co lor$HOME${x};#|>'=red"],
        ["call", "listKinds"],
        ["call", "createPet", "name=Rex", "ki$nd'>x=dog", #"status=\@/etc/passwd"#],
        ["call", "moveMe", "3"],
        ["call", "GET", "/new;touch PWNED #/{id}", "3"],
        ["get", "hostile/new;touch PWNED #/3"],
        ["call", "GET", "/gone"],
    ]

    @Test func everyWordFromTheDocumentReadsBackAsThatWord() throws {
        // GIVEN a client of v1 and a hostile v2
        let folder = try ScratchDirectory()
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(try Self.locator(in: folder))
        let session = Session(facade: facade, bundles: DemoAPIs.bundles)
        let output = BufferedOutput()
        let engine = ShellEngine(session: session, output: output)
        let client = try folder.write("c.apish", Self.client)
        let migrated = folder.path + "/m.apish"
        // WHEN impact writes the migrated script
        _ = engine.run(LineListSource(["impact \(try Tokenizer.quote(client)) hostile v1 v2 --fix \(try Tokenizer.quote(migrated))"]), file: "t.apish")
        #expect(output.output.contains("wrote \(migrated)"), "\(output.errors)")
        let text = try String(contentsOfFile: migrated, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        // THEN each line parses, as the engine parses it, to exactly the intended words
        var commands: [[String?]] = []
        for line in lines {
            let parsed = try Tokenizer.parse(line) { engine.registry.lookup($0)?.command.takesOperators ?? true }
            for command in parsed {
                #expect(command.input == nil && command.output == nil, "an operator in \(line)")
                commands.append(command.words.map(\.literal))
            }
        }
        #expect(commands == Self.intended, "\(text)")
        // AND the comments name the document's words with their line breaks shown, not taken
        let comments = lines.filter { $0.hasPrefix("# impact: ") }
        #expect(comments.contains("# impact: parameter size is now size=1 | touch PWNED #"), "\(text)")
        #expect(comments.contains { $0.contains(#"(also: a\nb # touch PWNED)"#) }, "\(text)")
        #expect(comments.contains("# impact: shade is required in v2; add shade=…"), "\(text)")
        #expect(comments.contains(#"# impact: bye\ntouch PWNED (GET /gone) was removed in v2; replace or delete this line"#), "\(text)")
        #expect(lines.count == 9 + comments.count, "\(text)")
    }
}
