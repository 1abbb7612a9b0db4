#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Every C call or constant whose name or type differs between Linux and Darwin, for all modules above
// this one: the rest of the code calls these and reads the same on both. Calls that are plain POSIX
// (open, pipe, fcntl, poll, getaddrinfo…) are called directly.

/// The platform differences, each under one name.
package enum Platform {
    /// When a file's content last changed (`st_mtim` on Linux, `st_mtimespec` on Darwin).
    package static func modificationTime(of status: stat) -> timespec {
        #if canImport(Darwin)
        status.st_mtimespec
        #else
        status.st_mtim
        #endif
    }

    /// When anything of a file last changed, its metadata included (`st_ctim` / `st_ctimespec`).
    package static func changeTime(of status: stat) -> timespec {
        #if canImport(Darwin)
        status.st_ctimespec
        #else
        status.st_ctim
        #endif
    }

    /// Columns of the terminal on `descriptor` (`TIOCGWINSZ`); nil when it is not a terminal or does not
    /// know its size.
    package static func terminalColumns(of descriptor: Int32) -> Int? {
        var size = winsize()
        // The request's type differs: Int32 on Glibc, UInt on Darwin; ioctl takes UInt on both.
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// The rows of the terminal on `descriptor`, nil when it is none.
    package static func terminalRows(of descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
    }

    /// The process's `environ`, for `posix_spawn` and for reading the environment without Foundation.
    package static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
        #if canImport(Darwin)
        _NSGetEnviron().pointee
        #else
        environ
        #endif
    }

    /// The environment as names and values, read from `environ` (the first of a name written twice, as
    /// `getenv` finds it). `ProcessInfo.processInfo` gives the same, but making it costs a start-up a tenth
    /// of a millisecond of its own set-up and metadata look-ups.
    package static func environmentVariables() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environment
        while let pointer = entry.pointee {
            // Split at the byte, not at a character: a value may begin with a combining mark.
            if let equals = strchr(pointer, Int32(UInt8(ascii: "="))) {
                let name = String(decoding: UnsafeRawBufferPointer(start: pointer, count: equals - pointer), as: UTF8.self)
                if variables[name] == nil { variables[name] = String(cString: equals + 1) }
            }
            entry += 1
        }
        return variables
    }

    #if canImport(Darwin)
    /// `posix_spawn`'s file actions: an opaque pointer on Darwin, a struct on Linux.
    package typealias SpawnFileActions = posix_spawn_file_actions_t?
    /// `posix_spawn`'s attributes: an opaque pointer on Darwin, a struct on Linux.
    package typealias SpawnAttributes = posix_spawnattr_t?
    package static func emptySpawnFileActions() -> SpawnFileActions { nil }
    package static func emptySpawnAttributes() -> SpawnAttributes { nil }
    #else
    /// `posix_spawn`'s file actions: a struct on Linux, an opaque pointer on Darwin.
    package typealias SpawnFileActions = posix_spawn_file_actions_t
    /// `posix_spawn`'s attributes: a struct on Linux, an opaque pointer on Darwin.
    package typealias SpawnAttributes = posix_spawnattr_t
    package static func emptySpawnFileActions() -> SpawnFileActions { posix_spawn_file_actions_t() }
    package static func emptySpawnAttributes() -> SpawnAttributes { posix_spawnattr_t() }
    #endif

    #if os(Linux)
    /// `SOCK_STREAM` as `socket(2)` takes it (an enum case on Glibc, an Int32 on Darwin).
    package static let streamSocket = Int32(SOCK_STREAM.rawValue)
    /// `SOCK_CLOEXEC` for `socket(2)`; Darwin has none, and callers mark descriptors with `fcntl` as well.
    package static let closeOnExecSocketFlag = Int32(SOCK_CLOEXEC.rawValue)
    /// `MSG_NOSIGNAL` for `send(2)`; Darwin has none and sets `SO_NOSIGPIPE` on the socket instead.
    package static let noSignalSendFlag = Int32(MSG_NOSIGNAL)
    #else
    package static let streamSocket = SOCK_STREAM
    package static let closeOnExecSocketFlag: Int32 = 0
    package static let noSignalSendFlag: Int32 = 0
    #endif

    /// Keeps a write to a socket whose peer has gone from raising SIGPIPE where `send` cannot be told so
    /// (Darwin's `SO_NOSIGPIPE`); nothing on Linux, where `noSignalSendFlag` does it per call.
    package static func suppressBrokenPipeSignal(on descriptor: Int32) {
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }
}

// C calls under names that a type's own `read`/`write`/`close`/`listen`/`accept` methods do not hide.
#if canImport(Glibc)
package let systemRead = Glibc.read
package let systemWrite = Glibc.write
package let systemClose = Glibc.close
package let systemListen = Glibc.listen
package let systemAccept = Glibc.accept
#elseif canImport(Darwin)
package let systemRead = Darwin.read
package let systemWrite = Darwin.write
package let systemClose = Darwin.close
package let systemListen = Darwin.listen
package let systemAccept = Darwin.accept
#endif
