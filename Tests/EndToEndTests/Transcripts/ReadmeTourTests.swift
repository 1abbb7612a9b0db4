import Foundation
import Testing

/// The README's two-minute tour cannot go stale: its commands are the `readme-tour` transcript's, which
/// `TranscriptTests` runs and pins, and every answer the README shows is in that transcript's output.
@Suite struct ReadmeTourTests {
    /// The tour block of the README: the lines of the first code block after its heading.
    static func tourLines() throws -> [String] {
        let readme = try String(contentsOf: Transcript.directory.appendingPathComponent("../../README.md"), encoding: .utf8)
        let heading = try #require(readme.range(of: "## A two-minute tour"))
        let rest = readme[heading.upperBound...]
        let open = try #require(rest.range(of: "```\n"))
        let close = try #require(rest[open.upperBound...].range(of: "```"))
        return rest[open.upperBound..<close.lowerBound].split(separator: "\n").map(String.init)
    }

    /// `apish weather v2> refresh` → `refresh`; nil for a line that is not a command at the prompt.
    static func command(_ line: String) -> String? {
        guard line.hasPrefix("apish"), let prompt = line.range(of: "> ") else { return nil }
        return String(line[prompt.upperBound...])
    }

    @Test func theTourRunsAsItsTranscriptCommandForCommand() throws {
        // GIVEN the README's tour and the transcript
        let tour = try Self.tourLines().compactMap(Self.command)
        let script = try String(contentsOf: Transcript.directory.appendingPathComponent("readme-tour.apish"), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
        // THEN they hold the same commands, in the same order
        #expect(tour.count > 10, "the README's tour is missing or unreadable")
        #expect(script == tour, "Tests/Transcripts/readme-tour.apish must hold the README tour's commands, in order")
    }

    @Test func everyAnswerTheTourShowsIsWhatTheTranscriptPrints() throws {
        // GIVEN the answers the README shows (the lines after the start-up line that are not commands)
        let shown = try Self.tourLines().dropFirst(2).filter { Self.command($0) == nil }
        let output = try String(contentsOf: Transcript.directory.appendingPathComponent("readme-tour.out"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        // THEN each is a line of the pinned output
        #expect(!shown.isEmpty)
        for line in shown { #expect(output.contains(line), "the README's tour shows \(line.debugDescription), which the tour does not print") }
    }
}
