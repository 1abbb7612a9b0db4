import HTTPServer

/// Text the mock itself puts in a header (a warning, a problem document): control characters become
/// spaces and it is cut at a length a client's head limit keeps, so no wording of a description can
/// break the head it travels in.
enum MockHeadText {
    static let lengthLimit = 1_024

    static func fieldValue(_ text: String) -> String {
        var value = ""
        for scalar in text.unicodeScalars.prefix(lengthLimit) {
            value.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar)
        }
        return value
    }
}
