import Synchronization
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The last small body each model was decoded from, with the model it gave: the same bytes again (a
/// `refresh` of a resource that has not changed, a replayed script) give that model without being parsed
/// and decoded again, which was a tenth of the CPU of a small answer's whole line (replay row of
/// `scripts/bench`). Decoding is a pure function of the bytes and the model's type, so the memo only ever
/// answers what decoding would; a body that did not decode is never remembered.
enum ModelMemo {
    /// Larger bodies are not remembered: their parse costs far more than a line's overhead, and the memo
    /// would keep them alive.
    static let largestBody = 16 * 1024
    /// Model types are a program's own (`WeatherV2`, `Envelope<[Twit]>`), so this bound is never reached in
    /// practice; it keeps the memo bounded whatever calls it.
    static let mostModels = 64

    private struct Key: Hashable {
        let type: ObjectIdentifier
        let name: String
    }

    private struct Entry {
        let body: Data
        let model: DecodedModel
    }

    private static let entries = Mutex<[Key: Entry]>([:])

    /// The model `body` decoded into last time, when it was the last body decoded as `type` named `name`.
    static func model<T>(_ type: T.Type, named name: String, body: Data) -> (DecodedModel, T)? {
        guard let model = model(of: ObjectIdentifier(type), named: name, body: body), let value = model.value as? T else {
            return nil
        }
        return (model, value)
    }

    /// The same, without the typed value: made for no type, so it asks the runtime for no type's metadata.
    static func model(of type: ObjectIdentifier, named name: String, body: Data) -> DecodedModel? {
        guard body.count <= largestBody else { return nil }
        let key = Key(type: type, name: name)
        guard let entry = entries.withLock({ $0[key] }), entry.body == body else { return nil }
        return entry.model
    }

    /// Remembers what `body` decoded into as `type` named `name`, in place of the last one.
    static func remember<T>(_ model: DecodedModel, as type: T.Type, named name: String, body: Data) {
        guard body.count <= largestBody else { return }
        let key = Key(type: ObjectIdentifier(type), name: name)
        entries.withLock { entries in
            if entries[key] == nil, entries.count >= mostModels { entries.removeAll() }
            entries[key] = Entry(body: body, model: model)
        }
    }
}
