import Foundation
import JSON
import Testing

/// Lines of an event stream end at CRLF, LF or CR (the living standard), wherever chunks are cut; a line
/// longer than the reader's piece size is still one field, read once.
@Suite struct ServerSentEventsLineTests {
    private func events(_ chunks: [String]) -> [ServerSentEvents.Event] {
        var reader = ServerSentEvents()
        var events = chunks.flatMap { reader.feed(Data($0.utf8)) }
        if let last = reader.finish() { events.append(last) }
        return events
    }

    /// (event, id, data) of each event.
    private func fields(_ chunks: [String]) -> [String] {
        events(chunks).map { "\($0.event ?? "-")|\($0.id ?? "-")|\($0.data)" }
    }

    @Test func crOnlyCRLFAndLFLinesAllEndEvents() {
        let expected = ["a|-|one", "-|2|two\nthree"]
        #expect(fields(["event: a\rdata: one\r\rid: 2\rdata: two\rdata: three\r\r"]) == expected)
        #expect(fields(["event: a\r\ndata: one\r\n\r\nid: 2\r\ndata: two\r\ndata: three\r\n\r\n"]) == expected)
        #expect(fields(["event: a\ndata: one\n\nid: 2\ndata: two\ndata: three\n\n"]) == expected)
        // a CRLF cut between its two bytes is one line end, not two
        #expect(fields(["event: a\r", "\ndata: one\r", "\n\r", "\nid: 2\r\ndata: two\r\ndata: three\r\n\r\n"]) == expected)
    }

    @Test func aLineLongerThanThePieceSizeIsOneDataField() {
        let long = String(repeating: "x", count: ServerSentEvents.lineLimit * 3 + 17)
        let chunks = stride(from: 0, to: long.utf8.count, by: 65536).map { offset in
            String(long.dropFirst(offset).prefix(65536))
        }
        let read = events(["data: "] + chunks + ["\n\n"])
        #expect(read.count == 1)
        #expect(read.first?.data.utf8.count == long.utf8.count)
    }
}
