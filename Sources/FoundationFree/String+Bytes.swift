#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// Whether the two texts are the same bytes. Swift's `==` calls canonically equal texts equal (`é` and
    /// `e` + U+0301), whose bytes, and so what is sent or parsed, differ. Compared with `memcmp` over the
    /// contiguous storage a native string has: far cheaper than walking two UTF-8 views.
    package func hasSameBytes(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let compared: Bool?? = utf8.withContiguousStorageIfAvailable { left in
            other.utf8.withContiguousStorageIfAvailable { right in
                guard let a = left.baseAddress, let b = right.baseAddress else { return true }
                return memcmp(a, b, left.count) == 0
            }
        }
        return (compared ?? nil) ?? utf8.elementsEqual(other.utf8)
    }

    /// Whether the text starts with `prefix` (written in lower case), ASCII letters compared without case:
    /// a URL's scheme (`HTTP://`, `File:`), read byte by byte rather than from a lowercased copy of the text.
    package func hasPrefixIgnoringASCIICase(_ prefix: StaticString) -> Bool {
        func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            prefix.withUTF8Buffer { wanted in
                guard bytes.count >= wanted.count else { return false }
                for index in 0..<wanted.count {
                    let byte = bytes[index]
                    let lowered = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
                    if lowered != wanted[index] { return false }
                }
                return true
            }
        }
        return utf8.withContiguousStorageIfAvailable(matches)
            ?? Array(utf8.prefix(prefix.utf8CodeUnitCount)).withUnsafeBufferPointer(matches)
    }
}
