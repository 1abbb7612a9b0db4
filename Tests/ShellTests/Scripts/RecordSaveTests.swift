import DemoAPIs
@testable import Facade
import Foundation
import Testing
import TestSupport
@testable import Shell
import HTTPClient
import HTTPTypes
@testable import Commands

/// `record save` keeps an existing file unless told `--force`.
@Suite struct RecordSaveTests {
    /// A shell on the demo's APIs, its output unwrapped (width 0).
    private static func engine(output: BufferedOutput = BufferedOutput(), environment: [String: String] = [:]) -> ShellEngine {
        var options = ShellOptions()
        options.width = { 0 }
        let facade = ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue)
        return ShellEngine(session: Session(facade: facade, bundles: DemoAPIs.bundles, options: options, environment: environment),
                           output: output)
    }

    @Test func anExistingFileIsKeptWithoutForce() throws {
        let scratch = try ScratchDirectory()
        let directory = scratch.path
        let path = directory + "/take.apish"
        try "precious\n".write(toFile: path, atomically: true, encoding: .utf8)
        let output = BufferedOutput()
        let engine = Self.engine(output: output)

        #expect(!engine.execute("record start; set x 1; record save \(path)"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious\n")
        #expect(output.errors.contains("record save: \(path) already exists; to replace it: record save \(path) --force"))

        #expect(engine.execute("record save \(path) --force"))
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("set x 1"))
        #expect(engine.execute("record save --force \(path)"))
        #expect(!engine.execute("record save"))
    }

    @Test func aRecordingStartsWithOnlyWhatTheSessionSet() throws {
        let scratch = try ScratchDirectory()
        let directory = scratch.path
        func commands(_ path: String) throws -> [String] {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
        }

        // GIVEN a fresh session  WHEN it records  THEN the script starts with the first command typed
        #expect(Self.engine().execute("record start; set x 1; record save \(directory)/fresh.apish"))
        #expect(try commands(directory + "/fresh.apish") == ["set x 1"])

        // GIVEN a session that set a place and a variable  WHEN it records  THEN both come first, the place as its API's command
        #expect(Self.engine().execute("location 37.5 127; set x 1; record start; set y 2; record save \(directory)/placed.apish"))
        #expect(try commands(directory + "/placed.apish") == ["location 37.5 127", "set x 1", "set y 2"])
    }

    @Test func whatMakesNoSenseOnReplayIsLeftOutWhateverNameTypedIt() throws {
        let scratch = try ScratchDirectory()
        let directory = scratch.path
        let engine = Self.engine()

        // GIVEN help, history and their aliases typed while recording (`q` quits, after the save)
        #expect(engine.execute("record start; set x 1; help use; ? set; HISTORY; set y 2; record save \(directory)/take.apish; q"))

        // THEN the script holds only what replays
        let lines = try String(contentsOfFile: directory + "/take.apish", encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines == ["set x 1", "set y 2"])
    }

    @Test func eachAuthFormIsRecordedWithItsDeclaredReferenceAndReplays() throws {
        let scratch = try ScratchDirectory()
        let directory = scratch.path
        // GIVEN each auth form typed while recording, secrets of every length (`ab` is too short to be looked
        // for in text: only the statement says it is one) and quoted, each for its own origin
        let typed = [
            "auth bearer ab https://b1.example.test", "auth bearer 'tok en-123' https://b2.example.test",
            "auth key k=xy https://k1.example.test", "auth KEY \"api_key\"=long-key-99 https://k2.example.test",
            "auth basic ada:pw https://l1.example.test", "auth digest bob:'pa ss' https://l2.example.test",
            "auth key 'k3=a b' https://k3.example.test", "auth digest 'eve:pa ss2' https://l3.example.test",
            "auth basic \"o'neil\":pw-3 https://l4.example.test",
        ]
        let recording = Self.engine()
        #expect(recording.execute((["record start"] + typed + ["record save \(directory)/take.apish"]).joined(separator: "; ")))
        let script = try String(contentsOfFile: directory + "/take.apish", encoding: .utf8)
        let lines = script.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }

        // THEN each secret is the reference its form declares, the rest of the line as typed, and nothing in clear
        #expect(lines == [
            "auth bearer ${env.APISH_BEARER:-redacted} https://b1.example.test",
            "auth bearer ${env.APISH_BEARER:-redacted} https://b2.example.test",
            "auth key k=${env.APISH_API_KEY:-redacted} https://k1.example.test",
            "auth KEY \"api_key\"=${env.APISH_API_KEY:-redacted} https://k2.example.test",
            "auth basic ada:${env.APISH_PASSWORD:-redacted} https://l1.example.test",
            "auth digest bob:${env.APISH_PASSWORD:-redacted} https://l2.example.test",
            // a secret inside single quotes: the reference stands outside them, where it is read
            "auth key 'k3='\"${env.APISH_API_KEY:-redacted}\"'' https://k3.example.test",
            // a login is recorded as auth writes it back: its quotes were syntax, and its password needs none
            "auth digest eve:${env.APISH_PASSWORD:-redacted} https://l3.example.test",
            // a quote the user holds, written as '\'' (an escaped quote between two quotings), opens none
            "auth basic 'o'\\''neil':${env.APISH_PASSWORD:-redacted} https://l4.example.test",
        ], "\(script)")
        for secret in ["ab ", "tok en", "xy", "long-key", ":pw", "pa ss", "a b'", "pw-3", "•"] { #expect(!script.contains(secret), "\(secret) in \(script)") }

        // AND replayed with the variables set, it holds those values as the same credentials
        let environment = ["APISH_BEARER": "replayed-bearer", "APISH_API_KEY": "replayed-key", "APISH_PASSWORD": "replayed-pw"]
        let replay = Self.engine(environment: environment)
        #expect(replay.execute("source \(directory)/take.apish"))
        let held = replay.session.facade.credentials.held.entries.map { entry -> String in
            switch entry.credential {
            case let bearer as BearerToken: "bearer \(bearer.token) \(entry.scope)"
            case let key as APIKey: "key \(key.parameter)=\(key.value) \(entry.scope)"
            case let login as PasswordLogin: "\(login.kind) \(login.user):\(login.password) \(entry.scope)"
            default: "other \(entry.scope)"
            }
        }
        let recorded = recording.session.facade.credentials.held.entries.map { "\($0.scope)" }
        #expect(Set(held.map { $0.split(separator: " ").last.map(String.init) ?? "" }) == Set(recorded), "\(held)")
        for expected in ["bearer replayed-bearer", "key k=replayed-key", "key api_key=replayed-key", "key k3=replayed-key", "basic ada:replayed-pw", "digest bob:replayed-pw",
                         "digest eve:replayed-pw", "basic o'neil:replayed-pw"] {
            #expect(held.contains { $0.hasPrefix(expected + " ") }, "\(expected) in \(held)")
        }
        #expect(held.count == typed.count, "\(held)")
    }

    @Test func credentialsSetBeforeTheRecordingStartItWithTheirReferences() throws {
        let scratch = try ScratchDirectory()
        let directory = scratch.path
        let engine = Self.engine()

        // GIVEN a bearer token, an API key and a login held when the recording starts
        #expect(engine.execute("auth bearer tok-12345 https://b.example.test; auth key k=key-12345 https://k.example.test; auth basic ada:pw-12345 https://l.example.test; record start; record save \(directory)/take.apish"))

        // AND the bearer token typed again as another command's secret
        #expect(engine.execute("set token tok-12345; record save --force \(directory)/take.apish"))

        // THEN the recording starts by setting each again, its secret the reference of its scheme, and a held
        // secret is its own reference wherever it is typed
        let lines = try String(contentsOfFile: directory + "/take.apish", encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(Set(lines) == [
            "auth bearer ${env.APISH_BEARER:-redacted} https://b.example.test",
            "auth key k=${env.APISH_API_KEY:-redacted} https://k.example.test",
            "auth basic ada:${env.APISH_PASSWORD:-redacted} https://l.example.test",
            "set token ${env.APISH_BEARER:-redacted}",
        ], "\(lines)")
    }

    @Test func aTokenThatIsAlsoACommandWordIsRecordedAsItsReferenceOnly() throws {
        let scratch = try ScratchDirectory()
        let directory = scratch.path
        let engine = Self.engine()

        // GIVEN a bearer token that is the word `auth`
        #expect(engine.execute("record start; auth bearer auth https://api.example.test; record save \(directory)/take.apish"))

        // THEN the line keeps its command words and only the token becomes its reference
        let lines = try String(contentsOfFile: directory + "/take.apish", encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines == ["auth bearer ${env.APISH_BEARER:-redacted} https://api.example.test"])
    }
}
