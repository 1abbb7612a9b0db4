/// A fixed list of words (the keywords of JSON Schema or OpenAPI) and where each stands in it, looked up by
/// comparing a text only with the few words of its length in bytes. A dictionary hashes every text it is
/// asked for, which cost three times as much for the keys of a large description; a `switch` on strings
/// compares a text with each word in turn.
package struct WordIndex: Sendable {
    /// Per length in bytes, the words of that length and their positions in the list.
    private let byLength: [[(word: String, position: Int)]]

    /// `words`, each found at its position in the list; a word listed twice is found at its first.
    package init(_ words: [String]) {
        var table: [[(word: String, position: Int)]] = []
        for (position, word) in words.enumerated() {
            let length = word.utf8.count
            if length >= table.count { table += Array(repeating: [], count: length + 1 - table.count) }
            if !table[length].contains(where: { $0.word == word }) { table[length].append((word, position)) }
        }
        byLength = table
    }

    /// Whether `text` is one of the words.
    package func contains(_ text: String) -> Bool {
        position(of: text) != nil
    }

    /// The position of `text` in the list, or nil when it is none of the words. A text of another length in
    /// bytes is never found, even one that `==` calls equal (the same letters in other code points), which
    /// for the ASCII keywords of a description is the same answer as a dictionary's.
    package func position(of text: String) -> Int? {
        let length = text.utf8.count
        guard length < byLength.count else { return nil }
        for entry in byLength[length] where entry.word == text { return entry.position }
        return nil
    }
}
