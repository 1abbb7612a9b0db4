/// A value of a parsed document read where it is, on its tape, without building a tree: what a schema
/// check walks. Copying one costs nothing (two pointers and an entry). Valid only inside
/// `JSONDocument.withTapeValue`, which keeps the tape alive.
package struct JSONTapeValue {
    let reader: JSONTapeReader
    /// The value's entry on the tape: unique within the document.
    package let entry: Int

    init(reader: JSONTapeReader, entry: Int) {
        self.reader = reader
        self.entry = entry
    }

    package var isNull: Bool { reader.kind(entry) == .null }
    package var isBool: Bool { reader.kind(entry) == .true || reader.kind(entry) == .false }
    package var isObject: Bool { reader.kind(entry) == .object }
    package var isArray: Bool { reader.kind(entry) == .array }
    package var isNumber: Bool { reader.kind(entry) == .number }
    package var isString: Bool { reader.kind(entry) == .string || reader.kind(entry) == .escapedString }

    package var number: JSONNumber? {
        reader.kind(entry) == .number ? reader.number(entry) : nil
    }

    package var string: String? {
        switch reader.kind(entry) {
        case .string, .escapedString: reader.string(entry)
        default: nil
        }
    }

    /// The number of code points of a string, counted on its text (escapes decoded only when it has some).
    package var stringLength: Int? {
        switch reader.kind(entry) {
        case .string:
            let raw = reader.rawText(entry)
            if reader.tape.isASCII(entry) { return raw.count }
            var count = 0
            for byte in raw where byte & 0xC0 != 0x80 { count += 1 }
            return count
        case .escapedString:
            return reader.string(entry).unicodeScalars.count
        default:
            return nil
        }
    }

    /// The value as a tree, for what compares whole values (`enum`, `const`) or shows one.
    package var tree: JSONValue { reader.value(entry) }

    /// The number of elements of an array; 0 for anything else.
    package var elementCount: Int { reader.kind(entry) == .array ? reader.count(entry) : 0 }

    /// The array's elements in order; nothing for anything else.
    package var elements: Elements {
        Elements(reader: reader, children: reader.kind(entry) == .array ? reader.children(entry) : nil)
    }

    package struct Elements: Sequence, IteratorProtocol {
        let reader: JSONTapeReader
        var children: JSONTapeChildren?

        package mutating func next() -> JSONTapeValue? {
            guard let element = children?.next() else { return nil }
            return JSONTapeValue(reader: reader, entry: element)
        }
    }

    /// How many values this one holds, itself included, counting no further than `limit`; keys count once
    /// with their value, as a tree's members do.
    package func valueCount(upTo limit: Int) -> Int {
        var count = 0
        var entry = self.entry
        let end = reader.next(self.entry)
        while entry < end, count < limit {
            count += 1
            // An object's keys are entries too, but not values: each is counted back.
            if reader.kind(entry) == .object { count -= reader.count(entry) }
            entry += 1
        }
        return min(count, limit)
    }

    /// The object, its members read where they are; nil when the value is not an object.
    package var object: Object? {
        reader.kind(entry) == .object ? Object(reader: reader, entry: entry) : nil
    }

    /// An object on the tape. A member's position is its key's entry: unique within the document, so what a
    /// check evaluated can be kept by position. A key written twice counts once, at its first key with its
    /// last value, as in `JSONObject`.
    package struct Object {
        let reader: JSONTapeReader
        let entry: Int
        /// Nil when no key is written twice: members are then found by one scan from where the last one
        /// was. Otherwise the members once each, listed once when the object is looked at, with their names.
        private let repeated: [Member]?

        typealias Member = (key: Int, value: Int, name: String)

        init(reader: JSONTapeReader, entry: Int) {
            self.reader = reader
            self.entry = entry
            if reader.keysAreDistinct(entry) {
                repeated = nil
            } else {
                repeated = reader.members(of: entry).map { ($0.key, $0.value, reader.string($0.key)) }
            }
        }

        package var count: Int { repeated?.count ?? reader.count(entry) }

        /// The member named `name`: its position and value. `after` is the position of the member found
        /// before, where objects written in their schema's order have the next one.
        package func member(named name: String, after: Int?) -> (position: Int, value: JSONTapeValue)? {
            if let repeated {
                guard let member = repeated.first(where: { JSONObject.same($0.name, name) }) else { return nil }
                return (member.key, JSONTapeValue(reader: reader, entry: member.value))
            }
            let start = after.map { reader.next($0 + 1) } ?? entry + 1
            guard let value = reader.member(ofDistinct: entry, named: name, from: start) else { return nil }
            return (value - 1, JSONTapeValue(reader: reader, entry: value))
        }

        package func has(_ name: String) -> Bool {
            member(named: name, after: nil) != nil
        }

        /// The members in order: position, name and value.
        package var members: Members {
            Members(reader: reader, children: repeated == nil ? reader.children(entry) : nil, listed: repeated?[...])
        }

        package struct Members: Sequence, IteratorProtocol {
            let reader: JSONTapeReader
            var children: JSONTapeChildren?
            var listed: ArraySlice<Member>?

            package mutating func next() -> (position: Int, key: String, value: JSONTapeValue)? {
                if let key = children?.next() {
                    return (key, reader.string(key), JSONTapeValue(reader: reader, entry: key + 1))
                }
                guard let member = listed?.popFirst() else { return nil }
                return (member.key, member.name, JSONTapeValue(reader: reader, entry: member.value))
            }
        }
    }
}

extension JSONDocument {
    /// Runs `body` with the whole document as a `JSONTapeValue`; the value must not escape it.
    package func withTapeValue<Result>(_ body: (JSONTapeValue) throws -> Result) rethrows -> Result {
        try read { reader in try body(JSONTapeValue(reader: reader, entry: 0)) }
    }
}
