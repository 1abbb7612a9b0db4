import Foundation

/// Parse throughput of the contenders on one document, interleaved round by round so that drift in
/// the machine's speed affects all of them alike; the best round of each counts.
struct JSONBenchmark {
    let data: Data
    let expectedGroups: Int
    let rounds: Int

    struct Result {
        let contender: JSONContender
        let bestSeconds: Double
        let megabytesPerSecond: Double
    }

    func run() throws -> [Result] {
        var best: [JSONContender: Double] = [:]
        for round in 0...rounds {
            for contender in JSONContender.allCases {
                var groups = 0
                let seconds = try Stopwatch.seconds { groups = try contender.groupCount(in: data) }
                guard groups == expectedGroups else {
                    throw BenchFailure("\(contender.label) found \(groups) groups, expected \(expectedGroups)")
                }
                // Round 0 warms up caches and lazy initialisation and is not counted.
                if round > 0 { best[contender] = min(best[contender] ?? .infinity, seconds) }
            }
        }
        let megabytes = Double(data.count) / 1_000_000
        return JSONContender.allCases.map { contender in
            let seconds = best[contender] ?? .infinity
            return Result(contender: contender, bestSeconds: seconds, megabytesPerSecond: megabytes / seconds)
        }
    }
}

/// A benchmark that could not produce a meaningful number.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
