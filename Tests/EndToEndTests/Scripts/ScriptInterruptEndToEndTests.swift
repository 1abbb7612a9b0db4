import DemoServer
import Foundation
import Loopback
import Testing

/// Ctrl-C (SIGINT) during a script or `-c` run: the request in flight is cancelled, the rest is not run,
/// the summary is printed and the report written with the interruption as a failed case; exit 130.
@Suite struct ScriptInterruptEndToEndTests {
    @Test func sigintStopsTheScriptWritesTheReportAndExits130() throws {
        // GIVEN a script whose second request takes a minute, with a JUnit report asked for
        let server = try startDemoServer()
        defer { server.stop() }
        let slowRequestArrived = DispatchSemaphore(value: 0)
        let slow = try LoopbackServer(routes: ["/delay": .delay(announcing: { slowRequestArrived.signal() })])
        defer { slow.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/slow.apish"
        try """
            refresh weather
            expect status 200
            get \(slow.url("/delay/60000"))
            refresh stockQuote
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let report = folder + "/report.xml"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Apish.binary)
        process.arguments = ["--no-color", "--locator", server.baseURL + "/services.json", "--report", "junit", report, script]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        process.standardInput = FileHandle.nullDevice
        try process.run()

        // WHEN Ctrl-C arrives while the slow request is in flight
        #expect(slowRequestArrived.wait(timeout: .now() + 30) == .success, "the slow request reached its server")
        let started = Date()
        kill(process.processIdentifier, SIGINT)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        // THEN it stops well before the request would have ended, exits 130, and says so
        #expect(process.terminationStatus == 130)
        // (a generous bound: the request would have taken a minute)
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(text.contains("passed, 2 failed"), "\(text)")
        #expect(!text.contains("Symbol"), "the command after the interrupted one did not run: \(text)")
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.contains("interrupted by Ctrl-C"), "\(xml)")
        #expect(xml.contains("tests=\"4\""), "\(xml)")
    }
}
