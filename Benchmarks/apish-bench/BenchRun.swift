import DemoServer
import Foundation

/// The whole benchmark: every measurement side by side in one run, printed as a compact table.
struct BenchRun {
    let options: BenchOptions
    private let results = BenchResults()

    init(options: BenchOptions) {
        self.options = options
    }

    func run() throws {
        let document = BenchDocument(approximateBytes: Int(options.documentMegabytes * 1_000_000))
        let data = Data(document.bytes)
        let documentPath = options.documentPath
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("apish-bench-\(getpid()).json").path
        try data.write(to: URL(fileURLWithPath: documentPath))
        defer { if options.documentPath == nil { try? FileManager.default.removeItem(atPath: documentPath) } }

        emit("apish-bench  document \(Formatting.number(Double(data.count) / 1_000_000)) MB (\(document.groupCount) meetup groups); "
            + "best of \(options.jsonRounds) rounds; \(options.requests) GETs per client")
        try jsonSpeed(data: data, groups: document.groupCount)
        try jsonMemory(documentPath: documentPath)
        try schemaCheck()
        try http()
        try bodyCap()
        if let apish = options.apish { try startup(apish) }
        if let path = options.resultsPath { try results.write(to: path) }
    }

    private func jsonSpeed(data: Data, groups: Int) throws {
        let results = try JSONBenchmark(data: data, expectedGroups: groups, rounds: options.jsonRounds).run()
        guard let ours = results.first(where: { $0.contender == .ours }) else { return }
        self.results.record("json_document_bytes", data.count)
        for result in results { self.results.record("json_\(result.contender.rawValue)_mbps", result.megabytesPerSecond) }
        emit(Formatting.row("json parse", results.map { result in
            var cell = "\(result.contender.label) \(Formatting.number(result.megabytesPerSecond)) MB/s"
            if result.contender != .ours {
                cell += " " + Formatting.speedRatio(ours: ours.megabytesPerSecond, other: result.megabytesPerSecond)
            }
            return cell
        }))
    }

    private func schemaCheck() throws {
        let benchmark = SchemaBenchmark(rounds: options.jsonRounds)
        let page = try benchmark.page(BenchDocument(approximateBytes: Int(options.schemaMegabytes * 1_000_000)))
        guard page.failures.isEmpty else {
            throw BenchFailure("the groups page fails its schema: \(page.failures.map(\.description).joined(separator: "; "))")
        }
        results.record("schema_page_bytes", page.bytes)
        results.record("schema_parse_ms", page.parseSeconds * 1000)
        results.record("schema_check_ms", page.checkSeconds * 1000)
        results.record("schema_check_per_parse", page.checkSeconds / page.parseSeconds)
        results.record("schema_tree_ms", page.treeSeconds * 1000)
        results.record("schema_tree_check_ms", page.treeCheckSeconds * 1000)
        emit(Formatting.row("schema check", [
            "\(Formatting.number(Double(page.bytes) / 1_000_000)) MB groups page: check on the tape \(Formatting.milliseconds(page.checkSeconds))",
            "parse \(Formatting.milliseconds(page.parseSeconds))",
            "check ÷ parse \(Formatting.number(page.checkSeconds / page.parseSeconds))x",
            "(tree: build \(Formatting.milliseconds(page.treeSeconds)), check \(Formatting.milliseconds(page.treeCheckSeconds)))",
        ]))
        guard let path = options.openAIPath else { return }
        for result in try benchmark.scale(descriptionPath: path, count: 3) {
            let key = "schema_scale_\(result.schema)"
            results.record(key + "_growth", result.growth)
            emit(Formatting.row("schema scale", [result.schema] + result.points.map { point in
                "×\(point.repeats) \(Formatting.number(Double(point.bytes) / 1000)) KB \(Formatting.number(point.seconds * 1_000_000)) µs"
            } + ["per byte, largest ÷ smallest \(Formatting.number(result.growth))x"]))
        }
    }

