import DemoServer
import Foundation
import Testing

/// `edit` with the real binary and a fake editor: a script given as `$EDITOR` that rewrites the file it is
/// handed (with sed), or leaves it, or fails; against the demo server, whose `/echo` answers with the request
/// as it saw it.
@Suite struct EditEndToEndTests {
    /// A folder for the edit files (`$XDG_RUNTIME_DIR`) and the editor scripts, removed at the end.
    struct Workspace {
        let root: String
        var runtime: String { root + "/run" }

        init() throws {
            root = try makeTemporaryDirectory()
            try FileManager.default.createDirectory(atPath: root + "/run", withIntermediateDirectories: true)
        }

        /// An editor: a shell script whose body gets the file as `$1`.
        func editor(_ name: String, _ body: String) throws -> String {
            let path = root + "/" + name
            try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
            return path
        }

        func run(_ arguments: [String], editor: String) throws -> Apish.Result {
            try Apish.run(["--no-color"] + arguments,
                          environment: ["EDITOR": editor, "VISUAL": "", "XDG_RUNTIME_DIR": runtime])
        }

        /// The edit files left in the runtime folder.
        var leftFiles: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: runtime)) ?? []).filter { $0.hasPrefix("apish-edit-") }
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    @Test func theEditedBodyGoesAgainWithTheLastRequestsMethodURLHeadersAndCredentials() throws {
        // GIVEN a PUT with a query, a header of its own, a session header and a bearer token scoped to the server
        let server = try startDemoServer()
        defer { server.stop() }
        let work = try Workspace()
        defer { work.remove() }
        let log = work.root + "/editor.log"
        let editor = try work.editor("rename", """
            stat -c %a "$1" > \(log)
            dirname "$1" >> \(log)
            sed -i 's/Rex/Fido/' "$1"
            """)
        let base = server.baseURL
        // WHEN the body is edited and saved
        let result = try work.run([
            "--locator", base + "/services.json", "-c", "header X-Trace demo", "-c", "auth bearer edit-s3cret-token \(base)",
            "-c", "put \(base)/echo?page=2 name=Rex age:=3 X-Custom:kept", "-c", "edit",
        ], editor: editor)
        // THEN the same request went again, with the edited body
        #expect(result.status == 0, "\(result.stderr)")
        let answers = result.stdout.components(separatedBy: #"{"method":"#).dropFirst().map { #"{"method":"# + $0 }
        #expect(answers.count == 2, "\(result.stdout)")
        let resent = try #require(answers.last)
        #expect(resent.contains(#""method":"PUT","path":"/echo","query":{"page":"2"}"#), "\(resent)")
        #expect(resent.contains(#""json":{"name":"Fido","age":3}"#), "\(resent)")
        #expect(resent.contains(#""x-custom":"kept""#) && resent.contains(#""x-trace":"demo""#), "\(resent)")
        #expect(resent.contains(#""content-type":"application/json""#), "\(resent)")
        // AND the token went with it, masked in what is shown
        #expect(resent.contains(#""authorization":"Bearer •••""#), "\(resent)")
        #expect(!result.stdout.contains("edit-s3cret-token") && !result.stderr.contains("edit-s3cret-token"))
        // AND the editor got a private file in the runtime folder, gone once sent
        let seen = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(seen == ["600", work.runtime], "\(seen)")
        #expect(work.leftFiles.isEmpty, "\(work.leftFiles)")
    }

    @Test func anUnsavedFileOrAFailingEditorSendsNothingAndSaysSo() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let work = try Workspace()
        defer { work.remove() }
        let base = server.baseURL
        let post = ["--locator", base + "/services.json", "-c", "post \(base)/echo name=Rex"]
        // WHEN the editor leaves the file as it was / THEN one line says nothing was sent, and nothing was
        let unchanged = try work.run(["--json"] + post + ["-c", "edit", "-c", "curl"], editor: try work.editor("leave", ":"))
        #expect(unchanged.status == 0, "\(unchanged.stderr)")
        let lines = unchanged.stdout.split(separator: "\n").map(String.init)
        let edit = try #require(lines.first { $0.hasPrefix(#"{"command":"edit""#) }, "\(unchanged.stdout)")
        #expect(edit.contains("edit: the file was not saved; nothing sent"), "\(edit)")
        #expect(!edit.contains(#""status""#), "no request: \(edit)")
        #expect(lines.filter { $0.contains(#""command":"post"#) || $0.contains(#""command":"edit"#) }.count == 2)
        // WHEN the editor changes the file but exits 1 (vim's :cq) / THEN nothing is sent: the last request is still Rex
        let failing = try work.editor("abort", "sed -i 's/Rex/Fido/' \"$1\"\nexit 1")
        let aborted = try work.run(post + ["-c", "edit", "-c", "curl"], editor: failing)
        #expect(aborted.status == 1)
        #expect(aborted.stderr.contains("edit: the editor (\(failing)) exited with status 1; nothing sent"), "\(aborted.stderr)")
        let curl = try #require(aborted.stdout.split(separator: "\n").last { $0.hasPrefix("curl ") }, "\(aborted.stdout)")
        #expect(curl.contains("Rex") && !curl.contains("Fido"), "\(curl)")
        // AND neither leaves a file behind
        #expect(work.leftFiles.isEmpty, "\(work.leftFiles)")
    }

    @Test func aBodyThatIsNotJSONIsKeptAndEditAgainGoesOnWithIt() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let work = try Workspace()
        defer { work.remove() }
        let base = server.baseURL
        // GIVEN an editor that breaks the JSON the first time and mends what it finds the second
        let editor = try work.editor("twice", """
            if grep -q BROKEN "$1"; then printf '{"name": "Mended"}\\n' > "$1"; else printf '{"name": "BROKEN",' > "$1"; fi
            """)
        // WHEN the first edit of a JSON body is saved broken
        let post = "post \(base)/echo name=Rex age:=3"
        let broken = try work.run(["--locator", base + "/services.json", "-c", post, "-c", "edit"], editor: editor)
        // THEN one line says so and names the file, which is kept for the session and removed when it ends
        #expect(broken.status == 1)
        let errors = broken.stderr.split(separator: "\n").filter { $0.contains("edit:") }
        #expect(errors.count == 1, "\(broken.stderr)")
        #expect(errors.first?.contains("the edited body is not JSON (line 1, column") == true, "\(broken.stderr)")
        #expect(errors.first?.contains("kept in \(work.runtime)/") == true, "\(broken.stderr)")
        #expect(work.leftFiles.isEmpty, "the session ended: \(work.leftFiles)")
        // WHEN, in one session, edit runs again after the mistake / THEN it opens the kept file and sends the mended body
        let again = try work.run(["--locator", base + "/services.json", "-c", post, "-c", "edit", "-c", "edit"],
                                 editor: editor)
        #expect(again.stdout.contains(#""json":{"name":"Mended"}"#), "\(again.stdout)\(again.stderr)")
        #expect(work.leftFiles.isEmpty, "\(work.leftFiles)")
    }

    @Test func editOperationStartsFromItsExampleAndSendsItAsCall() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let work = try Workspace()
        defer { work.remove() }
        let locator = server.baseURL + "/services-openapi.json"
        // WHEN createPet's example body is edited into a cat named Rex
        let rename = try work.editor("cat", #"sed -i 's/"dog"/"cat"/; s/"name": "[^"]*"/"name": "Rex"/' "$1""#)
        let sent = try work.run(["--locator", locator, "-c", "use petstore v2", "-c", "edit createPet",
                                 "-c", "expect name == Rex", "-c", "expect species == cat", "-c", "curl"], editor: rename)
        // THEN it went as call createPet, checked and answered
        #expect(sent.status == 0, "\(sent.stdout)\(sent.stderr)")
        #expect(sent.stdout.contains(#"-X POST "#) && sent.stdout.contains("/petstore/v2/pets"), "\(sent.stdout)")
        // WHEN the edit breaks a rule of the operation / THEN call's check refuses it, nothing is sent, and the edit is kept
        let lizard = try work.editor("lizard", #"sed -i 's/"dog"/"lizard"/' "$1""#)
        let refused = try work.run(["--locator", locator, "-c", "use petstore v2", "-c", "edit createPet"], editor: lizard)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains(#"species: expected one of "dog", "cat", found string "lizard""#), "\(refused.stderr)")
        #expect(refused.stderr.contains("nothing sent, the edited body is kept in"), "\(refused.stderr)")
        #expect(work.leftFiles.isEmpty, "kept for the session, removed when it ended: \(work.leftFiles)")
        // AND an operation without a body says so
        let none = try work.run(["--locator", locator, "-c", "use petstore v2", "-c", "edit listPets"], editor: rename)
        #expect(none.stderr.contains("edit: listPets takes no request body"), "\(none.stderr)")
    }

    @Test func aRecordingReplaysTheCallAnEditMadeNotTheEditor() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let work = try Workspace()
        defer { work.remove() }
        let script = work.root + "/recorded.apish"
        let rename = try work.editor("rex", #"sed -i 's/"name": "[^"]*"/"name": "Rex"/' "$1""#)
        // WHEN an edited call and an edited resend are recorded
        let recorded = try work.run(["--locator", server.baseURL + "/services-openapi.json", "-c", "use petstore v2", "-c", "record start",
                                     "-c", "edit createPet", "-c", "edit", "-c", "record save \(script)"], editor: rename)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        // THEN the call is recorded as call with the edited fields, and the resend as a comment that pins nothing
        let lines = try String(contentsOfFile: script, encoding: .utf8).split(separator: "\n").map(String.init).filter { !$0.hasPrefix("# apish") && !$0.hasPrefix("# locator") && !$0.hasPrefix("# replay") }
        #expect(lines.first { $0.hasPrefix("call ") } == #"call createPet 'name:="Rex"' 'species:="dog"' 'status:="available"'"#, "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("edit") }, "\(lines)")
        let note = try #require(lines.firstIndex { $0.hasPrefix("# edit:") }, "\(lines)")
        #expect(note == lines.count - 1, "nothing pinned after the note: \(lines)")
        // AND the recording replays without an editor
        let replay = try work.run(["--locator", server.baseURL + "/services-openapi.json", script], editor: "/bin/false")
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
    }
}
