/// A command's arguments read once by its signature: the form they fit (for words that fit none, as a line
/// that is wrong or still being typed, the first form tried) and what each word was read as. A statement
/// carries it, so the command's declared secrets, the recorder's references and the engine read this
/// value instead of reading the words again.
public struct ArgumentReading: Sendable {
    /// The form the words were read by.
    public let form: ArgumentForm
    /// The words (as typed, without the command's name; a `$variable` as written), by role and name.
    public let arguments: ParsedArguments
    /// Whether the words fit `form`: what `CommandSignature.parse` reads them as, when true.
    public let fits: Bool

    package init(form: ArgumentForm, arguments: ParsedArguments, fits: Bool) {
        self.form = form
        self.arguments = arguments
        self.fits = fits
    }
}
