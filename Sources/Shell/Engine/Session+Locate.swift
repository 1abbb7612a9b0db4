import Facade
import FoundationFree
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Session {
    /// How long a load runs before its progress line appears.
    static let loadProgressDelay = 0.5

    /// `facade.workspace.locate`, with a progress line on `output`'s stderr (files and bytes read so far) when
    /// stderr is a terminal, `--json` is off and the load takes over half a second. Ctrl-C stops the load.
    package func locate(_ location: String?, refresh: Bool = false, progressOn output: RedactingOutput) throws(FacadeError) -> LocateReport {
        let progress = LoadProgress()
        let shown = location ?? facade.workspace.locatorSource ?? "the locator"
        let spinner = !options.json && isatty(STDERR_FILENO) == 1
            ? Spinner.start(after: Self.loadProgressDelay, label: { Self.progressLine(shown, progress) },
                            on: output.progressDrawing()) : nil
        defer { spinner?.stop() }
        return try facade.workspace.locate(location, refresh: refresh, cancellation: cancellationToken(), progress: progress)
    }

    /// `loading openapi.yaml: 1,204 files, 3.2 MB`.
    static func progressLine(_ location: String, _ progress: LoadProgress) -> String {
        let name = location.split(separator: "/").last.map(String.init) ?? location
        let files = progress.files
        return "loading \(name): \(files) file\(files == 1 ? "" : "s"), \(ByteCountText.megabytes(progress.bytes))"
    }
}

/// A byte count as a person reads it in a progress line: `812 KB`, `3.2 MB`.
enum ByteCountText {
    static func megabytes(_ bytes: Int) -> String {
        if bytes < 1_000_000 { return "\(bytes / 1_000) KB" }
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}
