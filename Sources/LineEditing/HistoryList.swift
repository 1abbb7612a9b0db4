/// The in-memory history shared by both readers: redaction, skipping and the cap live here only.
struct HistoryList {
    private(set) var entries: [String] = []
    let capacity: Int
    private let redact: (String) -> String

    init(capacity: Int, redact: @escaping (String) -> String) {
        self.capacity = max(0, capacity)
        self.redact = redact
    }

    /// The entries redacted again with what is known now: a line kept before its value became a secret
    /// (`set mytok X`, then `auth bearer $mytok`) is masked before it reaches the file.
    var redactedAgain: [String] {
        entries.map(redact)
    }

    /// Redacts before anything else, so a secret never lands in memory even briefly.
    /// Returns whether an entry was appended.
    ///
    /// Trailing blanks are dropped: Tab completion leaves one after most commands, libedit drops it
    /// anyway when recalling an entry, and `help` and `help ` are the same command.
    @discardableResult
    mutating func add(_ line: String) -> Bool {
        var entry = redact(line)
        while let last = entry.last, last == " " || last == "\t" {
            entry.removeLast()
        }
        guard capacity > 0,
              entry.contains(where: { !$0.isWhitespace }),
              entry != entries.last
        else { return false }
        entries.append(entry)
        if entries.count > capacity {
            entries.removeFirst(entries.count - capacity)
        }
        return true
    }
}
