/// Text that may hold bytes that are not UTF-8 (a file name on a Linux disk, a line of a Latin-1 script):
/// each such byte is carried as one scalar of plane 16's private use area (U+10FF80 to U+10FFFF for the
/// bytes 0x80 to 0xFF), so the text goes through the shell and gives back the same bytes when a file is
/// opened or named in a request. Valid UTF-8 reads as itself, and the one cost is that those 128 private
/// use scalars typed as such would be read as raw bytes.
package enum RawBytesText {
    private static let base: UInt32 = 0x10FF00

    /// `decode` of contiguous bytes: valid UTF-8, the common case, is checked here, where the check is made for
    /// this buffer type rather than for any collection (a line read from a script, every line).
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // ASCII is valid UTF-8 as it is: decoded with no check that could fail.
        if !bytes.contains(where: { $0 >= 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self) ?? decode(Array(bytes))
    }

    /// `bytes` as text, every byte that is not part of valid UTF-8 carried as its private use scalar.
    package static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        if let valid = String(validating: bytes, as: UTF8.self) { return valid }
        let all = Array(bytes)
        var text = String.UnicodeScalarView()
        var index = 0
        while index < all.count {
            let lead = all[index]
            let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
            if length > 0, index + length <= all.count,
               let piece = String(validating: all[index..<(index + length)], as: UTF8.self) {
                text.append(contentsOf: piece.unicodeScalars)
                index += length
            } else if let scalar = Unicode.Scalar(base + UInt32(lead)) {
                text.append(scalar)
                index += 1
            } else {
                index += 1
            }
        }
        return String(text)
    }

    /// The bytes `text` stands for: UTF-8, with each carried byte given back as itself.
    package static func bytes(_ text: some StringProtocol) -> [UInt8] {
        guard holdsRawBytes(text) else { return Array(text.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let byte = rawByte(scalar) {
                bytes.append(byte)
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Whether `text` carries a byte that is not UTF-8.
    package static func holdsRawBytes(_ text: some StringProtocol) -> Bool {
        // The carried scalars are four bytes in UTF-8, led by 0xF4 0x8F 0xBE or 0xF4 0x8F 0xBF.
        text.utf8.contains(0xF4) && text.unicodeScalars.contains { rawByte($0) != nil }
    }

    /// The byte a carried scalar stands for, or nil.
    package static func rawByte(_ scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        guard value >= base + 0x80, value <= base + 0xFF else { return nil }
        return UInt8(value - base)
    }

    /// The bytes of `text` as a C string (carried bytes given back), for `open(2)` and its kin.
    package static func withCString<Result>(_ text: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        guard holdsRawBytes(text) else { return try text.withCString(body) }
        let bytes = Self.bytes(text).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return try "".withCString(body) }
            return try body(start)
        }
    }

    /// The process's arguments after its name, each decoded as `decode` reads bytes (Swift's own
    /// `CommandLine.arguments` replaces bytes that are not UTF-8, so such a file name could not be named).
    package static func commandLineArguments() -> [String] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            return UnsafeRawPointer(argument).withMemoryRebound(to: UInt8.self, capacity: 1) { start in
                var length = 0
                while start[length] != 0 { length += 1 }
                return decode(UnsafeBufferPointer(start: start, count: length))
            }
        }
    }
}
