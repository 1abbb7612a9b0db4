import Testing
import HTTPServer

@Suite struct MD5Tests {
    /// RFC 1321 appendix A.5, plus a message across the 56-byte padding boundary and one over two blocks.
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
        (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a"),
        (String(repeating: "a", count: 56), "3b0c8ac703f828b04c6c197006d17218"),
    ])
    func matchesTheKnownVectors(_ message: String, _ digest: String) {
        #expect(MD5.hex(message) == digest)
    }

    @Test func answersRFC2617sWorkedExampleOfDigest() {
        // GIVEN the example exchange of RFC 2617 §3.5 (MD5, qop=auth)
        let header = #"username="Mufasa", realm="testrealm@host.com", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", "#
            + #"uri="/dir/index.html", qop=auth, nc=00000001, cnonce="0a4f113b", "#
            + #"response="6629fae49393a05397450978507c4ef1", opaque="5ccc069c403ebaf9f0171e9517f40e41""#
        let answer = DigestAnswer(header: header)
        // THEN its response checks out with the right password and not with another
        #expect(answer?.isValid(method: "GET", target: "/dir/index.html", user: "Mufasa", password: "Circle Of Life",
                                realm: "testrealm@host.com", issued: { _ in true }) == true)
        #expect(answer?.isValid(method: "GET", target: "/dir/index.html", user: "Mufasa", password: "circle of life",
                                realm: "testrealm@host.com", issued: { _ in true }) == false)
        // and not for a nonce the server never issued
        #expect(answer?.isValid(method: "GET", target: "/dir/index.html", user: "Mufasa", password: "Circle Of Life",
                                realm: "testrealm@host.com", issued: { _ in false }) == false)
    }
}
