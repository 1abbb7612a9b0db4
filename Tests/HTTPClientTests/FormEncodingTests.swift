import Testing
import FoundationFree
@testable import HTTPClient
@testable import HTTPTypes

@Suite("Form encoding")
struct FormEncodingTests {
    @Test func plainPairsAreJoinedWithAmpersands() {
        #expect(FormEncoding.encode([FormField("name", "eye"), FormField("age", "7")]) == "name=eye&age=7")
    }

    @Test func urlValuesHaveTheirSeparatorsEscaped() {
        let encoded = FormEncoding.encode([FormField("name", "eye"), FormField("home", "http://theeye.pe.kr")])
        #expect(encoded == "name=eye&home=http%3A%2F%2Ftheeye.pe.kr")
    }

    @Test func reservedAndSpaceCharactersArePercentEncodedInUppercaseHex() {
        let encoded = FormEncoding.encode([FormField("a b", "1+1=2 & more")])
        #expect(encoded == "a%20b=1%2B1%3D2%20%26%20more")
    }

    @Test func unreservedCharactersStayLiteral() {
        #expect(PercentEncoding.encode("AZaz09-._~") == "AZaz09-._~")
        #expect(PercentEncoding.encode("*'()!") == "%2A%27%28%29%21")
    }

    @Test func nonASCIIIsEncodedFromUTF8() {
        #expect(FormEncoding.encode([FormField("도시", "서울")]) == "%EB%8F%84%EC%8B%9C=%EC%84%9C%EC%9A%B8")
    }

    @Test func orderAndRepeatedNamesArePreserved() {
        let fields = [FormField("z", "1"), FormField("a", "2"), FormField("z", "3")]
        #expect(FormEncoding.encode(fields) == "z=1&a=2&z=3")
    }

    @Test func decodingReversesEncoding() {
        let fields = [
            FormField("name", "eye"), FormField("home", "http://theeye.pe.kr"), FormField("도시", "서울"),
            FormField("a b", "1+1=2 & more"), FormField("empty", ""), FormField("z", "1"), FormField("z", "2"),
        ]
        #expect(FormEncoding.decode(FormEncoding.encode(fields)) == fields)
    }

    @Test func decodingTreatsPlusAsSpaceAndToleratesOddInput() {
        #expect(FormEncoding.decode("q=a+b&flag&&x=%2B%zz%4") == [
            FormField("q", "a b"), FormField("flag", ""), FormField("x", "+%zz%4"),
        ])
    }

    @Test func formBodyCarriesItsContentType() {
        let body = HTTPBody.form([FormField("k", "v w")])
        #expect(body.contentType == "application/x-www-form-urlencoded")
        #expect(String(decoding: body.data, as: UTF8.self) == "k=v%20w")
        #expect(HTTPBody.none.contentType == nil)
        #expect(HTTPBody.none.data.isEmpty)
    }
}
