#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree

/// Server-sent events (`text/event-stream`, as the HTML living standard reads them): lines of `field:
/// value`, an event ending at a blank line; `data` lines joined with `\n`, `:` lines are comments. Read
/// incrementally (`feed`) as chunks arrive, or whole (`document`), where a body of events is one array
/// of `{"event", "id", "data"}` objects (data parsed when it is JSON), so paths see `[0].data` and `last`.
public struct ServerSentEvents: Sendable {
    /// One event as it was dispatched.
    public struct Event: Sendable, Equatable {
        public var event: String?
        public var id: String?
        public var data: String

        /// `{"event": …, "id": …, "data": …}` with the data as JSON when it parses, else as text.
        public var value: JSONValue {
            var members: [(String, JSONValue)] = []
            if let event { members.append(("event", .string(event))) }
            if let id { members.append(("id", .string(id))) }
            let parsed = data.isEmpty ? nil : try? JSONValue.parse(Data(data.utf8))
            members.append(("data", parsed ?? .string(data)))
            return .object(JSONObject(members))
        }
    }

    /// Whether a content type says event stream.
    public static func isEventStream(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type = (contentType.split(separator: ";").first.map(String.init) ?? contentType).trimmingWhitespace().lowercased()
        return type == "text/event-stream"
    }

    /// A line is read in pieces of at most this many bytes: the piece's field goes on taking the rest of
    /// the line, so one long `data:` line (60 MiB) costs its bytes once, whatever its length.
    public static let lineLimit = 1 << 20

    /// The part of the current line not yet read.
    private var line = Data()
    /// The field a line cut at `lineLimit` is still filling, until the line ends.
    private var continuing: Field?
    /// The last byte fed was a CR ending a line: an LF right after it ends nothing more (CRLF).
    private var afterCR = false
    private var data = Data()
    private var event: Data?
    private var id: Data?
    private var hasData = false

    private enum Field { case data, event, id, ignored }

    public init() {}

    /// The events that `chunk` completes. A line ends at CRLF, LF or CR, as the living standard says.
    public mutating func feed(_ chunk: Data) -> [Event] {
        var events: [Event] = []
        chunk.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var start = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if afterCR {
                    afterCR = false
                    if byte == UInt8(ascii: "\n") {
                        index += 1
                        start = index
                        continue
                    }
                }
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    line.append(contentsOf: bytes[start..<index])
                    if let event = endLine() { events.append(event) }
                    afterCR = byte == UInt8(ascii: "\r")
                    index += 1
                    start = index
                } else if line.count + (index - start) >= Self.lineLimit {
                    line.append(contentsOf: bytes[start..<index])
                    readPiece()
                    start = index
                } else {
                    index += 1
                }
            }
            line.append(contentsOf: bytes[start..<bytes.count])
        }
        return events
    }

    /// The event still open at the end of the stream, if it has data.
    public mutating func finish() -> Event? {
        if !line.isEmpty || continuing != nil, let event = endLine() { return event }
        line.removeAll()
        return endLine()
    }

    /// The line read so far ends: its field is filled, or a blank line dispatches the event.
    private mutating func endLine() -> Event? {
        defer {
            line.removeAll(keepingCapacity: true)
            continuing = nil
        }
        guard !line.isEmpty || continuing != nil else {
            defer {
                data.removeAll()
                event = nil
                id = nil
                hasData = false
            }
            return hasData ? Event(event: event.map(Self.text), id: id.map(Self.text), data: Self.text(data)) : nil
        }
        readPiece()
        return nil
    }

    /// Reads `line` (a whole line, or the first piece of a long one) into its field, then empties it.
    private mutating func readPiece() {
        defer { line.removeAll(keepingCapacity: true) }
        if let field = continuing {
            fill(field, with: line[...])
            return
        }
        guard let first = line.first, first != UInt8(ascii: ":") else {
            continuing = .ignored
            return
        }
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        let name = line[line.startIndex..<colon]
        var value = colon < line.endIndex ? line[line.index(after: colon)...] : line[line.endIndex...]
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        let field: Field = if name.elementsEqual("data".utf8) {
            .data
        } else if name.elementsEqual("event".utf8) {
            .event
        } else if name.elementsEqual("id".utf8) {
            .id
        } else {
            .ignored
        }
        switch field {
        case .data:
            if hasData { data.append(UInt8(ascii: "\n")) }
            hasData = true
        case .event: event = Data()
        case .id: id = Data()
        case .ignored: break
        }
        fill(field, with: value)
        continuing = field
    }

    private mutating func fill(_ field: Field, with bytes: Data.SubSequence) {
        switch field {
        case .data: data.append(contentsOf: bytes)
        case .event: event?.append(contentsOf: bytes)
        case .id: id?.append(contentsOf: bytes)
        case .ignored: break
        }
    }

    private static func text(_ bytes: Data) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The events of a whole body as one array document; nil when it holds none. A body `cutShort` (its
    /// stream ended by Ctrl-C) keeps only the events that a blank line finished.
    public static func document(_ data: Data, contentType: String?, cutShort: Bool = false) -> JSONDocument? {
        guard isEventStream(contentType) else { return nil }
        var reader = ServerSentEvents()
        var events = reader.feed(data)
        if !cutShort, let last = reader.finish() { events.append(last) }
        return try? JSONDocument.parse(Data(JSONValue.array(events.map(\.value)).encoded().utf8))
    }
}
