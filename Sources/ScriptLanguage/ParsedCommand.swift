/// One command of a line: its words, and where its input comes from and its output goes when the line
/// says so (`post x < body.json`, `get x | jq .`, `get x > out.json`, `post x <<EOF`).
public struct ParsedCommand: Sendable, Equatable {
    /// Where a command's body comes from, instead of its items.
    public enum Input: Sendable, Equatable {
        /// `< FILE`: the file's bytes.
        case file(Word)
        /// `<<WORD`: the lines that follow, up to a line that is WORD.
        case heredoc(delimiter: String)
    }

    /// Where a command's output goes, instead of standard output.
    public enum Output: Sendable, Equatable {
        /// `| SHELL-COMMAND`: the rest of the line as typed, run by `/bin/sh -c`.
        case pipe(String)
        /// `> FILE`, or `>> FILE` when `append`.
        case file(Word, append: Bool)
    }

    public var words: [Word] = []
    public var input: Input?
    public var output: Output?
    /// The operators as typed, each after a space (` < body.json`, ` | jq .`): for history, recordings and
    /// the story a script tells.
    public var operatorText = ""
    /// Where each word of `words` was typed: its bytes in the line, quotes included.
    package var wordSpans: [Range<Int>] = []
    /// Where text was typed between single quotes, in the words and the operators' files: the bytes inside
    /// the quotes, which the command language reads as they are (`${…}` included).
    package var singleQuotedSpans: [Range<Int>] = []
    /// Where the input's file word was typed (`< FILE`), or the heredoc's closing word.
    package var inputSpan: Range<Int>?
    /// Where the output's file word (`> FILE`) or the pipe's shell command (`| jq .`) was typed.
    package var outputSpan: Range<Int>?
    /// The text after an unquoted `#` that starts a word, when the line ends with a comment: it goes with the
    /// line's last command.
    package var comment: String?

    public init(words: [Word] = [], input: Input? = nil, output: Output? = nil) {
        self.words = words
        self.input = input
        self.output = output
    }

    package var hasOperators: Bool { input != nil || output != nil }
}
