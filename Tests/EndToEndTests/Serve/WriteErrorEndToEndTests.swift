import Foundation
import Testing

/// Files that cannot be written are one line with the system's reason: no Foundation error dumps.
@Suite struct WriteErrorEndToEndTests {
    private static func isOneClearLine(_ text: String) -> Bool {
        text.split(separator: "\n").count == 1 && !text.contains("CocoaError") && !text.contains("NSCocoaErrorDomain")
            && !text.contains("userInfo")
    }

    @Test func serveInitIntoAnUnwritableFolderSaysWhy() throws {
        // GIVEN folders nobody can write into, root included: one under a regular file, one in /proc
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "x".write(toFile: folder + "/file", atomically: true, encoding: .utf8)
        var targets = [(folder + "/file/fixtures", "not a directory")]
        if FileManager.default.fileExists(atPath: "/proc/self") { targets.append(("/proc/apish-fixtures", "no such file or directory")) }
        for (target, reason) in targets {
            // WHEN the fixtures are written there
            let result = try Apish.run(["serve", "--init", target])
            // THEN it fails with one line naming the place and the reason
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("apish: serve --init: \(target)"), "\(result.stderr)")
            #expect(result.stderr.contains(reason), "\(result.stderr)")
            #expect(Self.isOneClearLine(result.stderr), "\(result.stderr)")
        }
    }

    @Test func aReportOrRecordingIntoAMissingFolderSaysWhy() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = folder + "/s.apish"
        try "set a 1\n".write(toFile: script, atomically: true, encoding: .utf8)
        // WHEN a report goes to a folder that does not exist
        let report = try Apish.run(["--report", "junit", folder + "/missing/r.xml", script])
        // THEN one line says so, and no file appears
        let reportLines = report.stderr.split(separator: "\n").filter { !$0.contains("embedded demo API") }
        #expect(reportLines == ["apish: cannot write report \(folder)/missing/r.xml: no writable folder \(folder)/missing"],
                "\(report.stderr)")
        #expect(report.status != 0)
        // AND a recording and a redirected output the same way
        let saved = try Apish.run(["-c", "record start", "-c", "set a 1", "-c", "record save \(folder)/missing/x.apish",
                                   "-c", "services > \(folder)/missing/out.txt"])
        let savedLines = saved.stderr.split(separator: "\n").filter { !$0.contains("embedded demo API") }
        #expect(savedLines == ["-c:3: cannot write \(folder)/missing/x.apish: no such file or directory",
                               "-c:4: cannot write \(folder)/missing/out.txt: no such file or directory"], "\(saved.stderr)")
    }
}
