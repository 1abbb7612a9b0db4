/// A provider's ``Completion`` translated into what libedit's completer expects.
///
/// libedit decides for itself which word Tab completes (it scans back from the cursor to a word-break
/// character) and replaces exactly that word with `matches[0]`, listing `matches[1...]` when there is
/// more than one. The provider instead says where *its* word starts (`replaceFrom`). This type
/// reconciles the two, working in Unicode scalars because libedit's offsets count wide characters.
struct CompletionMatches: Equatable {
    /// Replaces libedit's word (`wordStart..<cursor`): the text kept between libedit's word start and
    /// the provider's, then the single candidate or the candidates' common prefix.
    var replacement: String
    /// The candidates to list on a second Tab; empty when there is exactly one.
    var alternatives: [String]

    init(replacement: String, alternatives: [String]) {
        self.replacement = replacement
        self.alternatives = alternatives
    }

    /// - Parameters:
    ///   - line: the line being edited.
    ///   - wordStart: scalar offset where libedit's word starts.
    ///   - cursor: scalar offset of the cursor.
    ///   - completion: the provider's answer.
    /// - Returns: nil when there is nothing to insert or list.
    init?(line: String, wordStart: Int, cursor: Int, completion: Completion) {
        let scalars = Array(line.unicodeScalars)
        let cursor = min(max(cursor, 0), scalars.count)
        let wordStart = min(max(wordStart, 0), cursor)
        let replaceFrom = min(line.prefix(max(completion.replaceFrom, 0)).unicodeScalars.count, cursor)

        var seen = Set<String>()
        var candidates = completion.candidates.filter { !$0.isEmpty && seen.insert($0).inserted }
        var kept: [Unicode.Scalar] = []
        var typed = Array(scalars[replaceFrom..<cursor])
        if replaceFrom >= wordStart {
            kept = Array(scalars[wordStart..<replaceFrom])
        } else {
            // The provider's word starts before libedit's, which can only replace from wordStart: keep
            // the candidates that agree with the text in between and offer the rest of each.
            let fixed = scalars[replaceFrom..<wordStart]
            candidates = candidates.compactMap { candidate in
                let candidateScalars = Array(candidate.unicodeScalars)
                guard candidateScalars.starts(with: fixed) else { return nil }
                return String(String.UnicodeScalarView(candidateScalars.dropFirst(fixed.count)))
            }
            typed = Array(scalars[wordStart..<cursor])
        }
        guard let first = candidates.first else { return nil }

        let prefix = String(String.UnicodeScalarView(kept))
        if candidates.count == 1 {
            replacement = prefix + first
            alternatives = []
            return
        }
        var common = Substring(first)
        for candidate in candidates.dropFirst() {
            common = common.commonPrefix(with: candidate)
        }
        // A common part that does not extend what was typed (the provider matched case-insensitively,
        // say) would delete the user's text; leave it and let the second Tab list the choices.
        let extendsTyped = Array(common.unicodeScalars).starts(with: typed)
        replacement = prefix + (extendsTyped ? String(common) : String(String.UnicodeScalarView(typed)))
        alternatives = candidates
    }
}

extension Substring {
    fileprivate func commonPrefix(with other: String) -> Substring {
        var end = startIndex
        var otherIndex = other.startIndex
        while end < endIndex, otherIndex < other.endIndex, self[end] == other[otherIndex] {
            end = index(after: end)
            otherIndex = other.index(after: otherIndex)
        }
        return self[startIndex..<end]
    }
}
