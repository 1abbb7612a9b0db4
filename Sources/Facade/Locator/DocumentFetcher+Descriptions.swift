import FoundationFree
import APIDescriptions
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension DocumentFetcher {
    /// The OpenAPI description at `address` as a load can have it without reading it whole, the same for a
    /// locator entry's document and for a locator that is itself the description: a local file whose stamp
    /// says it is unchanged since its summary was kept (not even read, `FileStamp`), bytes whose summary was
    /// kept (`DescriptionCache`), or a clean description of one file, outlined (`OpenAPIOutline`), its summary
    /// kept for the next load. Nil when it must be read whole, or could not be fetched (the caller's own
    /// fetch then says why).
    func descriptionWithoutWholeRead(at address: String, cancellation: CancellationToken?) -> LoadedDescription? {
        let known = refresh ? nil : descriptions
        if let known, let path = localPath(address), let stamp = FileStamp(path: path),
           let entry = known.known(source: address, file: stamp) {
            return LoadedDescription(
                summary: entry.summary, file: path, length: entry.length, hash: entry.hash, source: address,
                interruptions: interruptions, operationCache: operations)
        }
        guard let bytes = try? fetch(address, cancellation: cancellation).data else { return nil }
        let stamped = stampedRead(of: address)
        var hashed: String?
        if let known {
            let hash = DescriptionCache.hash(bytes)
            hashed = hash
            if let summary = known.summary(for: bytes, hash: hash, source: address) {
                // The same bytes in a file stamped anew (touched, copied, or read too soon after a write):
                // its entry takes the new stamp, so the next load need not read it.
                if let stamped {
                    known.store(summary, length: bytes.count, hash: hash, source: address, file: stamped)
                }
                return LoadedDescription(summary: summary, bytes: bytes, source: address, interruptions: interruptions,
                                         operationCache: operations, hash: hash)
            }
        }
        // Its schemas wait for the first command that needs them.
        guard let outline = OpenAPIOutline.read(bytes, source: address) else { return nil }
        let hash = descriptions == nil ? hashed : hashed ?? DescriptionCache.hash(bytes)
        let description = LoadedDescription(outline: outline, bytes: bytes, source: address, interruptions: interruptions,
                                            operationCache: operations, hash: hash)
        if let hash { descriptions?.store(description.summary, length: bytes.count, hash: hash, source: address, file: stamped) }
        return description
    }

    /// Keeps the summary of the description of one file read whole from `address`, with the stamp of the
    /// local file it was read from, so that the next load knows it without reading it whole.
    func keepSummary(_ summary: DescriptionCache.Summary, of address: String, cancellation: CancellationToken?) {
        guard let descriptions, let bytes = try? fetch(address, cancellation: cancellation).data else { return }
        descriptions.store(summary, for: bytes, source: address, file: stampedRead(of: address))
    }
}
