import JSON
import HTTPServer

/// Answers that are slow, failing, broken or too big, on purpose.
extension LoopbackRoute {
    /// `/…/MS`: waits MS milliseconds (0–60000) before answering `{"delayed":MS}`; the wait ends early when
    /// the server stops.
    package static var delay: LoopbackRoute {
        delay(announcing: {})
    }

    /// `delay`, calling `arrived` once the request is in and the wait begins: a test can wait until a
    /// request is in flight instead of guessing how long it takes to get there.
    package static func delay(announcing arrived: @escaping @Sendable () -> Void) -> LoopbackRoute {
        LoopbackRoute { request, context in
            guard let milliseconds = number(in: request, within: 0...60_000) else {
                return .error("delay takes 0–60000 ms", status: 400)
            }
            arrived()
            _ = context.connection.pause(milliseconds: milliseconds)
            return .json(["delayed": .number(JSONNumber(milliseconds))])
        }
    }

    /// `/…/CODE`: answers status CODE (200–599) with the body `{"error":"status CODE","status":CODE}`.
    package static var status: LoopbackRoute {
        LoopbackRoute { request, _ in
            guard let code = number(in: request, within: 200...599) else {
                return .error("status takes 200–599", status: 400)
            }
            return .error("status \(code)", status: code)
        }
    }

    /// Announces 100 000 bytes of JSON, sends the first 1000, then resets the connection.
    package static var reset: LoopbackRoute {
        LoopbackRoute { _, _ in
            let announced = 100_000
            let body = jsonBody(ofLength: announced)
            return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: .stream(length: announced) { writer in
                try writer.write(body.prefix(1000))
                // A moment for the sent bytes to reach the client before the reset overtakes them.
                try writer.pause(milliseconds: 50)
                writer.resetConnection()
            })
        }
    }

    /// `/…/MB`: MB mebibytes (1–1024) of valid JSON with their Content-Length, written 64 KiB at a time
    /// rather than held in memory.
    package static var huge: LoopbackRoute {
        LoopbackRoute { request, _ in
            guard let mebibytes = number(in: request, within: 1...1024) else {
                return .error("huge takes 1–1024 MB", status: 400)
            }
            return ProbeAnswers.huge(mebibytes: mebibytes)
        }
    }

    /// `{"padding":"xxx…"}` of exactly `length` bytes (at least 14).
    private static func jsonBody(ofLength length: Int) -> [UInt8] {
        let prefix = Array(#"{"padding":""#.utf8), suffix = Array(#""}"#.utf8)
        return prefix + [UInt8](repeating: UInt8(ascii: "x"), count: max(0, length - prefix.count - suffix.count)) + suffix
    }
}
