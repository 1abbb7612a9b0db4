#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationFree

/// A file as a git revision of it holds it (`git show REV:./FILE`), for `diff FILE@REV FILE --spec`: a pull
/// request checked against `main` without a locator. Read through `ChildProcess`, at most `limit` bytes,
/// and stopped by Ctrl-C; git's own messages are not shown (they reach no sink that masks).
package enum GitRevision {
    /// `openapi.yaml@main` → (`openapi.yaml`, `main`); nil for a word without `@` or with nothing on a side.
    package static func split(_ word: String) -> (file: String, revision: String)? {
        guard let at = word.lastIndex(of: "@") else { return nil }
        let file = String(word[..<at])
        let revision = String(word[word.index(after: at)...])
        guard !file.isEmpty, !revision.isEmpty else { return nil }
        return (file, revision)
    }

    /// The bytes of `file` at `revision`, or why not (one line).
    package static func read(_ file: String, at revision: String, limit: Int, interrupted: () -> Bool) throws(CommandError) -> [UInt8] {
        guard !revision.hasPrefix("-") else { throw CommandError("\(file)@\(revision): a revision cannot begin with -") }
        // git reads REV:./PATH relative to the folder it runs in: an absolute file (a locator entry's) is read
        // from its own folder, which also finds the repository that holds it.
        let absolute = file.hasPrefix("/")
        let folder = absolute ? String(file[..<(file.lastIndex(of: "/") ?? file.startIndex)]) : "."
        let place = "./" + (absolute ? String(file[file.index(after: file.lastIndex(of: "/") ?? file.startIndex)...]) : file)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw CommandError("cannot read \(file)@\(revision): no pipe for git") }
        let spawned = ChildProcess.spawnShell(#"cd -- "${2:-/}" 2>/dev/null && exec git show "$1" 2>/dev/null"#,
                                              arguments: ["apish-git", "\(revision):\(place)", folder], output: fds[1], ownGroup: true)
        close(fds[1])
        defer { close(fds[0]) }
        let child: pid_t
        switch spawned {
        case .success(let pid): child = pid
        case .failure(let failure): throw CommandError("cannot run git for \(file)@\(revision): \(failure.reason)")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var tooLarge = false
        while !interrupted() {
            let count = buffer.withUnsafeMutableBytes { systemRead(fds[0], $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            guard bytes.count + count <= limit else {
                tooLarge = true
                break
            }
            bytes += buffer[0..<count]
        }
        let ending = ChildProcess.wait(for: child, ownGroup: true, interrupted: { interrupted() || tooLarge })
        if interrupted() { throw CommandError("stopped by Ctrl-C while reading \(file)@\(revision)") }
        if tooLarge { throw CommandError("\(file)@\(revision) is larger than \(limit / 1_048_576) MiB") }
        guard let ending, ending.signal == 0, ending.exitCode == 0 else {
            let inFolder = absolute ? " in \(folder.isEmpty ? "/" : folder)" : ""
            throw CommandError("git show \(revision):\(place)\(inFolder) failed: no such revision or file (or not a git work tree)")
        }
        return bytes
    }
}

