@testable import Commands
import JSON
import Testing

/// A recording that reaches its cap says so at its end, and every line stays an asciicast event.
@Suite struct CastRecorderTests {
    @Test func aCastPastItsCapEndsWithAMarkerCountingWhatWasLeftOut() throws {
        // GIVEN a recorder that keeps three events
        var tick = 0.0
        let cast = CastRecorder(title: "t", size: (80, 24), timestamp: 0, environment: [:], idleLimit: nil,
                                maxEvents: 3, clock: { tick += 1; return tick })
        // WHEN five pieces of output arrive
        for index in 0..<5 { cast.output("line \(index)\n") }
        // THEN three are kept, two counted, and the last line is a marker that says so
        let lines = cast.text.split(separator: "\n").map(String.init)
        #expect(cast.dropped == 2)
        #expect(lines.count == 1 + 3 + 1)
        let last = try JSONValue.parse(lines[lines.count - 1])
        guard case .array(let event) = last, event.count == 3 else { Issue.record("not an event: \(last)"); return }
        #expect(event[1] == .string("m"))
        #expect(event[2] == .string("recording cut at 3 events; 2 more not recorded"))
    }

    @Test func aCastUnderItsCapHasNoMarker() {
        // GIVEN a recorder under its cap, WHEN one piece of output arrives, THEN nothing is counted or marked
        let cast = CastRecorder(title: "t", size: (80, 24), timestamp: 0, environment: [:], idleLimit: nil,
                                maxEvents: 3, clock: { 0 })
        cast.output("one\n")
        #expect(cast.dropped == 0)
        #expect(!cast.text.contains("\"m\""))
    }
}
