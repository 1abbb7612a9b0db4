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

    /// A line longer than this ends where it is (a stream without line breaks is no event stream).
    public static let lineLimit = 1 << 20

    private var line = Data()
    private var current = Event(event: nil, id: nil, data: "")
    private var hasData = false

    public init() {}

    /// The events that `chunk` completes.
    public mutating func feed(_ chunk: Data) -> [Event] {
        var events: [Event] = []
        for byte in chunk {
            if byte == UInt8(ascii: "\n") || line.count >= Self.lineLimit {
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                if let event = take(line) { events.append(event) }
                line.removeAll(keepingCapacity: true)
            } else {
                line.append(byte)
            }
        }
        return events
    }

    /// The event still open at the end of the stream, if it has data.
    public mutating func finish() -> Event? {
        if !line.isEmpty, let event = take(line) { return event }
        line.removeAll()
        return take(Data())
    }

    private mutating func take(_ line: Data) -> Event? {
        guard !line.isEmpty else {
            defer { current = Event(event: nil, id: nil, data: ""); hasData = false }
            return hasData ? current : nil
        }
        let text = String(decoding: line, as: UTF8.self)
        if text.hasPrefix(":") { return nil }
        let field: Substring, value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            var rest = text[text.index(after: colon)...]
            if rest.hasPrefix(" ") { rest = rest.dropFirst() }
            value = rest
        } else {
            field = Substring(text)
            value = ""
        }
        switch field {
        case "data":
            current.data += (hasData ? "\n" : "") + value
            hasData = true
        case "event": current.event = String(value)
        case "id": current.id = String(value)
        default: break
        }
        return nil
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
