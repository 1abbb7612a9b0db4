import ScriptLanguage

extension Statement {
    /// Each secret span with the environment variable a recording writes in its place: the one the
    /// positional holding it declares (`auth bearer TOKEN`: `APISH_BEARER`, `auth key NAME=VALUE`:
    /// `APISH_API_KEY`), else `APISH_SECRET` (a credential item, a secret option, `set token X`), and
    /// whether it was typed between single quotes (`auth key 'k=a b'`), where a reference would be text.
    package var recordedSecrets: [(span: Range<Int>, variable: String, isSingleQuoted: Bool)] {
        guard !secretSpans.isEmpty else { return [] }
        let spans = syntax.wordSpans
        return secretSpans.map { secret in
            (secret, declaredVariable(of: secret, spans: spans, reading: reading) ?? Recorder.secretPlaceholder,
             syntax.singleQuotedSpans.contains { $0.contains(secret.lowerBound) })
        }
    }

    private func declaredVariable(of secret: Range<Int>, spans: [Range<Int>], reading: ArgumentReading?) -> String? {
        guard let reading,
              let word = spans.indices.dropFirst().first(where: { spans[$0].contains(secret.lowerBound) }),
              reading.arguments.roles.indices.contains(word - 1),
              case .positional(let name) = reading.arguments.roles[word - 1] else { return nil }
        return reading.form.positionals.first { $0.placeholder == name }?.recordedAs
    }
}
