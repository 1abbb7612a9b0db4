#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CPlatform
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Stand-ins for the few Foundation calls apish made that live in CoreFoundation (NSString, CharacterSet,
// FileHandle, Thread, DateFormatter): using any of them links the whole of swift-corelibs-foundation and
// ICU into the static binary (~60 MB) and runs their initialisers at every start. Each one here gives
// the same result as the call it replaces; FoundationFreeTests check them against Foundation.

extension Unicode.Scalar {
    /// In `CharacterSet.whitespaces`: tab, the space separators (Zs) and, as CoreFoundation has it,
    /// ZERO WIDTH SPACE (U+200B).
    package var isFoundationWhitespace: Bool {
        switch value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }
}

extension StringProtocol {
    /// `trimmingCharacters(in: .whitespaces)`: leading and trailing `isFoundationWhitespace` scalars off.
    /// Trimmed by scalars, as Foundation does: `" \u{301}x"` keeps its combining accent.
    package func trimmingWhitespace() -> String {
        let text = String(self)
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.isFoundationWhitespace }),
              let last = scalars.lastIndex(where: { !$0.isFoundationWhitespace }) else { return "" }
        return String(scalars[start...last])
    }

    /// `replacingOccurrences(of:with:)` by UTF-8 bytes, as Foundation matches: `"\r"` is found inside a
    /// `"\r\n"` (a Character comparison would not), `"x"` not in `"x\u{301}"` (a match may not end before a
    /// combining mark). Unlike Foundation, a precomposed `é` does not match a decomposed one. An empty target
    /// leaves the text as is.
    package func replacingAll(_ target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        guard let first = needle.first else { return String(self) }
        let bytes = Array(utf8)
        var output: [UInt8] = []
        var index = 0
        var found = false
        while index < bytes.count {
            if bytes[index] == first, bytes.count - index >= needle.count,
               bytes[index..<index + needle.count].elementsEqual(needle),
               !Self.startsWithCombiningMark(bytes[(index + needle.count)...]) {
                output.append(contentsOf: replacement.utf8)
                index += needle.count
                found = true
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return found ? String(decoding: output, as: UTF8.self) : String(self)
    }

    /// Whether UTF-8 `bytes` begin with a mark (Mn, Mc, Me) that would join the scalar before it.
    private static func startsWithCombiningMark(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let lead = bytes.first, lead >= 0xC0 else { return false }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// `range(of:)` by UTF-8 bytes (see `replacingAll`); nil for an empty target, as Foundation answers.
    package func literalRange(of target: String) -> Range<Index>? {
        let needle = target.utf8
        guard let first = needle.first else { return nil }
        let bytes = utf8
        var start = bytes.startIndex
        while let candidate = bytes[start...].firstIndex(of: first) {
            var end = candidate
            var matched = true
            for byte in needle {
                guard end < bytes.endIndex, bytes[end] == byte else { matched = false; break }
                end = bytes.index(after: end)
            }
            if matched, !Self.startsWithCombiningMark(ArraySlice(bytes[end...].prefix(4))) { return candidate..<end }
            start = bytes.index(after: candidate)
        }
        return nil
    }

    /// `padding(toLength:withPad: " ", startingAt: 0)`: spaces up to `length` UTF-16 units, or cut to them.
    package func paddedWithSpaces(toLength length: Int) -> String {
        let units = utf16.count
        if units >= length { return units == length ? String(self) : String(decoding: Array(utf16.prefix(length)), as: UTF16.self) }
        return String(self) + String(repeating: " ", count: length - units)
    }
}

/// Writes to the standard streams with `write(2)`, unbuffered, as `FileHandle.standardError.write` did.
package enum StandardStream {
    /// Straight from the string's own UTF-8 storage, without a copy into `Data` (a rendered 70 MB body
    /// would otherwise be held twice), retrying partial writes and EINTR. A closed pipe stops the writing.
    package static func write(_ text: String, to descriptor: Int32 = STDERR_FILENO) {
        var text = text
        text.withUTF8 { bytes in
            guard var next = bytes.baseAddress else { return }
            var left = bytes.count
            while left > 0 {
                let written = systemWrite(descriptor, next, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                next += written
                left -= written
            }
        }
    }
}

/// Threads and sleeps without Foundation's `Thread`.
package enum Threads {
    /// `Thread.detachNewThread`: runs `body` on a new detached thread. False when no thread could be
    /// started (the system's limit, no memory): `body` never runs, and the caller decides what that means.
    @discardableResult
    package static func detach(_ body: @escaping @Sendable () -> Void) -> Bool {
        guard let thread = start(Body(body)) else { return false }
        pthread_detach(thread)
        return true
    }

    /// Runs `body` on this thread and at once on `extraThreads` new ones, and returns when every run has
    /// returned. Fewer new threads run when the system cannot start them all (none at all, at worst), so
    /// `body` should take its work from a queue the runs share, and the work gets done whatever the count.
    /// The new threads start on other processors than this thread's, so that none waits behind it for the
    /// scheduler to move it, and are then free to move: on a busy machine a run should not be kept off the
    /// one processor that frees up.
    package static func together(extraThreads: Int, _ body: @escaping @Sendable () -> Void) {
        var threads: [pthread_t] = []
        for _ in 0..<max(0, extraThreads) {
            guard let thread = start(Body(body)) else { break }
            threads.append(thread)
        }
        body()
        for thread in threads { pthread_join(thread, nil) }
    }

    /// `first()` on this thread and `second()` at once on a new one (started as `together`'s are), both
    /// results; `second` runs here after `first` when no thread can be started.
    package static func both<First, Second: Sendable>(
        _ first: () -> First, _ second: @escaping @Sendable () -> Second
    ) -> (First, Second) {
        let result = Mutex<Second?>(nil)
        let thread = start(Body { result.withLock { $0 = second() } })
        let made = first()
        guard let thread else { return (made, second()) }
        pthread_join(thread, nil)
        // The thread has returned, so the result was set.
        return (made, result.withLock { $0.take() } ?? second())
    }

    /// A new joinable thread running `body`, or nil when none could be started: started on another
    /// processor than the caller's when there is one, and then free to run on any the caller may.
    private static func start(_ body: Body) -> pthread_t? {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var allowed = apish_processors()
        if apish_thread_attr_avoid_current_cpu(&attributes, &allowed) == 0 { body.allowed = allowed }
        let box = Unmanaged.passRetained(body)
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { pointer in
            guard let pointer else { return nil }
            let body = Unmanaged<Body>.fromOpaque(pointer).takeRetainedValue()
            if var allowed = body.allowed { apish_thread_allow(&allowed) }
            body.run()
            return nil
        }, box.toOpaque())
        guard started == 0 else {
            box.release()
            return nil
        }
        return thread
    }

    /// Processors online (at least 1).
    package static var processorCount: Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// `Thread.sleep(forTimeInterval:)`.
    package static func sleep(seconds: Double) {
        guard seconds > 0 else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }

    /// What a new thread runs, and the processors it gives itself back once running (set before it starts).
    private final class Body: @unchecked Sendable {
        let run: @Sendable () -> Void
        var allowed: apish_processors?
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}

/// The POSIX error code behind a file error, as `NSError` bridging found it: the error itself (a
/// `POSIXError`, or any error of `NSPOSIXErrorDomain`) or the underlying error a `CocoaError` carries,
/// else the one a Cocoa file error code stands for (`fileWriteVolumeReadOnly` is `EROFS`).
package func posixErrorCode(of error: any Error) -> Int32? {
    for candidate in [error, (error as? CocoaError)?.underlying] {
        if let candidate, candidate._domain == "NSPOSIXErrorDomain" { return Int32(exactly: candidate._code) }
    }
    switch (error as? CocoaError)?.code {
    case .fileNoSuchFile?, .fileReadNoSuchFile?: return ENOENT
    case .fileReadNoPermission?, .fileWriteNoPermission?: return EACCES
    case .fileWriteFileExists?: return EEXIST
    case .fileWriteOutOfSpace?: return ENOSPC
    case .fileWriteVolumeReadOnly?: return EROFS
    default: return nil
    }
}

/// The file system questions Foundation answered through `ObjCBool`.
package enum FileKind {
    /// Whether `path` names a directory (following links); nil when nothing is there.
    package static func isDirectory(_ path: String) -> Bool? {
        var status = stat()
        guard RawBytesText.withCString(path, { stat($0, &status) }) == 0 else { return nil }
        return status.st_mode & S_IFMT == S_IFDIR
    }

    /// `path` with every symbolic link, `.` and `..` resolved (realpath(3)); nil when it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether the real path of `path` is `root`'s real path or inside it: what a server of a folder may
    /// read, however links inside the folder point.
    package static func isInside(_ path: String, realRoot root: String) -> Bool {
        guard let real = realPath(path) else { return false }
        return real == root || real.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}

/// Calendar days and clock times by arithmetic on the proleptic Gregorian calendar, as `DateFormatter`
/// with `en_US_POSIX` writes them.
package enum CivilTime {
    /// `yyyy-MM-dd` in UTC for seconds since 1970.
    package static func isoDay(secondsSince1970 seconds: Double) -> String {
        let (year, month, day) = civil(days: Int((seconds / 86_400).rounded(.down)))
        // `yyyy` writes the year of the era: 1 BC is 1.
        let shown = year > 0 ? year : 1 - year
        return pad(shown, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    /// 1582-10-15, the first Gregorian day: before it `DateFormatter` (ICU) counts Julian dates.
    static let gregorianStart = -141_427

    /// Days since 1970-01-01 of a date on ICU's calendar: Julian before 1582-10-15, Gregorian after.
    package static func days(year: Int, month: Int, day: Int) -> Int {
        let gregorian = gregorianDays(year: year, month: month, day: day)
        return gregorian >= gregorianStart ? gregorian : julianDays(year: year, month: month, day: day)
    }

    /// The date on ICU's calendar of a day since 1970-01-01 (see `days`).
    package static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        days >= gregorianStart ? gregorianCivil(days: days) : julianCivil(days: days)
    }

    /// Days since 1970-01-01 of a proleptic Julian date (1970-01-01 is Julian 1969-12-19).
    static func julianDays(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y >= 0 ? y / 4 : (y - 3) / 4
        let yearOfEra = y - era * 4
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        return era * 1461 + yearOfEra * 365 + dayOfYear - 719_470
    }

    static func julianCivil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_470
        let era = z >= 0 ? z / 1461 : (z - 1460) / 1461
        let dayOfEra = z - era * 1461
        let yearOfEra = (dayOfEra - dayOfEra / 1460) / 365
        let dayOfYear = dayOfEra - 365 * yearOfEra
        let mp = (5 * dayOfYear + 2) / 153
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 4 + (month <= 2 ? 1 : 0), month, dayOfYear - (153 * mp + 2) / 5 + 1)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
    static func gregorianDays(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day since 1970-01-01 (civil_from_days).
    static func gregorianCivil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfYear - (153 * mp + 2) / 5 + 1)
    }

    /// `2026-11-30T18:32:43Z`, as `ISO8601DateFormatter()` writes a date (whole seconds, UTC).
    package static func iso8601(secondsSince1970 seconds: Double) -> String {
        let whole = Int(seconds.rounded(.down))
        let days = Int((Double(whole) / 86_400).rounded(.down))
        let second = whole - days * 86_400
        let (year, month, day) = civil(days: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(second / 3600, 2) + ":"
            + pad(second / 60 % 60, 2) + ":" + pad(second % 60, 2) + "Z"
    }

    package static func iso8601(_ date: Date) -> String {
        iso8601(secondsSince1970: date.timeIntervalSince1970)
    }

    /// `HH:mm:ss` in the local time zone (`TZ`, else /etc/localtime), as `DateFormatter` gives by default.
    package static func localClock(secondsSince1970 seconds: Double) -> String {
        var time = time_t(seconds.rounded(.down))
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return "00:00:00" }
        return pad(Int(parts.tm_hour), 2) + ":" + pad(Int(parts.tm_min), 2) + ":" + pad(Int(parts.tm_sec), 2)
    }

    package static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

