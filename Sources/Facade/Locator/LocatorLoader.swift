import JSON
import FoundationFree
import HTTPClient
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fetches and parses a locator from `http(s)://`, `file://` or a plain path.
public struct LocatorLoader: Sendable {
    let transport: any Transport

    public init(transport: any Transport) {
        self.transport = transport
    }

    public func load(_ location: String, cancellation: CancellationToken? = nil) throws(LocatorError) -> Locator {
        let data = try fetch(location, cancellation: cancellation)
        return try Locator.parse(data, source: location, cancellation: cancellation)
    }

    func fetch(_ location: String, cancellation: CancellationToken?) throws(LocatorError) -> Data {
        if LocatorLocation.isWeb(location) {
            let response: HTTPResponse
            do {
                response = try transport.send(HTTPRequest(method: .get, url: location), cancellation: cancellation)
            } catch {
                throw .load(source: location, reason: error.description)
            }
            guard (200..<300).contains(response.status) else {
                throw .load(source: location, reason: "the server answered HTTP \(response.status)")
            }
            return response.body
        }
        var path = location
        if location.lowercased().hasPrefix("file://") {
            guard let url = URL(string: location), url.isFileURL else {
                throw .load(source: location, reason: "not a valid file URL")
            }
            path = url.path
        }
        do {
            return try LocalFile.read(LocatorLocation.expandTilde(path))
        } catch {
            throw .load(source: location, reason: error.reason)
        }
    }
}
