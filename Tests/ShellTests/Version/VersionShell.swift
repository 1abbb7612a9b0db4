import DemoAPIs
import DemoServer
import Facade
import Foundation
import Synchronization
import TestSupport
@testable import Shell
import JSON
import HTTPClient
import HTTPTypes
@testable import Commands

/// A shell wired to its own demo server (port 0), with output captured per command — the in-process
/// counterpart of running the binary, for the version commands.
final class VersionShell {
    let server: DemoServer
    let session: Session
    let engine: ShellEngine
    let output = WatchedOutput()
    /// Stands in for the SIGINT counter the engine reads: `interrupt()` is a Ctrl-C.
    let interrupts = InterruptSwitch()

    init(root: String? = nil, json: Bool = false, interactive: Bool = false, locator: String = "services.json") throws {
        server = DemoServer(configuration: DemoServerConfiguration(root: root, faults: true))
        try server.start()
        var options = ShellOptions()
        options.json = json
        options.interactive = interactive
        let interrupts = self.interrupts
        options.interruptCount = { interrupts.count.load(ordering: .acquiring) }
        session = Session(facade: ServiceFacade(transport: CurlTransport(), catalogue: DemoAPIs.catalogue), bundles: DemoAPIs.bundles, options: options)
        engine = ShellEngine(session: session, output: output)
        try session.facade.workspace.locate(server.baseURL + "/" + locator)
    }

    deinit {
        server.stop()
    }

    /// Runs one line; whether it succeeded and what it wrote to stdout and stderr.
    @discardableResult
    func run(_ line: String) -> (ok: Bool, out: String, err: String) {
        let before = output.snapshot()
        let ok = engine.execute(line)
        let after = output.snapshot()
        return (ok, String(after.out.dropFirst(before.out.count)), String(after.err.dropFirst(before.err.count)))
    }

    /// The one `--json` line a command printed, parsed.
    func json(_ line: String) throws -> JSONValue {
        try JSONValue.parse(Data(run(line).out.utf8))
    }
}

final class InterruptSwitch: Sendable {
    let count = Atomic<Int>(0)

    func interrupt() {
        count.add(1, ordering: .releasing)
    }
}

/// Output that another thread may read while a command (e.g. `watch`) is still writing.
final class WatchedOutput: OutputSink, @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""

    func write(_ text: String) {
        lock.withLock { out += text }
    }

    func writeError(_ text: String) {
        lock.withLock { err += text }
    }

    func snapshot() -> (out: String, err: String) {
        lock.withLock { (out, err) }
    }

    /// Waits until stdout contains `text`; false after `timeout` seconds.
    func wait(for text: String, timeout: TimeInterval = 30) -> Bool {
        eventually(within: timeout) { snapshot().out.contains(text) }
    }
}

/// A fixture folder (the demo's files, editable) removed when the test ends.
final class VersionFixtureFolder: Sendable {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "apish-version-\(UUID().uuidString)"
        try DemoFixtures.write(to: path)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func write(_ relativePath: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .atomic)
    }
}

extension JSONValue {
    /// The value at a path in tests (`data.changes[0].path`); nil when absent or malformed.
    func value(atPath path: String) -> JSONValue? {
        (try? value(at: path)) ?? nil
    }
}
