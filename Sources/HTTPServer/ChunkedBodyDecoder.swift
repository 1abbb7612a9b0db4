import FoundationFree

/// A chunked request body (RFC 9112 §7.1) read as its bytes arrive: each chunk's size in hex (extensions
/// read and ignored), its data and line end, the last chunk, then trailer lines, read and ignored.
/// Each call goes on from where the last stopped and takes what it read off the buffer, so a body trickled
/// in costs its length once; the body is held to the same cap as a Content-Length one.
struct ChunkedBodyDecoder {
    private enum State {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailer
        case done
    }

    let maximumBodySize: Int
    /// Bytes of chunk-size lines and of trailers at most (a line that never ends is malformed, not memory).
    let lineLimit: Int
    private(set) var body: [UInt8] = []
    private var state = State.size
    private var trailerBytes = 0

    init(maximumBodySize: Int, lineLimit: Int) {
        self.maximumBodySize = maximumBodySize
        self.lineLimit = lineLimit
    }

    /// Reads what `buffer` holds (starting at the body) and removes it; true once the body has ended, with
    /// `buffer` then holding what follows it (a pipelined request).
    mutating func consume(_ buffer: inout [UInt8]) throws(HTTPRequestError) -> Bool {
        var position = 0
        defer { buffer.removeFirst(position) }
        while true {
            switch state {
            case .size:
                guard let line = try nextLine(buffer, from: &position) else { return false }
                let size = try Self.chunkSize(line)
                guard size <= maximumBodySize - body.count else {
                    throw HTTPRequestError(status: 413, message: "request body exceeds the \(maximumBodySize)-byte limit")
                }
                state = size == 0 ? .trailer : .data(remaining: size)
            case .data(let remaining):
                let available = min(remaining, buffer.count - position)
                guard available > 0 else { return false }
                body.append(contentsOf: buffer[position..<(position + available)])
                position += available
                state = available == remaining ? .dataEnd : .data(remaining: remaining - available)
            case .dataEnd:
                guard let line = try nextLine(buffer, from: &position) else { return false }
                guard line.isEmpty else { throw Self.malformed("chunk data longer than its size") }
                state = .size
            case .trailer:
                guard let line = try nextLine(buffer, from: &position) else { return false }
                if line.isEmpty {
                    state = .done
                    return true
                }
                trailerBytes += line.count
                guard trailerBytes <= lineLimit else { throw Self.malformed("trailer fields too large") }
            case .done:
                return true
            }
        }
    }

    /// The line at `position` without its line end (CRLF or a bare LF), moving past it; nil while it has
    /// not ended.
    private func nextLine(_ buffer: [UInt8], from position: inout Int) throws(HTTPRequestError) -> ArraySlice<UInt8>? {
        guard let newline = buffer[position...].firstIndex(of: 0x0A) else {
            guard buffer.count - position <= lineLimit else { throw Self.malformed("chunk line too long") }
            return nil
        }
        guard newline - position <= lineLimit else { throw Self.malformed("chunk line too long") }
        var line = buffer[position..<newline]
        if line.last == 0x0D { line = line.dropLast() }
        position = newline + 1
        return line
    }

    /// `1a;name=value` → 26: hex digits, then extensions that are ignored.
    private static func chunkSize(_ line: ArraySlice<UInt8>) throws(HTTPRequestError) -> Int {
        let digits = line.prefix { $0 != UInt8(ascii: ";") && $0 != 0x20 && $0 != 0x09 }
        guard !digits.isEmpty, digits.count <= 15 else { throw malformed("invalid chunk size") }
        var size = 0
        for digit in digits {
            guard let value = HexDigits.value(of: digit) else { throw malformed("invalid chunk size") }
            size = size << 4 | Int(value)
        }
        return size
    }

    private static func malformed(_ reason: String) -> HTTPRequestError {
        HTTPRequestError(status: 400, message: "malformed request: \(reason)")
    }
}
