import Testing

@Test func placeholderBuilds() {
    #expect(1 + 1 == 2)
}
