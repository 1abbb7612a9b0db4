import FoundationFree
/// What goes around each kind of token in indented JSON: nothing, or the escape codes of a colour.
public struct JSONTokenMarks: Sendable {
    public typealias Mark = (open: String, close: String)
    public var key: Mark = ("", "")
    public var string: Mark = ("", "")
    public var number: Mark = ("", "")
    /// `true`, `false` and `null`.
    public var literal: Mark = ("", "")

    public init() {}
}

extension JSONDocument {
    /// Writes the document as indented JSON (two spaces, `"key": value`, `[]` and `{}` when empty), in
    /// pieces of about `pieceSize` bytes handed to `emit`, straight from the tape: no tree is built and
    /// the whole text is never held at once. Strings are written as `JSONValue.encoded()` writes them;
    /// with a `redactor`, every string value is masked as the masker says (the redactor masks a tree alike).
    ///
    /// Returns false when `cancellation` tripped and the text stops early (the last piece is emitted).
    @discardableResult
    public func writeIndented(
        marks: JSONTokenMarks = JSONTokenMarks(), redactor: (any JSONStringMasker)? = nil, cancellation: CancellationToken? = nil,
        pieceSize: Int = 1 << 16, emit: (String) -> Void
    ) -> Bool {
        withoutActuallyEscaping(emit) { emit in
            read { reader in
                var writer = IndentedWriter(
                    reader: reader, marks: marks, redactor: redactor, cancellation: cancellation, pieceSize: pieceSize, emit: emit)
                writer.write(0, indent: 0, key: nil)
                writer.flush()
                return !writer.interrupted
            }
        }
    }

    /// Writes the document as compact JSON, byte for byte what `value.encoded()` writes (masked alike with
    /// a `redactor`), in pieces straight from the tape: what `--json` puts under `"data"` for a large body,
    /// without building its tree.
    @discardableResult
    public func writeCompact(
        redactor: (any JSONStringMasker)? = nil, cancellation: CancellationToken? = nil, pieceSize: Int = 1 << 16,
        emit: (String) -> Void
    ) -> Bool {
        withoutActuallyEscaping(emit) { emit in
            read { reader in
                var writer = IndentedWriter(
                    reader: reader, marks: JSONTokenMarks(), redactor: redactor, cancellation: cancellation, pieceSize: pieceSize,
                    emit: emit, compact: true)
                writer.write(0, indent: 0, key: nil)
                writer.flush()
                return !writer.interrupted
            }
        }
    }
}

private struct IndentedWriter {
    let reader: JSONTapeReader
    let redactor: (any JSONStringMasker)?
    let cancellation: CancellationToken?
    let pieceSize: Int
    let emit: (String) -> Void
    private let key: ([UInt8], [UInt8])
    private let string: ([UInt8], [UInt8])
    private let number: ([UInt8], [UInt8])
    private let literal: ([UInt8], [UInt8])
    private var bytes: [UInt8] = []
    private var countdown = 4096
    /// Member names already looked at, and whether each is named like a credential.
    private var credentialNames: [String: Bool] = [:]
    private(set) var interrupted = false
    /// No newlines or indentation, and `:` alone between a key and its value.
    private let compact: Bool

    init(
        reader: JSONTapeReader, marks: JSONTokenMarks, redactor: (any JSONStringMasker)?, cancellation: CancellationToken?,
        pieceSize: Int, emit: @escaping (String) -> Void, compact: Bool = false
    ) {
        self.compact = compact
        self.reader = reader
        self.redactor = redactor
        self.cancellation = cancellation
        self.pieceSize = pieceSize
        self.emit = emit
        key = (Array(marks.key.open.utf8), Array(marks.key.close.utf8))
        string = (Array(marks.string.open.utf8), Array(marks.string.close.utf8))
        number = (Array(marks.number.open.utf8), Array(marks.number.close.utf8))
        literal = (Array(marks.literal.open.utf8), Array(marks.literal.close.utf8))
        bytes.reserveCapacity(pieceSize + 4096)
    }

    mutating func flush() {
        guard !bytes.isEmpty else { return }
        emit(String(decoding: bytes, as: UTF8.self))
        bytes.removeAll(keepingCapacity: true)
    }

    /// Looks at the cancellation token every 4,096 values.
    private mutating func shouldStop() -> Bool {
        if interrupted { return true }
        guard let cancellation else { return false }
        countdown -= 1
        guard countdown == 0 else { return false }
        countdown = 4096
        interrupted = cancellation.isCancelled
        return interrupted
    }

    /// The value at `entry`; `key` is the entry of its member name when it is an object's member.
    mutating func write(_ entry: Int, indent: Int, key memberKey: Int?) {
        if shouldStop() { return }
        if bytes.count >= pieceSize { flush() }
        switch reader.kind(entry) {
        case .null: marked(literal, "null")
        case .true: marked(literal, "true")
        case .false: marked(literal, "false")
        case .number:
            bytes.append(contentsOf: number.0)
            bytes.append(contentsOf: reader.rawText(entry))
            bytes.append(contentsOf: number.1)
        case .string, .escapedString:
            writeStringValue(entry, key: memberKey)
        case .array, .object:
            writeContainer(entry, indent: indent)
        }
    }

