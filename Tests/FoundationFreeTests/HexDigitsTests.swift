import Testing
@testable import FoundationFree

@Suite struct HexDigitsTests {
    @Test func everyByteReadsAsStringRadixSixteenDoes() {
        for byte in UInt8.min...UInt8.max {
            let expected = Int(String(UnicodeScalar(byte)), radix: 16).map(UInt8.init)
            #expect(HexDigits.value(of: byte) == expected, "byte \(byte)")
        }
    }

    @Test func digitsAreWrittenInTheCaseAsked() {
        #expect((0...15).map { HexDigits.digit(UInt8($0), uppercase: true) } == Array("0123456789ABCDEF".utf8))
        #expect((0...15).map { HexDigits.digit(UInt8($0), uppercase: false) } == Array("0123456789abcdef".utf8))
        #expect(HexDigits.digit(0xAB, uppercase: true) == UInt8(ascii: "B"))  // the low four bits only
    }

    @Test func appendWritesExactlyTheDigitsAsked() {
        var bytes: [UInt8] = []
        HexDigits.append(0x1F, digits: 4, uppercase: false, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "001f")
        bytes = []
        HexDigits.append(0xD83D, digits: 4, uppercase: true, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "D83D")
    }
}
