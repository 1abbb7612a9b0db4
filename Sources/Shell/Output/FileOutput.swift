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
import HTTPClient
import HTTPTypes
import FoundationFree
import Profiles

/// `COMMAND > FILE` and `COMMAND >> FILE`: the command's output in a file, which is created as a shell
/// creates it (mode 0666 less the umask), emptied first or appended to. Its errors still go to stderr.
/// A body is saved exactly as it came: the user named the file to keep it.
final class FileOutput: OutputSink {
    let path: String
    private var descriptor: Int32
    private let errors: OutputSink
    /// The first write that failed (disk full), reported when the file is closed.
    private var failure: String?

    init(path: String, append: Bool, errors: OutputSink) throws(CommandError) {
        self.path = path
        self.errors = errors
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC)
        descriptor = open(LocatorLocation.expandTilde(path), flags, 0o666)
        guard descriptor >= 0 else {
            throw CommandError("cannot write \(path): \(String(cString: strerror(errno)).lowercased())")
        }
    }

    var keepsBodiesAsTheyCame: Bool { true }

    func write(_ text: String) {
        note(DescriptorWriter.writeAll(text, to: descriptor))
    }

    func writeBytes(_ bytes: Data) {
        note(DescriptorWriter.writeAll(bytes, to: descriptor))
    }

    func writeError(_ text: String) {
        errors.writeError(text)
    }

    private func note(_ result: DescriptorWriter.Failure?) {
        guard failure == nil, let result else { return }
        switch result {
        case .closed: failure = "closed"
        case .failed(let reason): failure = reason
        }
    }

    /// Closes the file; the error of a write that failed, if one did.
    func close() -> CommandError? {
        if descriptor >= 0, systemClose(descriptor) != 0, failure == nil {
            failure = String(cString: strerror(errno)).lowercased()
        }
        descriptor = -1
        return failure.map { CommandError("cannot write \(path): \($0)") }
    }
}

