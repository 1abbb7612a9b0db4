import APIDescriptions
import Facade
import FoundationFree
import HTTPClient
import HTTPTypes
import JSON
import ScriptLanguage
import Shell
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `edit [OPERATION [ARG…] [ITEM…]]`: the last request's body, or an operation's example body, in the user's
/// editor; saved and closed, it is sent: the last request again with the edited body, or `call OPERATION`
/// with the body's members as its fields.
struct EditCommand: Command {
    let name = "edit"
    let abstract = "Edit the last request's body (or an operation's example body) in $VISUAL or $EDITOR, then send it"
    static let operation = Positional("OPERATION", .operation, .optional, help: "an operation whose example body is edited (else the last request's body)")
    static let values = Positional("ARG", .text, .many, help: "its path parameters, as call takes them")

    var signature: CommandSignature {
        CommandSignature([Self.operation, Self.values], options: CallCommand.options, items: .request)
    }
    let details = [
        "edit              the last request's body; saved, the request goes again with it",
        "                  (the same method, URL, headers and credentials)",
        "edit createPet    the operation's example body (call createPet --example);",
        "                  saved, it goes as call createPet, its members as fields",
        "edit OPERATION ARG… ITEM…   ARGs and ITEMs go to call as typed",
        "The editor is $VISUAL, else $EDITOR, else vi; the file is private (0600),",
        "in $XDG_RUNTIME_DIR, else $TMPDIR, else /tmp.",
        "Not saved, the editor failing, or Ctrl-C: nothing is sent.",
        "Not JSON, or refused by call's checks: nothing is sent and the file is kept;",
        "the same edit again opens it (the file goes when the session ends).",
    ]

    func completion(after previous: [String], session: Session) -> ArgumentCompletion {
        previous.isEmpty ? signature.completion(after: previous, session: session) : CallCommand().completion(after: previous, session: session)
    }

    func completeValue(of item: String, previous: [String], session: Session) -> [String] {
        CallCommand().completeValue(of: item, previous: previous, session: session)
    }

    /// As `call`'s: the items that fill an operation's declared credential parameters (the words read as
    /// `call` reads them, whose options `edit` does not all take).
    func secretArguments(_ reading: ArgumentReading, session: Session) -> [SecretArgument] {
        let call = CallCommand()
        guard !reading.arguments.words.isEmpty, let asCall = call.signature.bestReading(reading.arguments.words) else { return [] }
        return call.secretArguments(asCall, session: session)
    }

    func run(_ arguments: ParsedArguments, in context: CommandContext) throws(CommandError) -> RunResult {
        let session = context.session
        let target: EditTarget = arguments.words.isEmpty ? .lastRequest(session.facade.requests.exchangeCount) : .operation(arguments.words)
        let body = try editableBody(for: target, session: session)
        // A body kept after a mistake is opened again, as it was left, when it is the same edit.
        let file: EditFile
        let reopened: Bool
        if let kept = session.keptEdit, kept.target == target, kept.file.exists {
            file = kept.file
            reopened = true
        } else {
            file = try EditFile.create(body.text, suffix: body.isJSON ? ".json" : ".txt", environment: session.environment)
            reopened = false
        }
        let limit = session.options.maxInputBytes
        let before = (stamp: file.stamp, bytes: try file.read(limit: limit))
        let editor = ExternalEditor(environment: session.environment)
        let interruption = context.cancellationToken()
        let ending = editor.edit(file.path, interrupted: { interruption.isCancelled })
        /// Nothing is sent: the file goes unless it holds earlier work.
        func nothingSent(_ why: String) -> String {
            if reopened { return "edit: \(why); nothing sent (still kept in \(file.path))" }
            file.remove()
            return "edit: \(why); nothing sent"
        }
        if let failure = Self.failure(of: ending, editor: editor) { throw CommandError(nothingSent(failure)) }
        let edited = try file.read(limit: limit)
        guard edited != before.bytes || file.stamp != before.stamp else {
            return RunResult(lines: [nothingSent("the file was not saved")])
        }
        let payload = body.endsWithNewline ? edited : Self.withoutFinalNewline(edited)
        /// Nothing was sent: the edited file is kept for the same `edit` to open again, and the line says where.
        func kept(_ why: String) -> CommandError {
            session.keptEdit = KeptEdit(file: file, target: target)
            return CommandError("edit: \(why); nothing sent, the edited body is kept in \(file.path) (edit again to go on)")
        }
        if body.isJSON {
            do {
                _ = try JSONValue.parse(payload)
            } catch {
                throw kept("the edited body is not JSON (\(error.description))")
            }
        }
        let send: () throws(CommandError) -> RunResult
        switch target {
        case .lastRequest:
            send = { () throws(CommandError) in
                let facade = session.facade
                var result = try context.streamingRequest("edit", forced: false) { token throws(FacadeError) in
                    try facade.requests.resendLast(body: body.make(payload), cancellation: token)
                }
                if let exchange = result.exchange, let warning = RawBody.unparsedJSONWarning(exchange) { result.warnings.append(warning) }
                result.recordedLine = Self.unrecordedNote
                return result
            }
        case .operation(let words):
            let fields: [String]
            do {
                fields = try Self.fields(of: payload)
            } catch {
                throw kept(error.message)
            }
            send = { () throws(CommandError) in
                var result = try CallCommand().run(words: words + fields, in: context)
                // A recording replays the call itself, not the editor.
                result.recordedLine = try? (["call"] + words + fields).map { word throws(TokenizerError) in try Tokenizer.quote(word) }
                    .joined(separator: " ")
                return result
            }
        }
        // A request refused before it went (a check of `call`, a target gone) keeps the edit too.
        let result: RunResult
        do {
            result = try send()
        } catch {
            throw kept(error.message)
        }
        file.remove()
        session.keptEdit = nil
        return result
    }

