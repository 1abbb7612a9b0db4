/// Sizes in the unit people read: `16 MiB`, `1.5 MiB`, `300 KiB`, `12 bytes`.
package enum ByteSize {
    package static func text(_ bytes: Int) -> String {
        let kibibyte = 1024.0, mebibyte = 1024.0 * 1024, gibibyte = mebibyte * 1024
        let value = Double(bytes)
        func shown(_ amount: Double, _ unit: String) -> String {
            let rounded = (amount * 10).rounded() / 10
            return (rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) + " " + unit
        }
        if value >= gibibyte { return shown(value / gibibyte, "GiB") }
        if value >= mebibyte { return shown(value / mebibyte, "MiB") }
        if value >= kibibyte { return shown(value / kibibyte, "KiB") }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}
