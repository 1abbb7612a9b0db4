#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FoundationFree
import JSON
import Schemas
import HTTPTypes

/// Builds the request of `call OPERATION [ARG…] [ITEM…]` from an operation of a spec, before anything is
/// sent. Pure: no I/O, no session state.
///
/// - Arguments without `=` or `:` are positional and fill the path parameters in template order.
/// - Items are parsed as `RawRequest` parses them (httpie's syntax). `name=value` goes to the declared
///   path, query, header or cookie parameter of that name, otherwise into the body, as does `name:=json`;
///   `name==value` is a query parameter and `Header:value` a header, declared or not.
/// - The body is a JSON object when the operation takes `application/json` (or `…+json`), where a
///   `name=value` whose property is declared as a number, integer or boolean is sent as one; it is
///   form-encoded when the operation takes only `application/x-www-form-urlencoded`.
/// - A body field repeated, or given once for a property declared as an array, is sent as an array
///   (a JSON body) or as repeated fields (a form).
/// - A missing path parameter, an argument too many, or a body field for an operation without a body
///   is an error naming it. With `checked` (`call` without `--no-check`), so is anything
///   `OpenAPIRequestCheck` finds: a missing required parameter, body or body property, a value of the
///   wrong type or outside its enum, a field a closed schema does not declare.
public enum OpenAPICall {
    /// `readFile` reads the files items name (`file=@audio.mp3`, `file@photo.png`); without it such an item
    /// is an error. A `multipart/form-data` body sends each file as a file part.
    public static func build(
        _ operation: OpenAPIOperation, baseURL: String, arguments: [String], checked: Bool = true,
        readFile: RawRequest.FileReader? = nil
    ) throws(OpenAPIError) -> (url: String, query: [FormField], headers: [FormField], body: HTTPBody) {
        let multipart = operation.requestBody.map { $0.takesMultipart && !$0.takesJSON } ?? false
        var files: [String: MultipartPart] = [:]
        var uploads: [MultipartPart] = []
        var pathValues: [String: String] = [:]
        var query: [FormField] = []
        var headers: [FormField] = []
        var cookies: [FormField] = []
        var bodyFields: [(name: String, value: JSONValue, isJSON: Bool)] = []
        var positional: [String] = []
        // The items of each query parameter written as one joined field (`tags=a,b`), in the order given.
        var lists: [String: [String]] = [:]
        // What each declared parameter was given, by its index in `operation.parameters`, for the check.
        var given: [Int: [String]] = [:]
        func record(_ location: OpenAPIParameter.Location, _ name: String, _ value: String) {
            guard checked, let index = operation.parameterIndex(location, name) else { return }
            // A path's or header's list (`simple`: `3,4,5`) is checked item by item.
            let isSimpleList = location != .query && location != .cookie && operation.parameters[index].isList
            given[index, default: []] += isSimpleList ? value.split(separator: ",", omittingEmptySubsequences: false).map(String.init) : [value]
        }

        for argument in arguments {
            // `file@photo.png` is an upload only where the body takes files; elsewhere `ada@example.com` is a value.
            let isUpload = operation.requestBody?.takesMultipart == true && argument.firstIndex(of: "@").map { $0 > argument.startIndex } == true
            guard argument.contains("=") || argument.contains(":") || isUpload else {
                positional.append(argument)
                continue
            }
            let item: RawRequest
            do {
                item = try RawRequest(method: operation.method, target: "/", items: [argument], readFile: readFile,
                                      multipart: multipart)
            } catch {
                throw .invalidItem(error.description)
            }
            query += item.query
            headers += item.headers
            uploads += item.uploads
            files.merge(item.fieldFiles) { _, new in new }
            for field in item.query { record(.query, field.name, field.value) }
            for field in item.headers { record(.header, field.name, field.value) }
            for field in item.fields {
                if let (parameter, fields) = Self.styledQuery(field, of: operation) {
                    // A list or object for a query parameter, or one member of a deepObject's (`filter[a]=1`).
                    if fields.isEmpty {
                        for text in parameter.style.items(of: field.value.displayText) { record(.query, parameter.name, text) }
                        lists[parameter.name, default: []].append(contentsOf: parameter.style.items(of: field.value.displayText))
                    } else {
                        query += fields
                        if case .array(let elements) = field.value { for element in elements { record(.query, parameter.name, element.displayText) } }
                    }
                    continue
                }
                guard !field.isJSON, let parameter = operation.parameter(settingItem: field.name) else {
                    bodyFields.append(field)
                    continue
                }
                let value = field.value.displayText
                record(parameter.location, parameter.name, value)
                switch parameter.location {
                case .path: pathValues[parameter.name] = value
                case .query: query.append(FormField(parameter.name, value))
                case .header: headers.append(FormField(parameter.name, value))
                case .cookie: cookies.append(FormField(parameter.name, value))
                }
            }
        }

        for parameter in operation.parameters where parameter.location == .query {
            guard let items = lists[parameter.name] else { continue }
            query += parameter.style.fields(parameter.name, .array(items.map(JSONValue.string)))
        }
        headers = Self.joinedHeaderLists(headers, of: operation)
        let templateNames = operation.pathParameterNames
        let unfilled = templateNames.filter { pathValues[$0] == nil }
        guard positional.count <= unfilled.count else {
            throw .tooManyArguments(operation: operation.displayName, pathParameters: templateNames, given: positional.count)
        }
        for (name, value) in zip(unfilled, positional) {
            pathValues[name] = value
        }
        try OpenAPIRequestCheck.requiredParameters(of: operation, onlyPath: !checked) { parameter in
            switch parameter.location {
            case .path: pathValues[parameter.name] != nil
            case .query: query.contains { $0.name == parameter.name || $0.name.hasPrefix(parameter.name + "[") }
            case .header: headers.contains { $0.name.lowercased() == parameter.name.lowercased() }
            case .cookie: cookies.contains { $0.name == parameter.name }
            }
        }
        for (index, values) in given.sorted(by: { $0.key < $1.key }) {
            try OpenAPIRequestCheck.parameter(operation.parameters[index], values: values, operation: operation.displayName)
        }
        if !cookies.isEmpty {
            headers.append(FormField("Cookie", cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")))
        }
        let url = Self.url(base: baseURL, path: operation.path, segments: Self.segments(pathValues, of: operation))
        if let requestBody = operation.requestBody, requestBody.takesMultipart, multipart || !uploads.isEmpty {
            return (url, query, headers, try multipartBody(bodyFields, files: files, uploads: uploads, for: operation,
                                                          checked: checked))
        }
        guard uploads.isEmpty else {
            throw .unsupportedBody(operation: operation.displayName, contentTypes: operation.requestBody?.contentTypes ?? [])
        }
        return (url, query, headers, try body(bodyFields, for: operation, checked: checked))
    }

    /// A body-less item that a query parameter's `style` writes: with the fields it makes, a JSON list or
    /// object (`tags:='["a","b"]'`) or a deepObject's member (`filter[a]=1` or `filter[a]:=1`, as typed); with none, a text item
    /// for a list written as one field (`tags=a` `tags=b` → `tags=a,b`), collected until all are read.
    private static func styledQuery(
        _ field: (name: String, value: JSONValue, isJSON: Bool), of operation: OpenAPIOperation
    ) -> (OpenAPIParameter, [FormField])? {
        if let bracket = field.name.firstIndex(of: "["),
           let index = operation.parameterIndex(.query, String(field.name[..<bracket])),
           operation.parameters[index].style.style == .deepObject {
            let parameter = operation.parameters[index]
            switch field.value {
            case .array, .object: return (parameter, parameter.style.fields(field.name, field.value))
            default: return (parameter, [FormField(field.name, field.value.displayText)])
            }
        }
        guard let index = operation.parameterIndex(.query, field.name) else { return nil }
        let parameter = operation.parameters[index]
        switch field.value {
        case .array, .object:
            return (parameter, parameter.style.fields(parameter.name, field.value))
        default:
            let joined = !parameter.style.explode && parameter.style.style != .deepObject
            guard !field.isJSON, joined, parameter.schema?.acceptedTypes.contains("array") == true else { return nil }
            return (parameter, [])
        }
    }

    /// A header parameter declared as a list, given more than once (`X-Tags:a X-Tags:b`), as one header of
    /// `simple` style: `X-Tags: a,b`.
    private static func joinedHeaderLists(_ headers: [FormField], of operation: OpenAPIOperation) -> [FormField] {
        var joined: [FormField] = []
        for header in headers {
            let isList = operation.parameterIndex(.header, header.name)
                .map { operation.parameters[$0].schema?.acceptedTypes.contains("array") == true } ?? false
            if isList, let earlier = joined.firstIndex(where: { $0.name.lowercased() == header.name.lowercased() }) {
                joined[earlier].value += "," + header.value
            } else {
                joined.append(header)
            }
        }
        return joined
    }

    /// Each path parameter's segment text, written as its style says: a list's items (`3,4,5` typed) each
    /// encoded, the delimiters between them as they are.
    private static func segments(_ values: [String: String], of operation: OpenAPIOperation) -> [String: String] {
        var segments: [String: String] = [:]
        for (name, value) in values {
            let parameter = operation.parameterIndex(.path, name).map { operation.parameters[$0] }
            let items = parameter?.isList == true ? value.split(separator: ",", omittingEmptySubsequences: false).map(String.init) : [value]
            segments[name] = (parameter?.pathStyle ?? .default).segment(name, encodedItems: items.map(encodedSegment))
        }
        return segments
    }

    /// Fills every `{name}` in one pass, so a value that itself looks like `{other}` is never filled again.
    static func url(base: String, path: String, segments values: [String: String]) -> String {
        var filled = ""
        PathTemplate.scan(path[...], literal: { filled += $0 }, parameter: { name in
            filled += values[String(name)] ?? "{\(name)}"
        })
        var trimmed = Substring(base)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed) + (filled.hasPrefix("/") ? filled : "/" + filled)
    }

    /// A path parameter's value as one segment: `/`, `?` and `#` are encoded like every reserved byte, and a
    /// whole `.` or `..` (which would climb out of the segment once a URL is resolved) as `%2E` and `%2E%2E`.
    static func encodedSegment(_ value: String) -> String {
        if value == "." { return "%2E" }
        if value == ".." { return "%2E%2E" }
        return PercentEncoding.encode(value)
    }

    /// A `multipart/form-data` body: the fields as text parts (a `name=@FILE` as its file), the
    /// `name@FILE` items as file parts, checked as a form's fields are.
    private static func multipartBody(
        _ fields: [(name: String, value: JSONValue, isJSON: Bool)], files: [String: MultipartPart], uploads: [MultipartPart],
        for operation: OpenAPIOperation, checked: Bool
    ) throws(OpenAPIError) -> HTTPBody {
        let name = operation.displayName
        if checked, let schema = operation.requestBody?.schema {
            let names = fields.map(\.name) + uploads.map(\.name)
            var seen = Set<String>()
            try OpenAPIRequestCheck.bodyFields(names.filter { seen.insert($0).inserted }, schema: schema, operation: name)
            for field in fields where files[field.name] == nil && !field.isJSON {
                guard let property = schema.property(named: field.name), !Self.isBinary(property) else { continue }
                try OpenAPIRequestCheck.field(field.name, texts: [field.value.displayText], schema: property, operation: name)
            }
        } else if checked, operation.requestBody?.required == true, fields.isEmpty, uploads.isEmpty {
            throw .missingBody(operation: name, contentType: "multipart/form-data", required: Self.required(operation))
        }
        let parts = fields.map { field -> MultipartPart in
            if let file = files[field.name] { return file }
            return MultipartPart(name: field.name, value: field.isJSON ? field.value.encoded() : field.value.displayText)
        } + uploads
        return .multipart(parts)
    }

    /// The body properties a request must give (not the server's own, `readOnly`), as its schema lists them.
    private static func required(_ operation: OpenAPIOperation) -> [String] {
        guard let schema = operation.requestBody?.schema else { return [] }
        return schema.required.filter { schema.property(named: $0)?.isReadOnly != true }
    }

    /// A file's property: `format: binary` or `base64` (OpenAPI 3.0), `contentMediaType` (3.1), `type: file`.
    private static func isBinary(_ schema: JSONSchema) -> Bool {
        schema.format == "binary" || schema.format == "base64" || schema.types.contains("file")
    }

    private static func body(
        _ fields: [(name: String, value: JSONValue, isJSON: Bool)], for operation: OpenAPIOperation, checked: Bool
    ) throws(OpenAPIError) -> HTTPBody {
        let name = operation.displayName
        guard let requestBody = operation.requestBody else {
            guard let first = fields.first else { return .none }
            let names = operation.parameters.map(\.name)
            throw .unknownParameter(first.name, operation: name, suggestion: Suggestions.closest(to: first.name, in: names))
        }
        guard !fields.isEmpty else {
            if requestBody.required, checked {
                let contentType = requestBody.schemaContentType ?? requestBody.contentTypes.first ?? "application/json"
                throw .missingBody(operation: name, contentType: contentType, required: Self.required(operation))
            }
            return .none
        }
        if !(requestBody.takesJSON || requestBody.contentTypes.isEmpty), requestBody.takesForm {
            return try formBody(fields, requestBody: requestBody, operation: name, checked: checked)
        }
        let schema = requestBody.schema
        // Fields by name in the order first given; a repeated name collects its values.
        var order: [String] = []
        var byName: [String: [(value: JSONValue, isJSON: Bool)]] = [:]
        for field in fields {
            if byName[field.name] == nil { order.append(field.name) }
            byName[field.name, default: []].append((field.value, field.isJSON))
        }
        if checked, let schema {
            try OpenAPIRequestCheck.bodyFields(order, schema: schema, operation: name)
            for fieldName in order {
                guard let property = schema.property(namedInAnyAlternative: fieldName), let values = byName[fieldName] else { continue }
                let texts = values.filter { !$0.isJSON }.map(\.value.displayText)
                if !texts.isEmpty { try OpenAPIRequestCheck.field(fieldName, texts: texts, schema: property, operation: name) }
                for value in values where value.isJSON {
                    let itemSchema = values.count > 1 && property.acceptedTypes.contains("array") ? property.items : property
                    if let itemSchema { try OpenAPIRequestCheck.json(fieldName, value: value.value, schema: itemSchema, operation: name) }
                }
            }
        }
        if requestBody.takesJSON || requestBody.contentTypes.isEmpty {
            let members = order.map { fieldName -> (String, JSONValue) in
                let values = byName[fieldName] ?? []
                let property = schema?.property(namedInAnyAlternative: fieldName)
                let isArray = property?.acceptedTypes.contains("array") ?? false
                func converted(_ value: (value: JSONValue, isJSON: Bool), as schema: JSONSchema?) -> JSONValue {
                    value.isJSON ? value.value : typed(value.value, as: schema)
                }
                if values.count == 1, let only = values.first, !(isArray && !only.isJSON) {
                    return (fieldName, converted(only, as: property))
                }
                return (fieldName, .array(values.map { converted($0, as: isArray ? property?.items : property) }))
            }
            let value = JSONValue.object(JSONObject(members))
            if checked, let schema { try OpenAPIRequestCheck.body(value, schema: schema, operation: name) }
            return .json(value.encodedData())
        }
        throw .unsupportedBody(operation: name, contentTypes: requestBody.contentTypes)
    }

    /// A form body: the fields read back into the object they stand for (`FormBodyReading`: `metadata[a]=1`
    /// and `metadata:='{"a":"1"}'` alike), checked whole as a JSON body is (types, bounds, lengths,
    /// patterns), then written as the media type's `encoding` says (`FormStyle`).
    private static func formBody(
        _ fields: [(name: String, value: JSONValue, isJSON: Bool)], requestBody: OpenAPIRequestBody, operation name: String,
        checked: Bool
    ) throws(OpenAPIError) -> HTTPBody {
        let styles = requestBody.formStyles
        let object = FormBodyReading.object(fields, schema: requestBody.schema, styles: styles)
        if checked, let schema = requestBody.schema {
            try OpenAPIRequestCheck.formObject(object, fields: fields, schema: schema, operation: name)
        }
        return .form(object.flatMap { (styles[$0.key] ?? .default).fields($0.key, $0.value) })
    }

    /// `age=3` as the number 3 when the property's schema takes the number and not the string, read through
    /// `$ref`, `allOf`, `anyOf`, `oneOf` and "or null" (`temperature=0.5` for `anyOf: [number, null]`); else,
    /// when neither fits, as its declared types say, so the check's message speaks of them.
    static func typed(_ value: JSONValue, as schema: JSONSchema?) -> JSONValue {
        guard let schema, case .string(let text) = value, let parsed = try? JSONValue.parse(text) else { return value }
        switch parsed {
        case .number, .bool, .null: break
        default: return value
        }
        if schema.validate(value, limit: 1).isEmpty { return value }
        if schema.validate(parsed, limit: 1).isEmpty { return parsed }
        let types = schema.acceptedTypes
        guard !types.isEmpty, !types.contains("string") else { return value }
        return types.contains { SchemaValidator.value(parsed, hasType: $0) } ? parsed : value
    }
}
