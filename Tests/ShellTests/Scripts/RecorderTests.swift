@testable import Facade
@testable import Secrets
@testable import HTTPClient
@testable import HTTPTypes
import Foundation
import Testing
@testable import Shell
@testable import ScriptLanguage

/// What a recording keeps, what it drops, the expectations it pins and how secrets are written.
@Suite struct RecorderTests {
    private func exchange(status: Int?, outcome: Outcome) -> Exchange {
        let request = HTTPRequest(method: .get, url: "http://127.0.0.1:1/weather/v1")
        let response = status.map { HTTPResponse(status: $0, url: "http://127.0.0.1:1/weather/v1") }
        return Exchange(service: nil, method: .get, displayURL: "http://127.0.0.1:1/weather/v1", request: request,
                        response: response, outcome: outcome, model: nil, document: nil, warnings: [], versionSent: nil)
    }

    private func failed(_ message: String) -> RunResult {
        var report = RunResult()
        report.ok = false
        report.error = message
        return report
    }

    @Test func requestsArePinnedWithTheirStatusAndResult() {
        var recorder = Recorder()
        recorder.record("use weather v1", report: RunResult(lines: ["weather → v1"]))
        recorder.record("refresh weather city==Boston", report: RunResult(exchange: exchange(status: 200, outcome: .success(status: 200))))
        recorder.record("refresh weather city==Xyz", report: RunResult(exchange: exchange(status: 404, outcome: .requestError(status: 404, message: nil))))
        recorder.record("get http://127.0.0.1:1/", report: RunResult(exchange: exchange(status: nil, outcome: .networkFailure("refused"))))
        #expect(recorder.replayable().lines == [
            "use weather v1",
            "refresh weather city==Boston", "expect status 200", "expect result success",
            "refresh weather city==Xyz", "expect status 404", "expect result requestError",
            "get http://127.0.0.1:1/", "expect result networkFailure",
        ])
        #expect(recorder.commandCount == 4)
    }

    @Test func aStreamCutShortByCtrlCIsSaidInTheRecording() {
        // GIVEN a request whose stream Ctrl-C ended while recording
        var recorder = Recorder()
        var report = RunResult(exchange: exchange(status: 200, outcome: .success(status: 200)))
        report.interrupted = true
        recorder.record("get http://127.0.0.1:1/events", report: report)
        // THEN the line is kept, pinned as it went, with a comment saying it was cut short
        #expect(recorder.replayable().lines == [
            "get http://127.0.0.1:1/events", Recorder.interruptedNote, "expect status 200", "expect result success",
        ])
        #expect(Recorder.interruptedNote.hasPrefix("# "))
    }

    @Test func typosFailedChecksAndNoiseAreDropped() {
        var recorder = Recorder()
        recorder.record("use weather v9", report: failed("weather has no version v9"))
        recorder.record("expect status 500", report: failed("expected status 500, got 200"))
        #expect(recorder.replayable().lines.isEmpty)
    }

    @Test func anExpectationTypedAfterARequestIsNotDoubled() {
        var recorder = Recorder()
        recorder.record("twits", report: RunResult(exchange: exchange(status: 200, outcome: .success(status: 200))))
        recorder.record("expect status 200", report: RunResult())
        recorder.record("expect count data == 12", report: RunResult())
        #expect(recorder.replayable().lines == ["twits", "expect status 200", "expect result success", "expect count data == 12"])
    }

    @Test func stoppedRecordersIgnoreCommands() {
        var recorder = Recorder()
        recorder.stop()
        recorder.record("services", report: RunResult())
        #expect(recorder.replayable().lines.isEmpty)
        #expect(!recorder.isRecording)
    }

    @Test func secretsBecomeEnvironmentPlaceholders() {
        // GIVEN the auth lines as the session hands them over (each secret its form's reference, from the
        // statement), and lines with a mask left in them
        var recorder = Recorder(prelude: ["auth key key=${env.APISH_API_KEY:-redacted} meetup"])
        recorder.record("auth bearer ${env.APISH_BEARER:-redacted} twit", report: RunResult())
        recorder.record("get meetup/2/groups key==••• lat==1", report: RunResult())
        recorder.record("auth bearer ••• twit", report: RunResult())
        recorder.record("header Authorization 'Bearer not-known-as-a-secret'", report: RunResult())
        // The shell passes its command-line redactor; it masks a credential header however it is quoted.
        let redact = Redactor().redactCommandLine
        // THEN references stay, and a mask becomes APISH_SECRET whatever the line: the text is not read for
        // which form it is
        #expect(recorder.replayable(redact: redact).lines == [
            "auth key key=${env.APISH_API_KEY:-redacted} meetup",
            "auth bearer ${env.APISH_BEARER:-redacted} twit",
            "get meetup/2/groups key==${env.APISH_SECRET:-redacted} lat==1",
            "auth bearer ${env.APISH_SECRET:-redacted} twit",
            "header Authorization ${env.APISH_SECRET:-redacted}",
        ])
        #expect(recorder.replayable(redact: redact).placeholders == ["APISH_API_KEY", "APISH_BEARER", "APISH_SECRET"])
    }

    @Test func aKnownSecretBecomesTheSameReferenceWhereverItIs() {
        // GIVEN a Basic login, a bearer token and a credential header with a scheme
        var credentials = Credentials()
        credentials.set(PasswordLogin(.basic, user: "ada", password: "pa55word"), for: .origin("http://h"))
        credentials.set(BearerToken("tok-123456"), for: .service("twit"))
        credentials.setHeader("Authorization", "Basic YWRhOnBhNTV3b3Jk", for: .service("hb"))
        let references = Recorder.references(for: credentials)
        let redact = Redactor(secrets: credentials.secrets).redactCommandLine
        // WHEN lines that hold them are recorded
        var recorder = Recorder()
        for line in ["auth basic ada:pa55word http://h", "get http://h/basic-auth/ada/pa55word",
                     "post twit/x token=tok-123456", "get hb/echo/YWRhOnBhNTV3b3Jk"] {
            recorder.record(Recorder.recordable(line, references: references, redact: redact), report: RunResult())
        }
        // THEN each secret is its own variable everywhere, and a save keeps the references whole
        let saved = recorder.replayable(redact: redact)
        #expect(saved.lines == [
            "auth basic ada:${env.APISH_PASSWORD:-redacted} http://h",
            "get http://h/basic-auth/ada/${env.APISH_PASSWORD:-redacted}",
            "post twit/x token=${env.APISH_BEARER:-redacted}",
            "get hb/echo/${env.APISH_SECRET:-redacted}",
        ])
        #expect(saved.placeholders == ["APISH_PASSWORD", "APISH_BEARER", "APISH_SECRET"])
    }

    @Test func aCredentialHeaderKeepsItsSchemeAndScope() {
        var recorder = Recorder(prelude: ["header Authorization Basic ${env.APISH_SECRET:-redacted} hb"])
        recorder.record("auth basic ada:${env.APISH_PASSWORD:-redacted}", report: RunResult())
        let redact = Redactor().redactCommandLine
        #expect(recorder.replayable(redact: redact).lines == [
            "header Authorization Basic ${env.APISH_SECRET:-redacted} hb",
            "auth basic ada:${env.APISH_PASSWORD:-redacted}",
        ])
    }

    @Test func secretsKnownOnlyAtSaveTimeAreMaskedToo() {
        var recorder = Recorder()
        recorder.record("set token abc123", report: RunResult())
        recorder.record("auth bearer $token", report: RunResult())
        let saved = recorder.replayable { $0.replacingOccurrences(of: "abc123", with: "•••") }
        #expect(saved.lines == ["set token ${env.APISH_SECRET:-redacted}", "auth bearer $token"])
    }

    @Test func savedScriptHasAHeaderThenTheLines() throws {
        var recorder = Recorder(startedAt: Date(timeIntervalSince1970: 0))
        recorder.record("auth bearer ${env.APISH_BEARER:-redacted}", report: RunResult())
        let script = recorder.script(savedAt: Date(timeIntervalSince1970: 60), locator: "http://127.0.0.1:8080/services.json", file: "s.apish")
        #expect(script == """
        # apish recording, saved 1970-01-01T00:01:00Z (started 1970-01-01T00:00:00Z)
        # locator: http://127.0.0.1:8080/services.json
        # replay: apish s.apish   (exit 0 while the APIs still answer as recorded)
        # secrets were not saved: set APISH_BEARER in the environment to replay against a real API (without them the stand-in 'redacted' is sent, which the demo API accepts)
        auth bearer ${env.APISH_BEARER:-redacted}

        """)
        // The header and placeholders read back as comments and a variable, not as secrets or errors.
        let commands = try script.split(separator: "\n").flatMap { try Tokenizer.split(String($0)) }
        #expect(commands.count == 1)
        #expect(commands[0][2].parts == [.variableWithDefault("env.APISH_BEARER", fallback: "redacted")])
    }

    @Test func quotingReadsBack() throws {
        for value in ["plain", "two words", "it's", "$HOME \"x\"", ""] {
            let words = try Tokenizer.split("set v " + Tokenizer.quote(value))[0]
            #expect(try words[2].expand { _ in nil } == value)
        }
    }
}
