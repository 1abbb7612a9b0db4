import FoundationFree
import JSON
/// Where a document's schema resources and anchors are: every `$id` (draft 4: `id`), `$anchor` and
/// `$dynamicAnchor`, by the absolute URI it makes against the base URIs around it, and the pointer of the
/// schema that declares it. Documents bundled in (a multi-file description, the test suite's remotes) are
/// found at their own retrieval URIs.
///
/// Found by one walk of the document, made only when a reference needs it (a URI that is not a plain
/// `#/…` pointer into the document): the usual OpenAPI document, whose `$ref`s are all pointers, never pays
/// for it. The walk is a loop over an explicit stack (no recursion), skips the values of `enum`, `const`,
/// `default`, `example(s)` (data, not schemas), and looks at Ctrl-C every few thousand objects.
struct SchemaResources {
    /// Absolute URI without fragment → the pointer of the resource's root.
    var resources: [String: JSONPointer] = [:]
    /// Absolute URI with an anchor fragment (`…#foo`) → the pointer of the schema that declares it.
    var anchors: [String: JSONPointer] = [:]
    /// Resource URI → `$dynamicAnchor` name → the pointer of the schema that declares it.
    var dynamicAnchors: [String: [String: JSONPointer]] = [:]

    /// Members whose values are data, never schemas, so an `$id` inside them names nothing. (Both lists are
    /// asked of every step of every path walked, so they are `WordIndex`es, which hash nothing.)
    static let dataKeywords = WordIndex(["enum", "const", "default", "examples", "example"])
    /// Members whose values map names to schemas, so their own members are not keywords.
    static let schemaMaps = WordIndex(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas",
                                       "dependencies", "schemas"])

    /// The context a schema at a place inherits: its base URI, dialect and whether its validation keywords apply.
    struct Context: Sendable, Equatable {
        var base: String
        var dialect: SchemaDialect
        var validates = true
    }

    /// The identifier a schema object declares in its dialect (`$id`, or draft 4's `id` outside OpenAPI 3.0,
    /// and not beside a draft 4 `$ref`, which hides its siblings).
    static func identifier(of object: JSONObject, dialect: SchemaDialect) -> String? {
        switch dialect {
        case .draft2020: return object["$id"]?.stringValue
        case .draft4: return object["$ref"] == nil ? object["id"]?.stringValue : nil
        case .openAPI30: return nil
        }
    }

    /// The context inside a schema object, given the context around it: a new base for an `$id`, a new
    /// dialect for the `$schema` of a resource.
    static func entering(_ object: JSONObject, _ outer: Context, metaschemas: (String) -> Bool?) -> (context: Context, resource: String?) {
        var context = outer
        var resource: String?
        if let id = identifier(of: object, dialect: outer.dialect), !(outer.dialect.isDraft4 && id.hasPrefix("#")) {
            let resolved = SchemaURI.split(SchemaURI.resolve(id, against: outer.base)).resource
            context.base = resolved
            resource = resolved
        }
        if let schemaURI = object["$schema"]?.stringValue {
            if let dialect = SchemaDialect.named(schemaURI) {
                context.dialect = dialect
                context.validates = true
            } else if let validates = metaschemas(schemaURI) {
                context.validates = validates
            }
        }
        return (context, resource)
    }

    /// Walks the whole document from `root` (in `rootContext`), with `embedded` documents entered at their
    /// pointers with their own URIs.
    static func scan(_ document: JSONValue, rootContext: Context, embedded: [JSONPointer: String],
                     metaschemas: (String) -> Bool?, cancellation: CancellationToken?) throws(SchemaError) -> SchemaResources {
        var found = SchemaResources()
        found.resources[rootContext.base] = .root
        // (value, pointer, context, whether the value is a map of names to schemas)
        var stack: [(JSONValue, JSONPointer, Context, Bool)] = [(document, .root, rootContext, false)]
        var visited = 0
        while let (value, pointer, outer, isMap) = stack.popLast() {
            visited += 1
            if visited & 0xFFF == 0, cancellation?.isCancelled == true { throw .cancelled }
            var context = outer
            if let uri = embedded[pointer] {
                context.base = uri
                found.resources[uri] = pointer
                if let dialect = value["$schema"]?.stringValue.flatMap(SchemaDialect.named) { context.dialect = dialect }
            }
            switch value {
            case .object(let object):
                if !isMap {
                    let entered = entering(object, context, metaschemas: metaschemas)
                    context = entered.context
                    if let resource = entered.resource { found.resources[resource] = pointer }
                    found.register(object, at: pointer, context: context)
                }
                for (key, member) in object {
                    switch member {
                    case .object, .array: break
                    default: continue
                    }
                    if !isMap, dataKeywords.contains(key) { continue }
                    stack.append((member, pointer.appending(key), context, !isMap && schemaMaps.contains(key)))
                }
            case .array(let elements):
                for (offset, element) in elements.enumerated() {
                    switch element {
                    case .object, .array: stack.append((element, pointer.appending(offset), context, false))
                    default: continue
                    }
                }
            default:
                continue
            }
        }
        return found
    }

    /// Notes the anchors a schema object declares.
    mutating func register(_ object: JSONObject, at pointer: JSONPointer, context: Context) {
        switch context.dialect {
        case .draft2020:
            if let anchor = object["$anchor"]?.stringValue { anchors[context.base + "#" + anchor] = pointer }
            if let anchor = object["$dynamicAnchor"]?.stringValue {
                anchors[context.base + "#" + anchor] = pointer
                dynamicAnchors[context.base, default: [:]][anchor] = pointer
            }
        case .draft4:
            if let id = Self.identifier(of: object, dialect: .draft4) {
                let resolved = SchemaURI.resolve(id, against: context.base)
                let (resource, fragment) = SchemaURI.split(resolved)
                if !fragment.isEmpty, !fragment.hasPrefix("/") { anchors[resource + "#" + fragment] = pointer }
            }
        case .openAPI30:
            break
        }
    }
}