    private mutating func writeContainer(_ entry: Int, indent: Int) {
        let isObject = reader.kind(entry) == .object
        guard reader.count(entry) > 0 else {
            bytes.append(contentsOf: isObject ? "{}".utf8 : "[]".utf8)
            return
        }
        bytes.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        if !compact { bytes.append(0x0A) }
        // Members as the tree has them: a repeated key once, at its first position, with its last value.
        // An array's elements are values without keys.
        let items: [(key: Int?, value: Int)] = isObject
            ? reader.members(of: entry).map { ($0.key, $0.value) }
            : reader.children(entry).map { (nil, $0) }
        for (position, item) in items.enumerated() {
            appendIndent(indent + 1)
            if let keyEntry = item.key {
                bytes.append(contentsOf: key.0)
                writeKey(keyEntry)
                bytes.append(contentsOf: key.1)
                if compact { bytes.append(UInt8(ascii: ":")) } else { bytes.append(contentsOf: ": ".utf8) }
            }
            write(item.value, indent: indent + 1, key: item.key)
            if interrupted { return }
            if position < items.count - 1 { bytes.append(UInt8(ascii: ",")) }
            if !compact { bytes.append(0x0A) }
        }
        appendIndent(indent)
        bytes.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    private mutating func marked(_ mark: ([UInt8], [UInt8]), _ text: StaticString) {
        bytes.append(contentsOf: mark.0)
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        bytes.append(contentsOf: mark.1)
    }

    private mutating func appendIndent(_ level: Int) {
        guard !compact else { return }
        for _ in 0..<level { bytes.append(contentsOf: [0x20, 0x20]) }
    }

    private mutating func writeStringValue(_ entry: Int, key memberKey: Int?) {
        bytes.append(contentsOf: string.0)
        var credentialMember: String?
        if redactor != nil, let memberKey { credentialMember = credentialName(memberKey) }
        if let redactor, let masked = redactor.maskedString(
            reader.rawText(entry), isEscaped: reader.kind(entry) == .escapedString, credentialMember: credentialMember) {
            JSONWriter.appendString(masked, to: &bytes)
        } else {
            appendEncoded(entry)
        }
        bytes.append(contentsOf: string.1)
    }

    /// A member name, masked as a string is when it holds a secret (a key can: `{"sk-…": 1}`).
    private mutating func writeKey(_ entry: Int) {
        if let redactor, let masked = redactor.maskedKey(reader.rawText(entry), isEscaped: reader.kind(entry) == .escapedString) {
            JSONWriter.appendString(masked, to: &bytes)
        } else {
            appendEncoded(entry)
        }
    }

    /// The name of the member whose key is at `key` when it is named like a credential.
    private mutating func credentialName(_ key: Int) -> String? {
        let name = reader.string(key)
        if let known = credentialNames[name] { return known ? name : nil }
        let isCredential = redactor?.isCredentialMember(name) ?? false
        if credentialNames.count < 4096 { credentialNames[name] = isCredential }
        return isCredential ? name : nil
    }

    /// A string entry as `JSONWriter` writes it, translated from its raw text without decoding it into a
    /// `String`: runs of bytes are copied, and so are the escapes the writer writes alike (`\"`, `\\`, `\n`,
    /// `\r`, `\t`, `\b`, `\f`); `\/` becomes `/`, a `\u` escape what its character is written as, and a raw
    /// U+2028, U+2029, DEL or C1 control an escape.
    private mutating func appendEncoded(_ entry: Int) {
        let raw = reader.rawText(entry)
        bytes.append(UInt8(ascii: "\""))
        var index = 0
        while index < raw.count {
            var runEnd = index
            while runEnd < raw.count, raw[runEnd] != UInt8(ascii: "\\"), raw[runEnd] != 0xE2, raw[runEnd] != 0xC2,
                  raw[runEnd] != 0x7F { runEnd += 1 }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: raw[index..<runEnd]))
            index = runEnd
            guard index < raw.count else { break }
            if raw[index] == 0x7F || raw[index] == 0xC2 {
                // DEL is 7F and U+0080–U+009F are C2 80 – C2 9F; any other C2 sequence is copied.
                let control = raw[index] == 0x7F || (index + 1 < raw.count && (0x80..<0xA0).contains(raw[index + 1]))
                let length = raw[index] == 0x7F ? 1 : (control ? 2 : 1)
                if control {
                    JSONWriter.appendString(String(decoding: UnsafeBufferPointer(rebasing: raw[index..<index + length]), as: UTF8.self), to: &bytes, quoted: false)
                } else {
                    bytes.append(raw[index])
                }
                index += length
                continue
            }
            if raw[index] == 0xE2 {
                // U+2028 is E2 80 A8 and U+2029 E2 80 A9; any other E2 sequence is copied.
                let separator = index + 2 < raw.count && raw[index + 1] == 0x80 && (raw[index + 2] & 0xFE) == 0xA8
                let length = separator ? 3 : 1
                if separator {
                    JSONWriter.appendString(String(decoding: UnsafeBufferPointer(rebasing: raw[index..<index + 3]), as: UTF8.self), to: &bytes, quoted: false)
                } else {
                    bytes.append(0xE2)
                }
                index += length
                continue
            }
            let escape = index + 1 < raw.count ? raw[index + 1] : 0
            switch escape {
            case UInt8(ascii: "/"):
                bytes.append(UInt8(ascii: "/"))
                index += 2
            case UInt8(ascii: "u"):
                // The whole escape (with its low surrogate, when it has one) decodes to one character.
                var end = index + 6
                if end + 6 <= raw.count, raw[end] == UInt8(ascii: "\\"), raw[end + 1] == UInt8(ascii: "u"),
                   raw[index + 2] | 0x20 == UInt8(ascii: "d"), (raw[index + 3] | 0x20) >= UInt8(ascii: "8"),
                   (raw[index + 3] | 0x20) <= UInt8(ascii: "b") {
                    end += 6
                }
                let character = JSONEscapes.decode(UnsafeBufferPointer(rebasing: raw[index..<min(end, raw.count)]))
                JSONWriter.appendString(character, to: &bytes, quoted: false)
                index = end
            default:
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: raw[index..<min(index + 2, raw.count)]))
                index += 2
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
