/// How much of the files a description's `$ref`s reach is read before the load stops: caps, so that a
/// document naming a million files, or gigabytes of them, ends with an error rather than memory. The
/// defaults fit the largest descriptions published (DigitalOcean's: about 2,850 files, 3 MB); the start
/// options named here raise them.
public struct DocumentLimits: Sendable, Equatable {
    /// Other files, beside the document itself.
    public var files: Int
    /// Bytes of those files together.
    public var bytes: Int

    public static let defaultFiles = 10_000
    public static let defaultBytes = 256 << 20
    /// The start options that set the caps, named by the errors that a cap gives.
    public static let filesOption = "--max-doc-files"
    public static let bytesOption = "--max-doc-size"

    public init(files: Int = DocumentLimits.defaultFiles, bytes: Int = DocumentLimits.defaultBytes) {
        self.files = max(files, 0)
        self.bytes = max(bytes, 0)
    }

    /// A byte count as MiB, without a fraction when it is whole (`256`, `0.5`).
    static func mebibytes(_ bytes: Int) -> String {
        if bytes % (1 << 20) == 0 { return String(bytes >> 20) }
        let value = Double(bytes) / Double(1 << 20)
        return String((value * 100).rounded() / 100)
    }
}
