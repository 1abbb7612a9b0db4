import FoundationFree
import JSON

extension SchemaComparison {
    /// One step below the compared root: a property, or the items of an array.
    enum Step: Hashable {
        case property(String)
        case items
    }

    /// What changed, before it is named for where it sits.
    enum Kind: Hashable {
        case typeChanged, typeGeneralized, typeSpecialized, formatChanged
        case becameNullable, becameNotNullable
        case enumValueRemoved, enumValueAdded, becameEnum
        case patternAdded, patternRemoved, patternChanged
        case maxLengthDecreased, maxLengthIncreased, maxLengthSet, maxLengthUnset, minLengthIncreased, minLengthDecreased
        case maxDecreased, maxIncreased, maxSet, maxUnset, minIncreased, minDecreased, minSet, minUnset
        case defaultAdded, defaultRemoved, defaultChanged
        case deprecated, reactivated
        case maxItemsDecreased, maxItemsIncreased, minItemsIncreased, minItemsDecreased, minItemsSet, minItemsUnset
        /// A branch of `allOf`/`anyOf`/`oneOf` (by keyword), an `if`/`then`/`else` or a `discriminator`.
        case subschemaAdded(String), subschemaRemoved(String)
        case discriminatorPropertyNameChanged, discriminatorMappingAdded, discriminatorMappingDeleted
        /// A property's `readOnly`/`writeOnly` (`keyword`) set or unset; `required` in the older document.
        case became(keyword: String, set: Bool, required: Bool)
        /// A property: `required` in the document that has it, `writeOnly` (answers) as declared.
        case propertyRemoved(required: Bool, writeOnly: Bool)
        case propertyAdded(required: Bool, writeOnly: Bool, hasDefault: Bool)
        case becameRequired(writeOnly: Bool)
        case becameOptional(writeOnly: Bool)

        /// The words the text and the reports show: `type changed`, `maxLength decreased`.
        var text: String {
            switch self {
            case .typeChanged: "type changed"
            case .typeGeneralized: "type widened"
            case .typeSpecialized: "type narrowed"
            case .formatChanged: "format changed"
            case .becameNullable: "now nullable"
            case .becameNotNullable: "no longer nullable"
            case .enumValueRemoved: "enum value removed"
            case .enumValueAdded: "enum value added"
            case .becameEnum: "now an enum"
            case .patternAdded: "pattern added"
            case .patternRemoved: "pattern removed"
            case .patternChanged: "pattern changed"
            case .maxLengthDecreased: "maxLength decreased"
            case .maxLengthIncreased: "maxLength increased"
            case .maxLengthSet: "maxLength set"
            case .maxLengthUnset: "maxLength removed"
            case .minLengthIncreased: "minLength increased"
            case .minLengthDecreased: "minLength decreased"
            case .maxDecreased: "maximum decreased"
            case .maxIncreased: "maximum increased"
            case .maxSet: "maximum set"
            case .maxUnset: "maximum removed"
            case .minIncreased: "minimum increased"
            case .minDecreased: "minimum decreased"
            case .minSet: "minimum set"
            case .minUnset: "minimum removed"
            case .defaultAdded: "default added"
            case .defaultRemoved: "default removed"
            case .defaultChanged: "default changed"
            case .deprecated: "deprecated"
            case .reactivated: "no longer deprecated"
            case .maxItemsDecreased: "maxItems decreased"
            case .maxItemsIncreased: "maxItems increased"
            case .minItemsIncreased: "minItems increased"
            case .minItemsDecreased: "minItems decreased"
            case .minItemsSet: "minItems set"
            case .minItemsUnset: "minItems removed"
            case .subschemaAdded(let keyword): "\(keyword) added"
            case .subschemaRemoved(let keyword): "\(keyword) removed"
            case .discriminatorPropertyNameChanged: "discriminator propertyName changed"
            case .discriminatorMappingAdded: "discriminator mapping added"
            case .discriminatorMappingDeleted: "discriminator mapping removed"
            case .became(let keyword, let set, _): set ? "now \(keyword)" : "no longer \(keyword)"
            case .propertyRemoved: "removed"
            case .propertyAdded: "added"
            case .becameRequired: "now required"
            case .becameOptional: "no longer required"
            }
        }

