import DemoServer
import Facade
import Foundation
import HTTPClient
import HTTPTypes

/// The measurements that run in a child process (see `ChildRun`), each printing `key=value` lines.
enum ChildModes {
    /// Peak and retained RSS growth of one parse of the document in `path`.
    static func jsonMemory(contender: JSONContender, path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard MemoryProbe.resetPeak(), let baseline = MemoryProbe.residentKiB else {
            throw BenchFailure("cannot read or reset peak RSS on this system")
        }
        let retained = try contender.withParsed(data) { _ in (MemoryProbe.residentKiB ?? baseline) - baseline }
        ChildRun.emit("peak_kib", (MemoryProbe.peakKiB ?? baseline) - baseline)
        ChildRun.emit("retained_kib", retained)
    }

    /// GET `/faults/huge/MB` through a transport with the default body cap: the outcome, how long it
    /// took and the peak RSS growth of the whole process (the demo server runs in it too).
    static func bodyCap(mebibytes: Int) throws {
        let server = DemoServer(configuration: DemoServerConfiguration(faults: true))
        try server.start()
        defer { server.stop() }
        let transport = CurlTransport()
        // Loads libcurl's lazily initialised state before the baseline is taken.
        _ = try transport.send(HTTPRequest(url: server.baseURL + "/weather/v2"))
        guard MemoryProbe.resetPeak(), let baseline = MemoryProbe.residentKiB else {
            throw BenchFailure("cannot read or reset peak RSS on this system")
        }
        var outcome = ""
        let seconds = Stopwatch.seconds {
            do {
                let response = try transport.send(HTTPRequest(url: server.baseURL + "/faults/huge/\(mebibytes)"))
                outcome = "status \(response.status), \(response.body.count / 1_048_576) MiB body"
            } catch let error as TransportError {
                if case .tooLarge = error { outcome = "tooLarge: " } else { outcome = "UNEXPECTED: " }
                outcome += error.description
            } catch {
                outcome = "UNEXPECTED: \(error)"
            }
        }
        ChildRun.emit("outcome", outcome)
        ChildRun.emit("milliseconds", seconds * 1000)
        ChildRun.emit("peak_kib", (MemoryProbe.peakKiB ?? baseline) - baseline)
        ChildRun.emit("limit", transport.configuration.maxBodyBytes)
    }
}
