import JSON
import FoundationFree
import HTTPClient
import HTTPTypes
import APIDescriptions
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fetches the documents of one `locate` (the locator, the documents its entries name, the files their
/// `$ref`s reach), each address once, from `http(s)://`, `file://` or a plain path. Web documents go
/// through the on-disk `DocumentCache`: revalidated with the server, and answered from the copy when the
/// server cannot be reached (a warning says so); `refresh` fetches afresh and only writes the cache.
final class DocumentFetcher {
    /// What a fetch gave: the bytes, and for a web document the response's `Link` header (discovery
    /// reads it).
    struct Fetched {
        let data: Data
        let links: [String]
    }

    let transport: any Transport
    let cache: DocumentCache?
    let refresh: Bool
    let limits: DocumentLimits
    let progress: LoadProgress?
    /// Where what descriptions loaded to is kept, beside `cache`'s files.
    let descriptions: DescriptionCache?
    /// Where their converted form is kept for `call` (`OperationCache`), beside `cache`'s files: written
    /// by the first `call` that reads a description known by its summary, read by the next.
    let operations: OperationCache?
    /// Tokens for reading, later, a description known by its summary (see `Workspace.interruptLaterReads`).
    var interruptions: (@Sendable () -> CancellationToken)?
    private var fetched: [String: Result<Fetched, LocatorError>] = [:]
    /// The stamps of the local files read here (`stampedRead(of:)`).
    private var stampedReads: [String: StampedRead] = [:]
    /// Web answers fetched ahead, several at once (`prefetch`), waiting to be taken by `fetch`.
    private var prefetched: [String: (response: HTTPResponse, cached: DocumentCache.Entry?)] = [:]
    /// Documents answered from the cache because their server could not be reached, and what was done
    /// about a cache folder open to others (`DocumentCache.secured`).
    private(set) var warnings: [String] = []

    init(transport: any Transport, cache: DocumentCache?, refresh: Bool, limits: DocumentLimits = DocumentLimits(),
         progress: LoadProgress? = nil) {
        let secured = cache?.secured()
        self.transport = transport
        self.cache = secured?.cache
        self.refresh = refresh
        self.limits = limits
        self.progress = progress
        descriptions = secured?.cache.map(DescriptionCache.init(beside:))
        operations = secured?.cache.map(OperationCache.init(beside:))
        if let notice = secured?.notice { warnings.append(notice) }
    }

    func fetch(_ location: String, cancellation: CancellationToken?) throws(LocatorError) -> Fetched {
        if let known = fetched[location] { return try known.get() }
        let result = Result { () throws(LocatorError) -> Fetched in try load(location, cancellation: cancellation) }
        // A cancelled fetch is not remembered as the document's fate.
        if cancellation?.isCancelled != true { fetched[location] = result }
        if case .success(let document) = result { progress?.add(bytes: document.data.count) }
        return try result.get()
    }

    /// Fetches the web documents among `locations` not fetched yet, several at once; `fetch` then takes
    /// each answer as if it had just come. A document that got no answer here is fetched again by `fetch`.
    func prefetch(_ locations: [String], cancellation: CancellationToken?) {
        let wanted = locations.filter { LocatorLocation.isWeb($0) && fetched[$0] == nil && prefetched[$0] == nil }
        guard wanted.count > 1 else { return }
        let cached = wanted.map { refresh ? nil : cache?.entry(for: $0) }
        let answers = transport.prefetch(zip(wanted, cached).map(request), cancellation: cancellation)
        for (index, answer) in answers.enumerated() {
            if let answer { prefetched[wanted[index]] = (answer, cached[index]) }
        }
    }

    /// `document` with the files its `$ref`s reach brought in (`DocumentBundle`), fetched here.
    func bundle(_ document: JSONValue, source: String, cancellation: CancellationToken?) throws(DocumentBundleError) -> JSONValue {
        let fetchFile: (String) throws(DocumentBundleError) -> Data = { address throws(DocumentBundleError) in
            switch Result(catching: { () throws(LocatorError) -> Data in try self.fetch(address, cancellation: cancellation).data }) {
            case .success(let data): return data
            case .failure(let error): throw .unreachable(address: address, reason: error.reason)
            }
        }
        return try DocumentBundle.bundle(
            document, source: source, limits: limits, cancellation: cancellation,
            prefetch: { self.prefetch($0, cancellation: cancellation) }, fetch: fetchFile)
    }

    /// The path of the local file `location` names (a plain path, `~/…` or `file://`); nil for a web
    /// document or a file URL that is not valid.
    func localPath(_ location: String) -> String? {
        guard !LocatorLocation.isWeb(location) else { return nil }
        var path = location
        if location.lowercased().hasPrefix("file://") {
            guard let url = URL(string: location), url.isFileURL else { return nil }
            path = url.path
        }
        return LocatorLocation.expandTilde(path)
    }

    /// The stamp of a local file fetched here, when it stayed the same throughout the read (`FileStamp`).
    func stampedRead(of location: String) -> StampedRead? {
        stampedReads[location]
    }

    private func load(_ location: String, cancellation: CancellationToken?) throws(LocatorError) -> Fetched {
        if LocatorLocation.isWeb(location) { return try web(location, cancellation: cancellation) }
        guard let path = localPath(location) else { throw .load(source: location, reason: "not a valid file URL") }
        let readAt = FileStamp.now()
        let before = FileStamp(path: path)
        do {
            let data = try LocalFile.read(path)
            if let before, FileStamp(path: path) == before { stampedReads[location] = StampedRead(stamp: before, readAt: readAt) }
            return Fetched(data: data, links: [])
        } catch {
            throw .load(source: location, reason: error.reason)
        }
    }

    /// The GET of a web document, asking only whether the cached copy is still good when there is one.
    private func request(_ location: String, cached: DocumentCache.Entry?) -> HTTPRequest {
        var request = HTTPRequest(method: .get, url: location)
        if let cached {
            if let etag = cached.etag { request.headers["If-None-Match"] = etag }
            if let lastModified = cached.lastModified { request.headers["If-Modified-Since"] = lastModified }
        }
        return request
    }

    private func web(_ location: String, cancellation: CancellationToken?) throws(LocatorError) -> Fetched {
        let ahead = prefetched.removeValue(forKey: location)
        let cached = ahead.map(\.cached) ?? (refresh ? nil : cache?.entry(for: location))
        let response: HTTPResponse
        do {
            if let ahead {
                response = ahead.response
            } else {
                response = try transport.send(request(location, cached: cached), cancellation: cancellation)
            }
        } catch {
            if let cached, error != .cancelled {
                warnings.append("\(location): \(error.description); using the copy cached earlier")
                return Fetched(data: cached.body, links: [])
            }
            throw .load(source: location, reason: error.description)
        }
        let links = response.headers.values(for: "Link")
        if response.status == 304, let cached { return Fetched(data: cached.body, links: links) }
        guard (200..<300).contains(response.status) else {
            throw .load(source: location, reason: "the server answered HTTP \(response.status)")
        }
        cache?.store(DocumentCache.Entry(
            url: location, body: response.body, etag: response.headers["ETag"],
            lastModified: response.headers["Last-Modified"]))
        return Fetched(data: response.body, links: links)
    }
}
