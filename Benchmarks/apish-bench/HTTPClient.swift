import Facade
import Foundation
import Synchronization
import HTTPClient
import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A client being compared: sends one GET and returns the status code.
protocol BenchClient {
    var label: String { get }
    func get(_ url: String) throws -> Int
}

/// apish's transport: one libcurl easy handle reused, so the connection stays alive.
struct CurlClient: BenchClient {
    let transport = CurlTransport()
    let label = "curl"

    func get(_ url: String) throws -> Int {
        try transport.send(HTTPRequest(url: url)).status
    }
}

/// URLSession made synchronous with a semaphore, as a shell would have to use it.
struct URLSessionClient: BenchClient {
    let session = URLSession(configuration: .default)
    let label = "URLSession"

    /// The completion handler runs on the session's queue; the caller waits on the semaphore.
    private final class Completion: Sendable {
        let outcome = Mutex<Result<Int, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
    }

    func get(_ url: String) throws -> Int {
        guard let address = URL(string: url) else { throw BenchFailure("bad URL \(url)") }
        let completion = Completion()
        let task = session.dataTask(with: address) { _, response, error in
            let result: Result<Int, any Error>
            if let error {
                result = .failure(error)
            } else if let http = response as? HTTPURLResponse {
                result = .success(http.statusCode)
            } else {
                result = .failure(BenchFailure("no HTTP response"))
            }
            completion.outcome.withLock { $0 = result }
            completion.done.signal()
        }
        task.resume()
        completion.done.wait()
        guard let outcome = completion.outcome.withLock({ $0 }) else { throw BenchFailure("no outcome") }
        return try outcome.get()
    }
}
