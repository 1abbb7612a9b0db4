import ScriptLanguage

/// A statement as the engine shows, keeps and records it: its words one space apart, then its operators
/// as typed (`ShellEngine.typedLine` and `ParsedCommand.operatorText`), with the statement moved onto that
/// text: every word's, file's and pipe's span is where it stands in the typed text. Built from the spans
/// the statement holds in the line it was read from, so the text is never read again, whatever blanks,
/// `<`, `>`, `|` or heredoc the line had.
struct TypedStatement {
    /// The typed text's bytes.
    let bytes: [UInt8]
    /// The statement, its spans in `bytes`; no secret marked yet.
    let statement: Statement

    /// `statement`, read from `line`, laid out as typed.
    init(_ statement: Statement, in line: String) {
        var line = line
        self = line.withUTF8 { Self.laidOut(statement, line: $0) }
    }

    private init(bytes: [UInt8], statement: Statement) {
        self.bytes = bytes
        self.statement = statement
    }

    private static func laidOut(_ statement: Statement, line: UnsafeBufferPointer<UInt8>) -> TypedStatement {
        let syntax = statement.syntax
        var bytes: [UInt8] = []
        bytes.reserveCapacity(line.count + 8)
        var moved = syntax
        moved.wordSpans = []
        moved.singleQuotedSpans = []
        moved.comment = nil
        for span in syntax.wordSpans {
            if !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
            moved.wordSpans.append(append(line[span], to: &bytes))
        }
        // The operators in the order typed, each after a space; a pipe's shell command without its blanks.
        var operators: [(symbol: String, span: Range<Int>, isInput: Bool)] = []
        if let span = syntax.inputSpan, let input = syntax.input {
            if case .heredoc = input { operators.append(("<<", span, true)) } else { operators.append(("<", span, true)) }
        }
        if let span = syntax.outputSpan, let output = syntax.output {
            switch output {
            case .pipe(let command): operators.append(("|", Self.trimmed(span, to: command, in: line), false))
            case .file(_, let append): operators.append((append ? ">>" : ">", span, false))
            }
        }
        for (symbol, span, isInput) in operators.sorted(by: { $0.span.lowerBound < $1.span.lowerBound }) {
            bytes += Array(" \(symbol)".utf8)
            // A pipe's span starts right after `|`, as the tokenizer's does: its space is the command's.
            let start = bytes.count
            bytes.append(UInt8(ascii: " "))
            let target = append(line[span], to: &bytes)
            if isInput {
                moved.inputSpan = target
            } else {
                moved.outputSpan = symbol == "|" ? start..<target.upperBound : target
            }
        }
        let keywords = statement.keywordSpans.compactMap { keyword in
            syntax.wordSpans.firstIndex(of: keyword).map { moved.wordSpans[$0] }
        }
        return TypedStatement(bytes: bytes, statement: Statement(
            syntax: moved, location: statement.location, command: statement.command, reading: statement.reading,
            keywordSpans: keywords, secretSpans: []))
    }

    /// Appends the bytes and says where they went.
    private static func append(_ slice: Slice<UnsafeBufferPointer<UInt8>>, to bytes: inout [UInt8]) -> Range<Int> {
        let start = bytes.count
        bytes += slice
        return start..<bytes.count
    }

    /// The bytes of `span` that are the pipe's shell command as the tokenizer keeps it (`ParsedCommand.Output.pipe`),
    /// without the blanks around it.
    private static func trimmed(_ span: Range<Int>, to command: String, in line: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let length = command.utf8.count
        // The command starts with no blank, so it is found first where the blanks before it end.
        var start = span.lowerBound
        while start + length <= span.upperBound, !line[start..<(start + length)].elementsEqual(command.utf8) { start += 1 }
        return start + length <= span.upperBound ? start..<(start + length) : span
    }
}
