import JSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Masks the secrets of a text that arrives in pieces (a body written as it comes) exactly as
/// `SecretMatcher.mask` masks the whole text: the last bytes of a piece that may begin a secret the next
/// piece completes (at most the longest form of a secret, less one) are held back until that piece comes,
/// or the text ends.
public struct SecretStreamMasker {
    private let matcher: SecretMatcher
    private let mask: [UInt8]
    /// What arrived and is not written yet: fewer bytes than the longest form of a secret, between pieces.
    private var held: [UInt8] = []

    public init(matcher: SecretMatcher, mask: String = Redactor.mask) {
        self.matcher = matcher
        self.mask = Array(mask.utf8)
    }

    /// The bytes that can be written now that `piece` has arrived, masked.
    public mutating func feed(_ piece: Data) -> Data {
        guard !matcher.isEmpty else { return piece }
        held.append(contentsOf: piece)
        let limit = held.count - (matcher.longestForm - 1)
        guard limit > 0 else { return Data() }
        let (masked, consumed) = held.withUnsafeBufferPointer { matcher.maskPrefix($0, upTo: limit, with: mask) }
        held.removeFirst(consumed)
        return Data(masked)
    }

    /// What is still held, masked: the end of the text.
    public mutating func finish() -> Data {
        defer { held = [] }
        return Data(held.withUnsafeBufferPointer { matcher.maskPrefix($0, upTo: $0.count, with: mask) }.masked)
    }
}
