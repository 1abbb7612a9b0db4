import Shell
/// Passes errors through and drops the rest: `--each-version --json` prints one matrix object on stdout,
/// while each run's `FILE:LINE: …` failures still reach stderr.
final class ErrorsOnlyOutput: OutputSink {
    private let base: OutputSink

    init(_ base: OutputSink) {
        self.base = base
    }

    func write(_ text: String) {}

    func writeError(_ text: String) {
        base.writeError(text)
    }
}
