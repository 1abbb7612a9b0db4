@testable import Facade
import Foundation
import Testing

/// A write or read error reads as the system's short reason, never as Foundation's dump of an error.
@Suite struct LocalFileReasonTests {
    @Test func cocoaErrorsGiveTheSystemsReason() {
        let underlying = CocoaError(.fileWriteUnknown, userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EACCES))])
        #expect(LocalFile.reason(underlying) == "permission denied")
        #expect(LocalFile.reason(CocoaError(.fileWriteVolumeReadOnly, userInfo: [NSFilePathErrorKey: "/ro/x"])) == "read-only file system")
        #expect(LocalFile.reason(CocoaError(.fileNoSuchFile)) == "no such file or directory")
        let other = LocalFile.reason(CocoaError(.featureUnsupported))
        #expect(other == "file error \(CocoaError.Code.featureUnsupported.rawValue)")
        for reason in [other, LocalFile.reason(CocoaError(.fileWriteOutOfSpace))] {
            #expect(!reason.contains("CocoaError") && !reason.contains("Domain") && !reason.contains("\n"), "\(reason)")
        }
    }
}
