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

/// `impact --fix` keeps the script's own text: a line that needs no change is written back byte for byte,
/// a changed line changes only in the words it edits, and variable references are never masked.
@Suite struct ImpactFixTextTests {
    /// Runs `impact CLIENT hostile v1 v2 --fix OUT` and gives the migrated bytes and the file's mode.
    static func migrate(_ client: String) throws -> (text: String, mode: mode_t, output: BufferedOutput) {
        let folder = try ScratchDirectory()
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        try facade.workspace.locate(try ImpactFixQuotingTests.locator(in: folder))
        let session = Session(facade: facade, bundles: DemoAPIs.bundles)
        let output = BufferedOutput()
        let engine = ShellEngine(session: session, output: output)
        let script = try folder.write("c.apish", client)
        let migrated = folder.path + "/m.apish"
        _ = engine.run(LineListSource(["impact \(try Tokenizer.quote(script)) hostile v1 v2 --fix \(try Tokenizer.quote(migrated))"]), file: "t.apish")
        var status = stat()
        guard stat(migrated, &status) == 0 else { throw NoMigratedScript(errors: output.errors) }
        return (try String(contentsOfFile: migrated, encoding: .utf8), status.st_mode & 0o777, output)
    }

    @Test func unchangedLinesAndVariableReferencesAreKeptByteForByte() throws {
        // GIVEN a client with CRLF endings, odd spacing, comments and variable references, one line to migrate
        let kept = [
            "auth bearer ${env.OPENAI_API_KEY:-sk-test} hostile\r",
            "let who = $HOME${x}   # a comment stays\r",
            "call    listKinds     # spacing stays\r",
        ]
        let client = "use hostile v1\r\n" + kept.joined(separator: "\n") + "\n  call getThing 2 color=\"${env.COLOR}\"\r\ncall  moveMe   3   # moved\r\n"
        // WHEN impact migrates it
        let (text, _, output) = try Self.migrate(client)
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        // THEN every line that needs no change is there exactly as typed
        for line in kept { #expect(lines.contains(line), "\(line.debugDescription) in \(text.debugDescription)") }
        #expect(!text.contains("•"), "\(text)")
        // AND the version switch changes one word only, keeping the line's ending
        #expect(lines.first == "use hostile v2\r", "\(text.debugDescription)")
        // AND a line without edits but with a comment keeps its own spacing and comment
        #expect(lines.contains("call  moveMe   3   # moved\r"), "\(text.debugDescription) \(output.errors)")
        #expect(text.hasSuffix("\r\n"))
        // AND a renamed item keeps its value as typed, variable reference and quotes included
        let renamed = try Tokenizer.quote("co lor$HOME${x};#|>'")
        #expect(lines.contains("  call getThing 2 \(renamed)=\"${env.COLOR}\"\r"), "\(text.debugDescription)")
    }

    @Test func anEditedLineKeepsItsSpacingAndCommentAroundTheEdits() throws {
        // GIVEN a line whose operation is renamed and which gains a required parameter
        let (text, _, _) = try Self.migrate("use hostile v1\ncall   showPet  7   size=3   # the pet\n")
        let line = try #require(text.split(separator: "\n").first { $0.contains("7") }.map(String.init), "\(text)")
        // THEN only the renamed word is swapped, the added item follows the last word, and the rest stays
        let renamed = try Tokenizer.quote("getPet;help | touch PWNED #")
        #expect(line.hasPrefix("call   \(renamed)  7   size=3 "), "\(line)")
        #expect(line.hasSuffix("   # the pet"), "\(line)")
    }

    @Test func anItemAddedToACommandWithAPipeGoesToThatCommandNotToThePipe() throws {
        // GIVEN a line of three statements as the engine reads them: `use`, a `call` piped to a shell command
        // that holds a `;` and a second call (both the shell's), and B requires a body property createPet lacks
        let (text, _, output) = try Self.migrate("use hostile v1; call createPet name=Rex | tr a b; call listKinds\n")
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("use") }.map(String.init), "\(text)")
        // THEN the version switch and the added item go to the statements the scanner read: the item to the
        // call, before its pipe, not after the shell command's last word
        // (B's first allowed value, `@/etc/passwd`, written so the item does not read it as a file to send)
        let status = try Tokenizer.quote("\\@/etc/passwd")
        #expect(line == "use hostile v2; call createPet name=Rex status=\(status) | tr a b; call listKinds", "\(text) \(output.errors)")
    }

    @Test func aMigratedScriptThatSpellsOutASecretIsReadableByItsOwnerOnly() throws {
        // GIVEN a client whose token is written out (the fallback of an unset variable)
        let withSecret = try Self.migrate("use hostile v1\nauth bearer ${env.APISH_UNSET_TOKEN:-sk-live-1234567890abcdef} hostile\ncall listKinds\n")
        // THEN the migrated copy keeps the line as written, and only its owner can read it
        #expect(withSecret.text.contains("${env.APISH_UNSET_TOKEN:-sk-live-1234567890abcdef}"), "\(withSecret.text)")
        #expect(withSecret.mode == 0o600, "mode \(String(withSecret.mode, radix: 8))")
        // AND a client without secrets gets an ordinary file
        let plain = try Self.migrate("use hostile v1\ncall listKinds\n")
        #expect(plain.mode == 0o644, "mode \(String(plain.mode, radix: 8))")
    }
}

private struct NoMigratedScript: Error, CustomStringConvertible {
    let errors: String
    var description: String { "no migrated script: \(errors)" }
}
