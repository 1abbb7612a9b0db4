import Foundation
@testable import Shell
import Testing

/// Heredocs in the engine: read from the lines that follow, counted in line numbers, and recorded whole.
@Suite struct HeredocEngineTests {
    @Test func aRecordedHeredocReplaysWithItsLines() throws {
        let shell = try DemoShell()
        let path = NSTemporaryDirectory() + "heredoc-\(UUID().uuidString).apish"
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(shell.run("""
            record start
            post \(shell.server.baseURL)/echo <<EOF
            [1,
             2]
            EOF
            record save \(path)
            """), "\(shell.output.errors)")
        let script = try String(contentsOfFile: path, encoding: .utf8)
        #expect(script.contains("/echo << EOF\n[1,\n 2]\nEOF\nexpect status 200\n"), "\(script)")
    }

    @Test func aHeredocOutsideAScriptOrPromptIsRefused() throws {
        let shell = try DemoShell()
        #expect(!shell.engine.execute("post \(shell.server.baseURL)/echo <<EOF"))
        #expect(shell.output.errors == "error: <<EOF: a heredoc needs the lines after it, in a script or at the prompt\n")
    }

    @Test func aHeredocOverTheCapIsReadToItsEndAndRefused() throws {
        let shell = try DemoShell()
        shell.session.options.maxInputBytes = 10
        #expect(!shell.run("""
            post \(shell.server.baseURL)/echo <<EOF
            0123456789
            0123456789
            EOF
            set after 1
            """))
        #expect(shell.output.errors == "t.apish:1: <<EOF: the body is larger than 10 bytes, the most a body may hold\n")
        #expect(shell.session.variables["after"] == "1")
    }
}