    /// Why an edit that ended so sends nothing; nil when the editor exited 0.
    static func failure(of ending: ExternalEditor.Ending, editor: ExternalEditor) -> String? {
        switch ending {
        case .exited(0): nil
        case .exited(let code): "the editor (\(editor.command)) exited with status \(code)" + (code == 127 ? " (command not found)" : "")
        case .signalled(let signal): "the editor (\(editor.command)) was stopped by signal \(signal)"
        case .interrupted: "stopped by Ctrl-C"
        case .cannotStart(let reason): "cannot start the editor (\(editor.command)): \(reason)"
        }
    }

    /// What the editor is given for `target`, and how the edited bytes go back.
    private func editableBody(for target: EditTarget, session: Session) throws(CommandError) -> EditableBody {
        switch target {
        case .lastRequest:
            guard let last = session.facade.requests.lastExchange else {
                throw CommandError("edit: no request yet; send one first, or edit OPERATION to start from an operation's example body")
            }
            return try EditableBody(last.request.body, request: "\(last.method) \(last.displayURL)")
        case .operation(let words):
            let (name, _) = CallLine.operationName(words)
            let (operation, example) = try HelpCommand.exampleRequestBody(of: name, session: session)
            guard let example else {
                throw CommandError("edit: \(operation.displayName) takes no request body; send it with call \(name)")
            }
            return EditableBody(text: Data((example.encoded(pretty: true) + "\n").utf8), isJSON: true, endsWithNewline: false,
                                make: HTTPBody.json)
        }
    }

    /// The members of an edited JSON object as `call`'s body fields, `name:=json` each.
    static func fields(of payload: Data) throws(CommandError) -> [String] {
        guard case .object(let object) = try? JSONValue.parse(payload) else {
            throw CommandError("call sends a body as its fields, so the edited body must be a JSON object")
        }
        return try zip(object.keys, object.values).map { name, value throws(CommandError) in
            // An item is split at its first `:`, `=` or `@`: a member named with one cannot be told apart.
            guard !name.isEmpty, !name.contains(where: { ":=@".contains($0) }) else {
                throw CommandError("the member \(JSONValue.string(name).encoded()) cannot be a field of call (its name holds : = or @)")
            }
            return name + ":=" + value.encoded()
        }
    }

    /// What a recording keeps of `edit`: a replay would open an editor, and the request it sent again
    /// has no line of its own to replay.
    static let unrecordedNote = "# edit: the last request went again with an edited body here (not replayable: record that request itself)"

    /// Editors end a file with a newline; a body that had none is sent without it.
    static func withoutFinalNewline(_ data: Data) -> Data {
        var data = data
        if data.last == UInt8(ascii: "\n") {
            data.removeLast()
            if data.last == UInt8(ascii: "\r") { data.removeLast() }
        }
        return data
    }
}

/// A request body as the editor gets it: its text, whether it must be JSON, and the body the edited bytes make.
struct EditableBody {
    let text: Data
    let isJSON: Bool
    /// Whether the body ended with a newline (else the one an editor adds is not sent).
    let endsWithNewline: Bool
    let make: (Data) -> HTTPBody

    init(text: Data, isJSON: Bool, endsWithNewline: Bool, make: @escaping (Data) -> HTTPBody) {
        self.text = text
        self.isJSON = isJSON
        self.endsWithNewline = endsWithNewline
        self.make = make
    }

    /// The body of a request sent before (`request` names it in errors). JSON is given pretty; a form as
    /// its encoded text, sent back as typed; other bytes as they are, with their content type.
    init(_ body: HTTPBody, request: String) throws(CommandError) {
        let endsWithNewline = body.data.last == UInt8(ascii: "\n")
        switch body {
        case .none:
            throw CommandError("edit: the last request (\(request)) has no body; edit OPERATION starts from an operation's example body")
        case .multipart:
            throw CommandError("edit: the last request's body is multipart/form-data; change its parts on the command line (--form name=value field@FILE)")
        case .json(let data):
            let pretty = (try? JSONValue.parse(data)).map { Data(($0.encoded(pretty: true) + "\n").utf8) } ?? data
            self.init(text: pretty, isJSON: true, endsWithNewline: endsWithNewline, make: HTTPBody.json)
        case .form:
            self.init(text: body.data, isJSON: false, endsWithNewline: endsWithNewline) { .raw($0, contentType: "application/x-www-form-urlencoded") }
        case .raw(let data, let contentType), .file(let data, let contentType, _):
            self.init(text: data, isJSON: BodyMediaType.isJSON(contentType), endsWithNewline: endsWithNewline) {
                .raw($0, contentType: contentType)
            }
        }
    }
}