        /// The id's last words for a change at a schema (`type-changed`); nil for the property kinds, whose
        /// ids are whole (`new-required-request-property`).
        var suffix: String? {
            switch self {
            case .typeChanged: "type-changed"
            case .typeGeneralized: "type-generalized"
            case .typeSpecialized: "type-specialized"
            case .formatChanged: "format-changed"
            case .becameNullable: "became-nullable"
            case .becameNotNullable: "became-not-nullable"
            case .enumValueRemoved: "enum-value-removed"
            case .enumValueAdded: "enum-value-added"
            case .becameEnum: "became-enum"
            case .patternAdded: "pattern-added"
            case .patternRemoved: "pattern-removed"
            case .patternChanged: "pattern-changed"
            case .maxLengthDecreased: "max-length-decreased"
            case .maxLengthIncreased: "max-length-increased"
            case .maxLengthUnset: "max-length-unset"
            case .maxLengthSet: "max-length-set"
            case .minLengthIncreased: "min-length-increased"
            case .minLengthDecreased: "min-length-decreased"
            case .maxDecreased: "max-decreased"
            case .maxIncreased, .maxUnset: "max-increased"
            case .maxSet: "max-set"
            case .minIncreased: "min-increased"
            case .minDecreased, .minUnset: "min-decreased"
            case .minSet: "min-set"
            case .defaultAdded: "default-value-added"
            case .defaultRemoved: "default-value-removed"
            case .defaultChanged: "default-value-changed"
            case .deprecated: "deprecated"
            case .reactivated: "reactivated"
            case .maxItemsDecreased: "max-items-decreased"
            case .maxItemsIncreased: "max-items-increased"
            case .minItemsIncreased: "min-items-increased"
            case .minItemsDecreased: "min-items-decreased"
            case .minItemsSet: "min-items-set"
            case .minItemsUnset: "min-items-unset"
            case .subschemaAdded(let keyword): Self.idWords(keyword) + "-added"
            case .subschemaRemoved(let keyword): Self.idWords(keyword) + "-removed"
            case .discriminatorPropertyNameChanged: "discriminator-property-name-changed"
            case .discriminatorMappingAdded: "discriminator-mapping-added"
            case .discriminatorMappingDeleted: "discriminator-mapping-deleted"
            case .propertyRemoved, .propertyAdded, .becameRequired, .becameOptional, .became: nil
            }
        }

        /// `allOf` → `all-of`, `readOnly` → `read-only`.
        static func idWords(_ keyword: String) -> String {
            var words = ""
            for character in keyword {
                if character.isUppercase { words += "-" + character.lowercased() } else { words.append(character) }
            }
            return words
        }
    }

    struct Change {
        /// Steps from the compared root, outermost first.
        var steps: [Step]
        let kind: Kind
        let context: Context
        let a: String?
        let b: String?

        var change: String { kind.text }

        /// The rule's id: the context's prefix for a change at the root (`request-body-`) or below it
        /// (`request-property-`), else the whole id of a property kind. A root change with no rule of
        /// its own (`request-body-pattern-added`) takes its property rule's.
        var id: String {
            // The items of an array at the root are still the body (or parameter), not a property.
            let root = !steps.contains { if case .property = $0 { true } else { false } }
            let request = context.isRequest
            switch kind {
            case .propertyRemoved(let required, let writeOnly):
                if request { return "request-property-removed" }
                return "response-\(required ? "required" : "optional")\(writeOnly ? "-write-only" : "")-property-removed"
            case .propertyAdded(let required, let writeOnly, let hasDefault):
                if request {
                    return required ? (hasDefault ? "new-required-request-property-with-default" : "new-required-request-property")
                        : "new-optional-request-property"
                }
                return "response-\(required ? "required" : "optional")\(writeOnly ? "-write-only" : "")-property-added"
            case .becameRequired(let writeOnly):
                if request { return "request-property-became-required" }
                return writeOnly ? "response-write-only-property-became-required" : "response-property-became-required"
            case .becameOptional(let writeOnly):
                if request { return "request-property-became-optional" }
                return writeOnly ? "response-write-only-property-became-optional" : "response-property-became-optional"
            case .became(let keyword, let set, let required):
                return "\(request ? "request" : "response")-\(required ? "required" : "optional")-property-became-"
                    + (set ? "" : "not-") + Kind.idWords(keyword)
            default:
                break
            }
            let suffix = kind.suffix ?? ""
            let prefix: String = switch context {
            case .parameter: root ? "request-parameter-" : "request-parameter-property-"
            case .requestBody: root ? "request-body-" : "request-property-"
            case .response: root ? "response-body-" : "response-property-"
            case .header: "response-header-"
            }
            let id = prefix + suffix
            if SpecChangeRules.knows(id) { return id }
            let below = (request ? "request-property-" : "response-property-") + suffix
            return SpecChangeRules.knows(below) ? below : id
        }

        var level: SpecChangeLevel { SpecChangeRules.level(of: id) }
        var breaking: Bool { level == .breaking }

        /// `response 200 body` + [.items, .property("tag")] → `response 200 body[].tag`.
        func location(under root: String) -> String {
            var text = root
            for step in steps {
                switch step {
                case .property(let name): text = JSONPath.appending(key: name, to: text)
                case .items: text += "[]"
                }
            }
            return text
        }
    }
}

extension SchemaComparison.Change {
    /// The same change, one step further down.
    func below(_ step: SchemaComparison.Step) -> Self {
        var change = self
        change.steps.insert(step, at: 0)
        return change
    }
}
