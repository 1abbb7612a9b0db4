#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh directory under $TMPDIR for one test, removed with everything in it by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(base)/lineediting-tests-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let base = buffer.baseAddress, let result = mkdtemp(base) else { return nil }
            return String(cString: result)
        }
        guard let created else { throw TestSetupError(message: "mkdtemp failed: errno \(errno)") }
        path = created
    }

    func remove() {
        removeTree(path)
    }

    private func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            chmod(path, 0o700)
            if let directory = opendir(path) {
                while let entry = readdir(directory) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                    }
                    if name != "." && name != ".." { removeTree(path + "/" + name) }
                }
                closedir(directory)
            }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}

struct TestSetupError: Error {
    var message: String
}
