/// Wall-clock timing on the monotonic clock, in seconds.
enum Stopwatch {
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        return (ContinuousClock.now - start).seconds
    }
}

extension Duration {
    var seconds: Double {
        let (whole, fraction) = components
        return Double(whole) + Double(fraction) / 1e18
    }
}

/// Order statistics of a set of samples.
struct Samples {
    private(set) var values: [Double] = []

    mutating func append(_ value: Double) {
        values.append(value)
    }

    var count: Int { values.count }
    var total: Double { values.reduce(0, +) }
    var minimum: Double { values.min() ?? 0 }
    var maximum: Double { values.max() ?? 0 }
    var mean: Double { values.isEmpty ? 0 : total / Double(values.count) }

    /// Nearest-rank percentile, `fraction` in 0...1.
    func percentile(_ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
