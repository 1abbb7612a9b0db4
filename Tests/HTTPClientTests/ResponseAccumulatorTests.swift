import Foundation
import Testing
@testable import HTTPClient
@testable import HTTPTypes

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

    @Test func headerLinesParseAsTheStringBasedParserDid() {
        // GIVEN header blocks with odd spacing, folding, casing, invalid UTF-8 and bad status lines
        let blocks: [[String]] = [
            ["HTTP/1.1 200 OK", "Content-Type:application/json", "content-length: 12", ""],
            ["HTTP/2 404", "X-A:   spaced\t ", "X-B:", "X-C: \t", " folded  ", "\tmore", ""],
            ["HTTP/1.1 2x0 Bad", "CONTENT-LENGTH: 5, 5", "Content-Length: 7", ""],
            ["HTTP/1.0", "NoColonHere", ": empty name", "Name : value : with : colons", ""],
            ["HTTP/1.1 100 Continue", "", "HTTP/1.1 201 Created", "Location: /x", "Content-Length: +9", ""],
            ["HTTP/1.1 200 OK", "X-Ünïcode: välue ✓", "Content-Length: 1e3", "Content-Length:", ""],
            ["HTTP/1.1 20", "Content-Length:  42 ", ""],
            ["HTTP/1.1 200 OK", "Content-Length: -5", "Content-Length: - 5", "Content-Length: -", ""],
            ["HTTP/1.1 200 OK", "Content-Length: 9223372036854775807", "Content-Length: 9223372036854775808", ""],
            ["HTTP/1.1 200 OK", "Content-Length: -9223372036854775808, -9223372036854775809", ""],
            ["HTTP/1.1 200 OK", "Content-Length: 5,,5 ,\t5, ", "Content-Length: ++5, 0x10, ٣, 5", ""],
            ["HTTP/1.1 200 OK", "Content-Length: 00007, +7", "Content-Length: 8", ""],
        ]
        for block in blocks {
            let accumulator = ResponseAccumulator(limit: 100, cancellation: nil)
            var reference = ReferenceHeaderParser()
            for line in block {
                feedHeader(accumulator, line + "\r\n")
                reference.receive(line + "\r\n")
            }
            // THEN status, fields and the announced length are what the old parser gave
            #expect(accumulator.status == reference.status, "\(block)")
            #expect(accumulator.headers == reference.headers, "\(block)")
            #expect(accumulator.contentLength == reference.contentLength, "\(block)")
        }
        let invalid = ResponseAccumulator(limit: 100, cancellation: nil)
        var bytes: [UInt8] = Array("X-Bad: a".utf8) + [0xFF, 0xC3] + Array(" \r\n".utf8)
        _ = bytes.withUnsafeMutableBytes { invalid.receiveHeaderLine(UnsafeRawBufferPointer($0)) }
        #expect(invalid.headers["x-bad"] == String(decoding: Array("a".utf8) + [0xFF, 0xC3], as: UTF8.self))
    }

    @Test func aLengthIsReadFromBytesAsIntReadsItsText() {
        // GIVEN texts around the edges of Int's own reading: signs, range, other digits, other bytes
        let texts = ["", "0", "7", "+7", "-7", "+", "-", "+-7", "-+7", "007", "-0", " 7", "7 ", "7a", "1e3", "0x10", "٣",
                     "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
                     "99999999999999999999999", "12345678901234567890"]
        for text in texts {
            // WHEN its bytes are read as a length
            let read = Array(text.utf8).withUnsafeBufferPointer { ResponseAccumulator.decimal($0[...]) }
            // THEN the value is the one Int(String) gives
            #expect(read == Int(text), "\(text)")
        }
    }
}

/// The header parsing that came before the byte-level one (Foundation trimming over Strings), kept as the
/// reference it is compared with.
private struct ReferenceHeaderParser {
    private var fields: [HTTPHeaders.Field] = []
    var headers: HTTPHeaders { HTTPHeaders(fields) }
    var status: Int?
    private var announced: Int?
    private var conflicting = false
    var contentLength: Int? { conflicting ? nil : announced }

    mutating func receive(_ text: String) {
        var line = Substring(text)
        while let last = line.last, last == "\r" || last == "\n" || last == "\r\n" {
            line.removeLast()
        }
        if line.hasPrefix("HTTP/") {
            fields = []
            announced = nil
            conflicting = false
            status = nil
            if let space = line.firstIndex(of: " ") {
                let digits = line[line.index(after: space)...].prefix(3)
                if digits.count == 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }) { status = Int(digits) }
            }
        } else if line.isEmpty {
            return
        } else if line.first == " " || line.first == "\t" {
            if !fields.isEmpty { fields[fields.count - 1].value += " " + line.trimmingCharacters(in: .whitespaces) }
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            fields.append((name: name, value: value))
            guard name.caseInsensitiveCompare("Content-Length") == .orderedSame else { return }
            for element in value.split(separator: ",") {
                guard let length = Int(element.trimmingCharacters(in: .whitespaces)) else { continue }
                if let announced, announced != length { conflicting = true } else { announced = length }
            }
        }
    }
}
