import Testing
@testable import Facade

@Suite("Response accumulation")
struct ResponseAccumulatorTests {
    private func feedHeader(_ accumulator: ResponseAccumulator, _ line: String) {
        var bytes = Array(line.utf8)
        _ = bytes.withUnsafeMutableBytes { accumulator.receiveHeaderLine(UnsafeRawBufferPointer($0)) }
    }

    private func feedBody(_ accumulator: ResponseAccumulator, count: Int) -> Bool {
        let chunk = [UInt8](repeating: 0x61, count: count)
        return chunk.withUnsafeBytes { accumulator.appendBody($0) }
    }

    @Test func theBodyNeverGrowsPastTheCap() {
        let accumulator = ResponseAccumulator(limit: 10_000, cancellation: nil)
        var accepted = 0
        for _ in 0..<10 where feedBody(accumulator, count: 3_000) {
            accepted += 1
            #expect(accumulator.body.count <= 10_000)
        }
        #expect(accepted == 3)
        #expect(accumulator.body.count == 9_000)
        #expect(accumulator.exceededLimit)
    }

    @Test func aBodyExactlyAtTheCapIsAccepted() {
        let accumulator = ResponseAccumulator(limit: 4, cancellation: nil)
        #expect(feedBody(accumulator, count: 4))
        #expect(!accumulator.exceededLimit)
    }

    @Test func onlyTheFinalResponsesHeadersAreKept() {
        let accumulator = ResponseAccumulator(limit: 100, cancellation: nil)
        feedHeader(accumulator, "HTTP/1.1 302 Found\r\n")
        feedHeader(accumulator, "Location: /elsewhere\r\n")
        feedHeader(accumulator, "\r\n")
        feedHeader(accumulator, "HTTP/1.1 200 OK\r\n")
        feedHeader(accumulator, "Content-Type:  application/json \r\n")
        feedHeader(accumulator, "X-Long: first\r\n")
        feedHeader(accumulator, "\t second\r\n")
        feedHeader(accumulator, "\r\n")
        #expect(accumulator.headers["Location"] == nil)
        #expect(accumulator.headers["content-type"] == "application/json")
        #expect(accumulator.headers["X-Long"] == "first second")
        #expect(accumulator.headers.count == 2)
    }
}
