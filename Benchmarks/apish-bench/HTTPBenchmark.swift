import Foundation

/// Sequential GETs against the in-process demo server. The clients take turns in blocks so that
/// drift in the machine's speed affects both alike.
struct HTTPBenchmark {
    let url: String
    let requests: Int
    let blocks: Int
    let warmup = 20

    struct Result {
        let label: String
        let latencies: Samples
        var requestsPerSecond: Double { Double(latencies.count) / latencies.total }
    }

    func run(_ clients: [any BenchClient]) throws -> [Result] {
        var latencies = Array(repeating: Samples(), count: clients.count)
        for client in clients {
            for _ in 0..<warmup { try expectOK(client) }
        }
        let perBlock = max(requests / blocks, 1)
        for _ in 0..<blocks {
            for (index, client) in clients.enumerated() {
                for _ in 0..<perBlock {
                    latencies[index].append(try Stopwatch.seconds { try expectOK(client) })
                }
            }
        }
        return zip(clients, latencies).map { Result(label: $0.label, latencies: $1) }
    }

    private func expectOK(_ client: any BenchClient) throws {
        let status = try client.get(url)
        guard status == 200 else { throw BenchFailure("\(client.label) got status \(status) from \(url)") }
    }
}
