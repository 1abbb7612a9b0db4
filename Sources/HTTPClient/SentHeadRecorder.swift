import JSON
import HTTPTypes
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Collects the request head libcurl writes to the wire (its `CURLINFO_HEADER_OUT` trace), bounded,
/// so that `verbose` can show every header really sent rather than only those apish set.
final class SentHeadRecorder {
    private var bytes = Data()
    /// A request head is small; a bigger trace is cut rather than kept.
    private static let limit = 64 * 1024

    func append(_ chunk: UnsafeRawBufferPointer) {
        guard bytes.count < Self.limit else { return }
        bytes.append(contentsOf: chunk.prefix(Self.limit - bytes.count))
    }

    /// The lines of the last head sent (a redirect hop or a retry writes a new one), without CRLFs.
    var lines: [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        let heads = text.components(separatedBy: "\r\n\r\n").filter { !$0.isEmpty }
        return (heads.last ?? "").components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }
}
