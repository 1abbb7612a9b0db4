import Foundation
import Testing

/// `apish impact …` from the command line on the demo pet store: the example client of v1 held against
/// v3, its migrated script replayed green on v3, and the HTML report checked as a file and, when
/// Chromium is installed, as a rendered page.
@Suite struct ImpactEndToEndTests {
    private static let example = ScriptFiles.repositoryRoot + "/examples/upgrade-impact.apish"

    @Test func theMigratedExampleReplaysGreenOnV3() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let locator = server.baseURL + "/services-openapi.json"
        // GIVEN the example, a client of v1, WHEN impact runs on it with --fix
        let impact = try Apish.run(["--no-color", "--locator", locator, "impact", Self.example, "petstore", "v1", "v3",
                                    "--fix", folder + "/migrated.apish"])
        // THEN it exits 1 (lines break) and says so
        #expect(impact.status == 1)
        #expect(impact.stdout.contains(": 4 lines break, 0 to review, 7 untouched, 0 unknown\n"))
        // AND its failure names the script, not a -c that was never given
        #expect(!(impact.stdout + impact.stderr).contains("-c:1:"), "\(impact.stderr)")
        #expect(impact.stderr.contains("4 lines of \(Self.example) break"), "\(impact.stderr)")
        let migrated = try String(contentsOfFile: folder + "/migrated.apish", encoding: .utf8)
        #expect(migrated.contains("use petstore v3\n") && migrated.contains("call getPetById $rex\n"))
        // AND the original fails on v3 while the migrated script replays green there
        let unmigrated = try String(contentsOfFile: Self.example, encoding: .utf8).replacingOccurrences(of: "use petstore v1", with: "use petstore v3")
        try unmigrated.write(toFile: folder + "/unmigrated.apish", atomically: true, encoding: .utf8)
        let original = try Apish.run(["--no-color", "--locator", locator, folder + "/unmigrated.apish"])
        #expect(original.status == 1)
        let replay = try Apish.run(["--no-color", "--locator", locator, folder + "/migrated.apish"])
        #expect(replay.status == 0, "\(replay.stderr)")
    }

    @Test func aPropertyThatBecameOneOfIsChangedNotRemoved() throws {
        // GIVEN an answer whose `owner` object became `oneOf [string, object]`, and a script reading owner.name
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func document(_ version: String, owner: String) -> String {
            #"""
            {"openapi":"3.0.3","info":{"title":"t","version":"\#(version)"},"paths":{"/pets/{id}":{"get":{"operationId":"getPet",
              "parameters":[{"name":"id","in":"path","required":true,"schema":{"type":"string"}}],
              "responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"object","required":["owner"],
                "properties":{"owner":\#(owner)}}}}}}}}}}
            """#
        }
        let object = #"{"type":"object","required":["name"],"properties":{"name":{"type":"string"}}}"#
        try document("1.0.0", owner: object).write(toFile: folder + "/v1.json", atomically: true, encoding: .utf8)
        try document("2.0.0", owner: #"{"oneOf":[{"type":"string"},\#(object)]}"#).write(toFile: folder + "/v2.json", atomically: true, encoding: .utf8)
        try #"""
        {"services": [{"name": "pets", "version": 1, "url": "http://127.0.0.1:9", "openapi": "v1.json"},
                      {"name": "pets", "version": 2, "url": "http://127.0.0.1:9", "openapi": "v2.json"}]}
        """#.write(toFile: folder + "/locator.json", atomically: true, encoding: .utf8)
        try "use pets 1\ncall getPet 1\nexpect owner.name == \"Ada\"\n".write(toFile: folder + "/client.apish", atomically: true, encoding: .utf8)
        // WHEN impact reads it
        let impact = try Apish.run(["--no-color", "--locator", folder + "/locator.json", "impact", folder + "/client.apish", "pets", "1", "2"])
        // THEN the line breaks because owner changed to one of two shapes, not because anything was removed
        #expect(impact.stdout.contains("response property owner changed to one of string, object"), "\(impact.stdout)")
        #expect(!impact.stdout.contains("removed"), "\(impact.stdout)")
    }

    @Test func mergedPathParametersAreFixedAsTheOneThatTakesTheirPlace() throws {
        // GIVEN GitHub's compare path: /compare/{base}...{head} became /compare/{basehead}, and a script calling it
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func parameter(_ name: String) -> String { #"{"name":"\#(name)","in":"path","required":true,"schema":{"type":"string"}}"# }
        func document(_ version: String, path: String, names: [String]) -> String {
            #"""
            {"openapi":"3.0.3","info":{"title":"t","version":"\#(version)"},"paths":{"\#(path)":{"get":{"operationId":"compare",
              "parameters":[\#(names.map(parameter).joined(separator: ","))],"responses":{"200":{"description":"ok"}}}}}}
            """#
        }
        try document("1.0.0", path: "/compare/{base}...{head}", names: ["base", "head"]).write(toFile: folder + "/v1.json", atomically: true, encoding: .utf8)
        try document("2.0.0", path: "/compare/{basehead}", names: ["basehead"]).write(toFile: folder + "/v2.json", atomically: true, encoding: .utf8)
        try #"""
        {"services": [{"name": "gh", "version": 1, "url": "http://127.0.0.1:9", "openapi": "v1.json"},
                      {"name": "gh", "version": 2, "url": "http://127.0.0.1:9", "openapi": "v2.json"}]}
        """#.write(toFile: folder + "/locator.json", atomically: true, encoding: .utf8)
        try "use gh 1\ncall compare base=main head=dev\n".write(toFile: folder + "/client.apish", atomically: true, encoding: .utf8)
        // WHEN impact reads it with --fix
        let impact = try Apish.run(["--no-color", "--locator", folder + "/locator.json", "impact", folder + "/client.apish", "gh", "1", "2",
                                    "--fix", folder + "/migrated.apish"])
        // THEN it says the two became one, and the fix writes basehead=main...dev in their place
        #expect(impact.stdout.contains("parameters base, head are now basehead=main...dev"), "\(impact.stdout)")
        #expect(!impact.stdout.contains("removed"), "\(impact.stdout)")
        let migrated = try String(contentsOfFile: folder + "/migrated.apish", encoding: .utf8)
        #expect(migrated.contains("call compare basehead=main...dev"), "\(migrated)")
        #expect(!migrated.contains("head=dev\n") && !migrated.contains("base=main"), "\(migrated)")
    }

    @Test func theHTMLReportIsSelfContainedAndComplete() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let secret = "sekret-token-4242"
        let script = folder + "/client.apish"
        try """
        use petstore v1
        call showPetById 1 Authorization:'Bearer \(secret)'
        expect tag == "<b>dog</b>"
        call showOwner 1
        call listPets limit=2
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let report = folder + "/impact.html"
        let result = try Apish.run(["--no-color", "--json", "--locator", server.baseURL + "/services-openapi.json",
                                    "impact", script, "petstore", "v1", "v2", "--report", "html", report])
        #expect(result.status == 1)
        let html = try String(contentsOfFile: report, encoding: .utf8)
        // No external reference: nothing fetched, no script, no link to follow
        for pattern in [#"(?i)\b(src|href)\s*="#, #"(?i)url\s*\("#, #"(?i)<script"#, #"(?i)<link"#, #"(?i)@import"#] {
            #expect(html.range(of: pattern, options: .regularExpression) == nil, "\(pattern)")
        }
        #expect(!html.contains("http://") && !html.contains("https://"))
        // Every finding is there (HTML-escaped), and the secret is not
        let object = try #require(result.jsonLines.first)
        let findings = try #require((object["data"] as? [String: Any])?["findings"] as? [[String: Any]])
        #expect(findings.count >= 5)
        for finding in findings {
            let what = try #require(finding["change"] as? String)
            #expect(html.contains(Self.escaped(what)), "\(what)")
        }
        #expect(!html.contains(secret))
        #expect(html.contains("&lt;b&gt;dog&lt;/b&gt;") && !html.contains("<b>dog</b>"))
        #expect(html.contains("@media print") && html.contains("prefers-color-scheme: dark"))
        // Breaking first: the first group is a breaking one
        let firstGroup = try #require(html.range(of: "<section class=\"group "))
        #expect(html[firstGroup.upperBound...].hasPrefix("breaking"))
        try Self.renderIfChromiumIsInstalled(report, to: folder + "/impact.png")
    }

    @Test func specDiffAndScriptRunsWriteHTMLReportsToo() throws {
        let server = try startDemoServer()
        defer { server.stop() }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let locator = server.baseURL + "/services-openapi.json"
        let diff = try Apish.run(["--no-color", "--locator", locator, "-c", "diff petstore v1 v2 --spec --report html \(folder)/diff.html"])
        #expect(diff.status == 0, "\(diff.stderr)")
        let diffHTML = try String(contentsOfFile: folder + "/diff.html", encoding: .utf8)
        #expect(diffHTML.contains("renamed (showPetById → getPet)") && diffHTML.contains("16 changes between petstore v1 and v2: 4 breaking, 2 warnings, 10 info"))
        let script = folder + "/run.apish"
        try "call showPetById 1\nexpect name == Rex\n".write(toFile: script, atomically: true, encoding: .utf8)
        let run = try Apish.run(["--no-color", "--locator", locator, "--each-version", "petstore", "--report", "html", folder + "/run.html", script])
        #expect(run.status == 1)
        let runHTML = try String(contentsOfFile: folder + "/run.html", encoding: .utf8)
        // The matrix as a grid: passed on v1 and v3, failed on v2 (no showPetById there)
        #expect(runHTML.contains("<table class=\"grid\">"))
        let row = try #require(runHTML.range(of: "<code>call showPetById 1</code>"))
        let cells = runHTML[row.upperBound...].prefix { $0 != "\n" }
        #expect(cells.contains("cell pass") && cells.contains("cell fail"))
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    /// Renders the page with headless Chromium and checks the picture is not blank: enough pixels differ
    /// from the background. Skipped (passing) when Chromium is not installed.
    static func renderIfChromiumIsInstalled(_ page: String, to png: String) throws {
        guard let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: FileManager.default.isExecutableFile) else { return }
        let render = try Apish.execute(
            ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1200,1400",
             "--screenshot=" + png, "file://" + page],
            environment: ["HOME": NSTemporaryDirectory(), "PATH": "/usr/bin:/bin"], stdin: nil, directory: nil, timeout: 120, executable: chromium)
        #expect(FileManager.default.fileExists(atPath: png), "\(render.stderr)")
        let count = try Apish.execute(["-c", pngInkCounter, png],
                                      environment: ["PATH": "/usr/bin:/bin"], stdin: nil, directory: nil, timeout: 60, executable: "/usr/bin/python3")
        let ink = Int(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(ink > 5_000, "only \(ink) pixels differ from the background: \(count.stderr)")
    }

    /// Decodes an 8-bit RGB(A) PNG with the standard library and prints how many pixels differ from the
    /// top-left one.
    static let pngInkCounter = #"""
    import sys, zlib, struct
    data = open(sys.argv[1], 'rb').read()
    pos, idat, width, height, kind = 8, b'', 0, 0, 2
    while pos < len(data):
        length, = struct.unpack('>I', data[pos:pos+4]); tag = data[pos+4:pos+8]; body = data[pos+8:pos+8+length]
        if tag == b'IHDR': width, height, depth, kind = struct.unpack('>IIBB', body[:10])
        if tag == b'IDAT': idat += body
        pos += 12 + length
    channels = 4 if kind == 6 else 3
    raw = zlib.decompress(idat); stride = width * channels; rows = []; previous = bytearray(stride); i = 0
    for _ in range(height):
        f = raw[i]; line = bytearray(raw[i+1:i+1+stride]); i += 1 + stride
        for x in range(stride):
            a = line[x-channels] if x >= channels else 0; b = previous[x]; c = previous[x-channels] if x >= channels else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line); previous = line
    background = bytes(rows[0][:3])
    print(sum(1 for line in rows for x in range(0, stride, channels) if bytes(line[x:x+3]) != background))
    """#
}
