import JSON
import HTTPServer

/// A request the pet store refuses, answered as the specs' `Error` schema: `{"code":400,"message":…}`.
struct PetstoreRequestError: Error, Equatable {
    let status: Int
    let message: String

    init(_ message: String, status: Int = 400) {
        self.status = status
        self.message = message
    }

    var response: HTTPResponse {
        .json(["code": .int(status), "message": .string(message)], status: status)
    }
}
