import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The input being run, kept in a memory-mapped file: if the process dies on it (a trap, a signal, the
/// watchdog), the file still holds it, with no signal handler involved. Layout: the length as 8 bytes
/// little-endian, then the bytes.
final class InputRecord {
    let path: String
    private let capacity: Int
    private let mapping: UnsafeMutableRawPointer?

    /// Inputs longer than this are recorded cut short (and say so by their length field).
    static let defaultCapacity = 8 * 1024 * 1024

    init(path: String, capacity: Int = InputRecord.defaultCapacity) {
        self.path = path
        self.capacity = capacity
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0, ftruncate(descriptor, off_t(8 + capacity)) == 0 else {
            if descriptor >= 0 { close(descriptor) }
            mapping = nil
            return
        }
        let mapped = mmap(nil, 8 + capacity, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
        close(descriptor)
        mapping = mapped == MAP_FAILED ? nil : mapped
    }

    deinit {
        if let mapping { munmap(mapping, 8 + capacity) }
    }

    var isAvailable: Bool { mapping != nil }

    /// Stores `input` before it is run.
    func store(_ input: [UInt8]) {
        guard let mapping else { return }
        let count = min(input.count, capacity)
        mapping.storeBytes(of: UInt64(input.count).littleEndian, as: UInt64.self)
        input.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { (mapping + 8).copyMemory(from: base, byteCount: count) }
        }
    }

    /// Reads an input back from a record file (or, for any other file, its bytes as they are).
    static func load(_ path: String) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = [UInt8](data)
        guard path.hasSuffix(".input"), bytes.count >= 8 else { return bytes }
        let length = bytes[0..<8].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        return Array(bytes[8..<min(bytes.count, 8 + length)])
    }
}
