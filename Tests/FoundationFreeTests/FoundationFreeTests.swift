import Foundation
import Testing
import TestSupport
@testable import FoundationFree
#if os(Linux)
import CPlatform
#endif

/// Each stand-in against the Foundation call it replaced.
@Suite struct FoundationFreeTests {
    static let blanks: [Unicode.Scalar] = (0...0x3100).compactMap(Unicode.Scalar.init) + ["\u{FEFF}", "\u{E0020}"]

    @Test func whitespaceIsCharacterSetWhitespaces() {
        for scalar in Self.blanks {
            #expect(scalar.isFoundationWhitespace == CharacterSet.whitespaces.contains(scalar), "U+\(String(scalar.value, radix: 16))")
        }
    }

    static let texts: [String] = [
        "", " ", "\t", "x", " x ", "\t x\t", "\u{3000}a b\u{200B}", "\u{A0}\u{2007}", " \u{301}x ", "x\u{301} ",
        "a\r\nb\r\n", "\n x \n", "é e\u{301} ", "👩‍👩‍👧 ", " \u{1F600}", "\u{85}x\u{2028}", "a  b",
    ]

    @Test func trimmingMatchesTrimmingCharacters() {
        for text in Self.texts {
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
            let sub = text.dropFirst(0)
            #expect(sub.trimmingWhitespace() == sub.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test func replacingMatchesReplacingOccurrences() {
        // Not "é": Foundation also finds a precomposed é in a decomposed one (see `replacingAll`).
        let targets = ["\r", "\n", "\\", "#", "'", "{city}", "%20", "x", "e", "ab", "\r\n", "", "👩", "\u{301}"]
        for text in Self.texts + ["{city} of {city}", "a%20b%2", "it's", #"a\b#c"#, "xxx", "abab"] {
            for target in targets {
                #expect(text.replacingAll(target, with: "<>") == text.replacingOccurrences(of: target, with: "<>"),
                        "\(text.debugDescription) \(target.debugDescription)")
            }
        }
    }

    @Test func literalRangeMatchesRangeOf() {
        for text in ["a=b:c", "H:a=b", "x==y", "a:=1", "é=1", "", "=", "abc", "a=\u{301}b=c", "bc\u{301}bc"] {
            for target in [":=", "==", "=", ":", "bc"] {
                #expect(text.literalRange(of: target) == text.range(of: target), "\(text) \(target)")
            }
        }
    }

    @Test func paddingMatchesPadding() {
        for text in ["", "ab", "abcdef", "é", "👩‍👩‍👧", "a😀b"] {
            for length in [0, 1, 2, 3, 5, 8] {
                #expect(text.paddedWithSpaces(toLength: length) == text.padding(toLength: length, withPad: " ", startingAt: 0),
                        "\(text) \(length)")
            }
        }
    }

    @Test func isoDayMatchesDateFormatter() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        var seconds: [Double] = [-12_219_292_800, -12_219_292_801, -62_135_596_800, -62_135_596_801, -62_198_755_200, 0, -1, 1, 86_399, 86_400, 1_798_675_200, 951_782_400, 4_107_542_400, -2_208_988_800, 253_402_300_799, 1e11]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 { seconds.append(Double.random(in: -62_000_000_000...250_000_000_000, using: &generator).rounded()) }
        for value in seconds {
            #expect(CivilTime.isoDay(secondsSince1970: value) == formatter.string(from: Date(timeIntervalSince1970: value)), "\(value)")
        }
    }

    @Test func daysRoundTripOnICUsCalendar() {
        for days in stride(from: -800_000, through: 800_000, by: 37) {
            let (year, month, day) = CivilTime.civil(days: days)
            #expect(CivilTime.days(year: year, month: month, day: day) == days)
        }
        #expect(CivilTime.civil(days: CivilTime.gregorianStart - 1) == (1582, 10, 4))
    }

    @Test func iso8601MatchesISO8601DateFormatter() {
        let formatter = ISO8601DateFormatter()
        for value in [0, 1_798_675_200.75, -0.5, 1_700_000_000, 4_107_542_399.999] as [Double] {
            #expect(CivilTime.iso8601(secondsSince1970: value) == formatter.string(from: Date(timeIntervalSince1970: value)), "\(value)")
        }
    }

    @Test func localClockMatchesDateFormatter() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss"
        for value in [0, 1_798_675_200.5, 1_700_000_000, 1_719_792_000 + 3600 * 5 + 61] as [Double] {
            #expect(CivilTime.localClock(secondsSince1970: value) == formatter.string(from: Date(timeIntervalSince1970: value)))
        }
    }

    @Test func isDirectory() {
        #expect(FileKind.isDirectory("/tmp") == true)
        #expect(FileKind.isDirectory("/etc/hostname") == false || FileKind.isDirectory("/etc/hostname") == nil)
        #expect(FileKind.isDirectory("/no/such/path") == nil)
    }

    @Test func threadsRunAndSleep() async {
        let done = Mutexed()
        #expect(Threads.detach { done.set() })
        // Time passing is the subject of sleep: it lasts at least what it was asked (a lower bound only).
        let start = ContinuousClock.now
        Threads.sleep(seconds: 0.02)
        #expect(ContinuousClock.now - start >= .milliseconds(20))
        #expect(eventually { done.value })
    }

    @Test(arguments: [0, 1, 3])
    func togetherRunsOnThisThreadAndTheExtraOnesAndWaitsForAll(_ extra: Int) {
        let runs = Runs()
        Threads.together(extraThreads: extra) {
            // Each run lasts a moment, so that no thread can finish one and take another's.
            Threads.sleep(seconds: 0.01)
            runs.record()
        }
        // Every run has finished when it returns, each on its own thread.
        #expect(runs.count == extra + 1)
        #expect(runs.threads == extra + 1)
    }

    #if os(Linux)
    /// The extra threads start away from this thread's processor, then give themselves back every processor
    /// this one may run on: a thread kept off one would wait on a busy machine while that one is free.
    @Test func extraThreadsMayRunWhereThisOneMay() {
        let mine = Self.processors()
        let seen = Affinities()
        Threads.together(extraThreads: 1) { seen.record(Self.processors()) }
        #expect(seen.all.count == 2)
        #expect(seen.all.allSatisfy { $0 == mine })
    }

    private static func processors() -> Int32 {
        var set = cpu_set_t()
        guard sched_getaffinity(0, MemoryLayout<cpu_set_t>.size, &set) == 0 else { return -1 }
        return withUnsafeBytes(of: &set) { bytes in Int32(bytes.reduce(0) { $0 + $1.nonzeroBitCount }) }
    }
    #endif

    @Test func bothGivesBothResultsTheSecondMadeOnAnotherThread() {
        let here = UInt(bitPattern: Int(bitPattern: pthread_self()))
        let (first, second) = Threads.both({ 6 * 7 }, { UInt(bitPattern: Int(bitPattern: pthread_self())) })
        #expect(first == 42)
        #expect(second != here)
    }
}

private final class Affinities: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [Int32] = []
    var all: [Int32] { lock.withLock { seen } }
    func record(_ count: Int32) { lock.withLock { seen.append(count) } }
}

private final class Runs: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [pthread_t] = []
    var count: Int { lock.withLock { seen.count } }
    var threads: Int { lock.withLock { Set(seen.map { UInt(bitPattern: Int(bitPattern: $0)) }).count } }
    func record() {
        let me = pthread_self()
        lock.withLock { seen.append(me) }
    }
}

private final class Mutexed: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    var value: Bool { lock.withLock { flag } }
    func set() { lock.withLock { flag = true } }
}
