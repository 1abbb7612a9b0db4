#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationFree

/// A loopback port nothing listens on: bound to port 0 to be handed a free one, then closed.
package enum ClosedPort {
    package static func make() -> UInt16? {
        guard let (descriptor, port) = LoopbackSocket.bound() else { return nil }
        close(descriptor)
        return port
    }
}
