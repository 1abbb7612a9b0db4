import Synchronization

/// The nonces a Digest challenge has handed out (the last 256), so an answer to an invented nonce is refused.
package final class DigestNonces: Sendable {
    private let issued = Mutex<[String]>([])
    private static let kept = 256

    package init() {}

    /// A fresh random nonce, remembered.
    package func issue() -> String {
        var generator = SystemRandomNumberGenerator()
        let nonce = MD5.hex((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
        issued.withLock { nonces in
            nonces.append(nonce)
            if nonces.count > Self.kept { nonces.removeFirst(nonces.count - Self.kept) }
        }
        return nonce
    }

    package func contains(_ nonce: String) -> Bool {
        issued.withLock { $0.contains(nonce) }
    }
}
