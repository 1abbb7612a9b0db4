import Foundation

/// The numbers of one run as `key=value` lines, for `scripts/bench` to put in its table without parsing
/// the human-readable output. Keys are stable: `json_ours_mbps`, `http_curl_rps`, `startup_mean_ms`, …
final class BenchResults {
    private var lines: [String] = []

    func record(_ key: String, _ value: Double) {
        lines.append("\(key)=\(value.isFinite ? String(value) : "nan")")
    }

    func record(_ key: String, _ value: Int) {
        lines.append("\(key)=\(value)")
    }

    func write(to path: String) throws {
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    }
}
