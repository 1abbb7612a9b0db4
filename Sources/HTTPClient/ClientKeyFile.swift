#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What apish checks of a client key file (`--key`) before libcurl reads it: whether others may read it
/// (ssh refuses such a key; apish warns), and whether it is encrypted, so that its passphrase is asked for
/// by apish (or read from `--key-password-env NAME`) rather than by OpenSSL's raw prompt.
public enum ClientKeyFile {
    /// The warning for a key that the group or others may read; nil when only its owner may, or it cannot
    /// be looked at (libcurl then says why it cannot be used).
    public static func permissionWarning(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & 0o077 != 0 else { return nil }
        let mode = String(status.st_mode & 0o777, radix: 8)
        return "the client key \(path) may be read by others (mode \(mode)); chmod 600 \(path)"
    }

    /// Whether the key is an encrypted PEM key (PKCS #8 `ENCRYPTED PRIVATE KEY`, or a traditional key with
    /// `Proc-Type: 4,ENCRYPTED`). Only its first 4 KiB are read: the markers are at the start.
    public static func isEncrypted(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return false }
        let head = String(decoding: buffer[..<count], as: UTF8.self)
        return head.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----") || head.contains("Proc-Type: 4,ENCRYPTED")
    }
}
