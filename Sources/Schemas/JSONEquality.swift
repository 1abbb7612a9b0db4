import JSON
/// JSON's equality, for `enum`, `const` and `uniqueItems`: strings and member names by their code points
/// (Swift's `String ==` would call `"ä"` and `"a\u{308}"` equal), numbers by value (`1` is `1.0`, big integers
/// exactly), objects whatever their members' order, arrays element by element. `true` is not `1`.
package enum JSONEquality {
    package static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null):
            return true
        case let (.bool(left), .bool(right)):
            return left == right
        case let (.number(left), .number(right)):
            return left == right
        case let (.string(left), .string(right)):
            return JSONObject.same(left, right)
        case let (.array(left), .array(right)):
            return left.count == right.count && left.elementsEqual(right, by: equal)
        case let (.object(left), .object(right)):
            guard left.count == right.count else { return false }
            for (key, value) in left {
                guard let other = right[key], equal(value, other) else { return false }
            }
            return true
        default:
            return false
        }
    }

    /// A value hashed and compared by JSON's equality, for sets of them.
    package struct Key: Hashable, Sendable {
        let value: JSONValue

        package init(_ value: JSONValue) {
            self.value = value
        }

        package static func == (lhs: Key, rhs: Key) -> Bool {
            JSONEquality.equal(lhs.value, rhs.value)
        }

        package func hash(into hasher: inout Hasher) {
            JSONEquality.hash(value, into: &hasher)
        }
    }

    private static func hash(_ value: JSONValue, into hasher: inout Hasher) {
        switch value {
        case .null:
            hasher.combine(0)
        case .bool(let bool):
            hasher.combine(1)
            hasher.combine(bool)
        case .number(let number):
            hasher.combine(2)
            hasher.combine(number)
        case .string(let string):
            hasher.combine(3)
            for byte in string.utf8 { hasher.combine(byte) }
        case .array(let elements):
            hasher.combine(4)
            hasher.combine(elements.count)
            for element in elements { hash(element, into: &hasher) }
        case .object(let object):
            // Order-independent: each member's hash combined commutatively.
            var combined = 0
            for (key, member) in object {
                var memberHasher = Hasher()
                for byte in key.utf8 { memberHasher.combine(byte) }
                hash(member, into: &memberHasher)
                combined ^= memberHasher.finalize()
            }
            hasher.combine(5)
            hasher.combine(object.count)
            hasher.combine(combined)
        }
    }
}
