#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationFree

/// A TCP socket bound to 127.0.0.1 on a port the kernel picks: what the raw-socket test servers listen on.
package enum LoopbackSocket {
    /// The socket and its port; nil (nothing left open) when it cannot be bound or, with a `backlog`,
    /// made to listen. `acceptTimeout` seconds bound each `accept`, so a serving thread can look up.
    package static func bound(listening backlog: Int32? = nil, acceptTimeout: Double = 0) -> (descriptor: Int32, port: UInt16)? {
        let descriptor = socket(AF_INET, Platform.streamSocket, 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound, backlog.map({ listen(descriptor, $0) == 0 }) ?? true else {
            close(descriptor)
            return nil
        }
        if acceptTimeout > 0 {
            let seconds = Int(acceptTimeout)
            var timeout = timeval(tv_sec: seconds, tv_usec: .init((acceptTimeout - Double(seconds)) * 1_000_000))
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }
}
