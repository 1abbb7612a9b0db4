@testable import Facade
@testable import Shell
import Testing

/// The line a long load shows on a terminal: which document, and the files and bytes read so far.
@Suite struct LoadProgressLineTests {
    @Test func theLineNamesTheDocumentAndCountsFilesAndBytes() {
        let progress = LoadProgress()
        #expect(Session.progressLine("https://h/specs/openapi.yaml", progress) == "loading openapi.yaml: 0 files, 0 KB")
        progress.add(bytes: 2_000_000)
        progress.add(bytes: 1_240_000)
        #expect(Session.progressLine("/tmp/do/openapi.yaml", progress) == "loading openapi.yaml: 2 files, 3.2 MB")
        #expect(ByteCountText.megabytes(812_345) == "812 KB")
    }
}
