import Facade
import HTTPClient
import HTTPTypes
import TestSupport

/// The header accumulator (`ResponseAccumulator`), fed header lines and body chunks the way libcurl's
/// callbacks feed it: status lines good and bad, fields, folded lines, Content-Lengths that agree and
/// that do not, 1xx responses, blank lines, garbage. In an input, lines are separated by `\n`; a line
/// starting with NUL is a body chunk of the rest of the line. The body never passes the cap, a response
/// with conflicting lengths has no length, and nothing traps.
struct HeaderTarget: FuzzTarget {
    let name = "headers"
    private let limit = 4096
    private let lines = [
        "HTTP/1.1 200 OK", "HTTP/2 301", "HTTP/1.1 101 Switching Protocols", "HTTP/1.1 100 Continue", "HTTP/1.0 304 x",
        "HTTP/1.1 abc", "HTTP/", "HTTP/1.1 99999999999999999999", "HTTP/1.1 -1", "Content-Length: 5", "Content-Length: 5, 5",
        "Content-Length: 5, 6", "Content-Length: -3", "Content-Length: 99999999999999999999999", "Content-Length: abc",
        "content-length:10", "Content-Length:", "Location: /x", "Set-Cookie: a=b", " folded continuation", "\tfolded",
        "X-Empty:", ":no-name", "no colon at all", "", "Transfer-Encoding: chunked", "Content-Encoding: gzip",
        "X-Long: " + String(repeating: "v", count: 2000), "é: ü", "\u{0}", "\r",
    ].map { Array($0.utf8) }

    mutating func generate(using random: inout SeededRandom) -> [UInt8] {
        var input: [UInt8] = []
        for index in 0..<random.length(upTo: 60) {
            if index > 0 { input.append(0x0A) }
            if random.chance(10) {
                input.append(0)
                input += [UInt8](repeating: UInt8(ascii: "b"), count: random.length(upTo: 3000))
            } else {
                input += random.pick(lines)
                if random.chance(80) { input += [0x0D] }
            }
        }
        if random.chance(15) { input.mutate(using: &random, dictionary: lines) }
        return input
    }

    mutating func run(_ input: [UInt8]) throws(FuzzFailure) {
        let accumulator = ResponseAccumulator(limit: limit)
        for line in input.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if line.first == 0 {
                _ = Array(line.dropFirst()).withUnsafeBytes { accumulator.appendBody($0) }
            } else {
                let proceed = (Array(line) + [0x0A]).withUnsafeBytes { accumulator.receiveHeaderLine($0) }
                if !proceed {
                    guard accumulator.upgraded, accumulator.status == 101 else { throw FuzzFailure("stopped without an upgrade") }
                    break
                }
            }
            if accumulator.body.count > limit { throw FuzzFailure("the body grew to \(accumulator.body.count), over the cap") }
            if accumulator.conflictingContentLength && accumulator.contentLength != nil {
                throw FuzzFailure("conflicting lengths, yet a length")
            }
        }
        if accumulator.headers.count > input.count { throw FuzzFailure("more fields than bytes") }
    }
}
