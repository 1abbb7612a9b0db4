import Foundation
import Testing
import DemoAPIs

/// v1's string numbers decode leniently — as decimals only.
@Suite struct LenientNumberTests {
    struct Box: Decodable { let n: LenientNumber }

    func decode(_ json: String) -> Double? {
        try? JSONDecoder().decode(Box.self, from: Data(json.utf8)).n.value
    }

    @Test func decimalStringsAndNumbersDecode() {
        #expect(decode(#"{"n":"63"}"#) == 63)
        #expect(decode(#"{"n":" 530.12 "}"#) == 530.12)
        #expect(decode(#"{"n":"-1e3"}"#) == -1000)
        #expect(decode(#"{"n":63}"#) == 63)
    }

    @Test(arguments: [#""0x1F""#, #""nan""#, #""inf""#, #""""#, #""63°F""#, #""1e400""#])
    func otherStringsAreDrift(_ value: String) {
        #expect(decode(#"{"n":\#(value)}"#) == nil)
    }
}
