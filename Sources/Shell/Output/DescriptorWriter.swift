#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationFree
import Profiles

/// Writes whole buffers to a file descriptor with `write(2)`, retrying partial writes and EINTR.
enum DescriptorWriter {
    /// Why a write stopped: the reader went away (EPIPE), or another error, by its system reason.
    enum Failure: Error, Equatable {
        case closed
        case failed(String)
    }

    /// Writes every byte, or stops at the first error (reported by the return value; nil means all went).
    @discardableResult
    static func writeAll(_ bytes: Data, to descriptor: Int32) -> Failure? {
        bytes.withUnsafeBytes { buffer in writeAll(buffer, to: descriptor) }
    }

    @discardableResult
    static func writeAll(_ text: String, to descriptor: Int32) -> Failure? {
        var text = text
        return text.withUTF8 { buffer in writeAll(UnsafeRawBufferPointer(buffer), to: descriptor) }
    }

    static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Failure? {
        guard var next = buffer.baseAddress else { return nil }
        var left = buffer.count
        while left > 0 {
            let written = systemWrite(descriptor, next, left)
            if written < 0 {
                if errno == EINTR { continue }
                return errno == EPIPE ? .closed : .failed(String(cString: strerror(errno)).lowercased())
            }
            next += written
            left -= written
        }
        return nil
    }
}