    private func jsonMemory(documentPath: String) throws {
        var peaks: [(JSONContender, peak: Int, retained: Int)] = []
        for contender in JSONContender.allCases {
            let fields = try ChildRun.run(["json-memory", contender.rawValue, documentPath])
            guard let peak = fields["peak_kib"].flatMap({ Int($0) }), let retained = fields["retained_kib"].flatMap({ Int($0) }) else {
                throw BenchFailure("json-memory child for \(contender.label) reported no numbers")
            }
            peaks.append((contender, peak, retained))
        }
        guard let ours = peaks.first(where: { $0.0 == .ours }) else { return }
        for (contender, peak, retained) in peaks {
            results.record("json_\(contender.rawValue)_peak_kib", peak)
            results.record("json_\(contender.rawValue)_retained_kib", retained)
        }
        emit(Formatting.row("json memory", peaks.map { contender, peak, retained in
            var cell = "\(contender.label) +\(Formatting.mebibytes(kibibytes: peak)) peak"
            if contender != .ours {
                cell += " " + Formatting.sizeRatio(ours: Double(max(ours.peak, 1)), other: Double(peak))
            }
            return cell + ", \(Formatting.mebibytes(kibibytes: retained)) held"
        }))
    }

    private func http() throws {
        let server = DemoServer()
        try server.start()
        defer { server.stop() }
        let benchmark = HTTPBenchmark(url: server.baseURL + "/weather/v2?city=Richmond", requests: options.requests, blocks: 5)
        let results = try benchmark.run([CurlClient(), URLSessionClient()])
        guard let ours = results.first else { return }
        for result in results {
            let key = "http_\(result.label.lowercased())"
            self.results.record(key + "_rps", result.requestsPerSecond)
            self.results.record(key + "_p50_ms", result.latencies.percentile(0.5) * 1000)
        }
        emit(Formatting.row("http GET", results.enumerated().map { index, result in
            var cell = "\(result.label) \(Formatting.number(result.requestsPerSecond)) req/s "
                + "(p50 \(Formatting.milliseconds(result.latencies.percentile(0.5))), "
                + "p95 \(Formatting.milliseconds(result.latencies.percentile(0.95))))"
            if index > 0 { cell += " " + Formatting.speedRatio(ours: ours.requestsPerSecond, other: result.requestsPerSecond) }
            return cell
        }))
    }

    private func bodyCap() throws {
        for mebibytes in [200, 60] {
            let fields = try ChildRun.run(["body-cap", String(mebibytes)])
            let milliseconds = fields["milliseconds"].flatMap { Double($0) } ?? .nan
            let peak = fields["peak_kib"].flatMap { Int($0) } ?? 0
            let limit = (fields["limit"].flatMap { Int($0) } ?? 0) / 1_048_576
            results.record("body_cap_\(mebibytes)_ms", milliseconds)
            results.record("body_cap_\(mebibytes)_peak_kib", peak)
            emit(Formatting.row(mebibytes == 200 ? "body cap" : "", [
                "GET /faults/huge/\(mebibytes) (cap \(limit) MiB) → \(fields["outcome"] ?? "?") in \(Formatting.number(milliseconds)) ms",
                "peak RSS +\(Formatting.mebibytes(kibibytes: peak))",
            ]))
        }
    }

    private func startup(_ apish: String) throws {
        guard FileManager.default.isExecutableFile(atPath: apish) else {
            emit(Formatting.row("startup", ["skipped: no executable at \(apish) (pass --apish PATH)"]))
            return
        }
        let samples = try StartupBenchmark(executable: apish, runs: options.startupRuns).run()
        results.record("startup_mean_ms", samples.mean * 1000)
        emit(Formatting.row("startup", [
            "apish -c services \(Formatting.milliseconds(samples.mean)) mean "
                + "(min \(Formatting.milliseconds(samples.minimum)), max \(Formatting.milliseconds(samples.maximum)); "
                + "\(samples.count) runs)",
        ]))
    }

    private func emit(_ line: String) {
        print(line)
        fflush(nil)
    }
}
