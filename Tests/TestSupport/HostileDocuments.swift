import Foundation

/// OpenAPI and JSON Schema documents built to exhaust time or memory: a few kilobytes each that a
/// naive reader, validator, renderer or differ turns into gigabytes or hours. Shared by the tests and the
/// `hostile` fuzz target, which sizes them at random.
package enum HostileDocuments {
    static let header = ##"{"openapi":"3.0.3","info":{"title":"Hostile","version":"1.0"},"servers":[{"url":"http://127.0.0.1:9/api"}],"##

    /// `paths` paths, each answering `statuses` statuses with a `$ref` to one response whose schema has
    /// `properties` properties: read per use, that is paths × statuses × properties schemas.
    package static func fanOutResponses(paths: Int, statuses: Int, properties: Int) -> String {
        var text = header + ##""paths":{"##
        for path in 0..<paths {
            if path > 0 { text += "," }
            text += ##""/p\##(path)":{"get":{"operationId":"get\##(path)","responses":{"##
            text += (0..<statuses).map { ##""\##(200 + $0)":{"$ref":"#/components/responses/R"}"## }.joined(separator: ",")
            text += "}}}"
        }
        text += ##"},"components":{"responses":{"R":{"description":"r","content":{"application/json":{"schema":{"type":"object","properties":{"##
        text += (0..<properties).map { ##""f\##($0)":{"type":"string"}"## }.joined(separator: ",")
        text += "}}}}}}}}"
        return text
    }

    /// `Dᵢ = allOf[$ref Dᵢ₊₁, $ref Eᵢ₊₁]` and the same for `Eᵢ`, `levels` deep; the last level points back
    /// at D0 when `cycle`, else holds a property. Merged or checked per path, that is 2^levels.
    package static func allOfDiamond(levels: Int, cycle: Bool) -> String {
        var schemas: [String] = []
        for level in 0..<levels {
            let next = level + 1 < levels ? "\(level + 1)" : nil
            for name in ["D", "E"] {
                if let next {
                    schemas.append(##""\##(name)\##(level)":{"allOf":[{"$ref":"#/components/schemas/D\##(next)"},{"$ref":"#/components/schemas/E\##(next)"}]}"##)
                } else if cycle {
                    schemas.append(##""\##(name)\##(level)":{"allOf":[{"$ref":"#/components/schemas/D0"}],"properties":{"x\##(name)":{"type":"integer"}}}"##)
                } else {
                    schemas.append(##""\##(name)\##(level)":{"type":"object","properties":{"x\##(name)":{"type":"integer"}}}"##)
                }
            }
        }
        return operation(responseSchema: ##"{"$ref":"#/components/schemas/D0"}"##, schemas: schemas)
    }

    /// `S0 = allOf[$ref S1, {properties: {pᵢ}}]`, … `length` long.
    package static func allOfChain(length: Int) -> String {
        var schemas: [String] = []
        schemas.reserveCapacity(length)
        for index in 0..<length {
            let rest = index + 1 < length ? ##"{"$ref":"#/components/schemas/S\##(index + 1)"},"## : ""
            schemas.append(##""S\##(index)":{"allOf":[\##(rest){"properties":{"p\##(index)":{"type":"integer"}}}]}"##)
        }
        return operation(responseSchema: ##"{"$ref":"#/components/schemas/S0"}"##, schemas: schemas)
    }

    /// An array of `values`-valued enums: with a body of as many items, values × items comparisons.
    package static func enumBomb(values: Int) -> String {
        let list = (0..<values).map { ##""v\##($0)""## }.joined(separator: ",")
        return operation(responseSchema: ##"{"type":"array","items":{"enum":[\##(list)]}}"##, schemas: [])
    }

    /// A body for `enumBomb`: `items` values, all the last of the enum, so a linear search scans it all.
    package static func enumBombBody(values: Int, items: Int) -> String {
        "[" + Array(repeating: ##""v\##(values - 1)""##, count: items).joined(separator: ",") + "]"
    }

    /// `anyOf` `depth` deep, `width` wide, where only the last branch of each level matches: width^depth
    /// attempts for each of `items` array elements.
    package static func anyOfBomb(depth: Int, width: Int) -> String {
        var schemas: [String] = []
        for level in 0..<depth {
            let next = level + 1 < depth ? ##"{"$ref":"#/components/schemas/A\##(level + 1)"}"## : ##"{"type":"integer"}"##
            let misses = (0..<(width - 1)).map { _ in next.replacingOccurrencesOfInteger() }
            schemas.append(##""A\##(level)":{"anyOf":[\##((misses + [next]).joined(separator: ","))]}"##)
        }
        return operation(responseSchema: ##"{"type":"array","items":{"$ref":"#/components/schemas/A0"}}"##, schemas: schemas)
    }

    /// `count` parameters on the path item and as many, other and overriding, on its operation.
    package static func manyParameters(count: Int) -> String {
        func parameters(_ prefix: String) -> String {
            (0..<count).map { ##"{"name":"\##(prefix)\##($0)","in":"query","schema":{"type":"string"}}"## }.joined(separator: ",")
        }
        return header + ##""paths":{"/m":{"parameters":[\##(parameters("q"))],"get":{"operationId":"getM","parameters":[\##(parameters(""))"##
            + ##",\##(parameters("q"))],"responses":{"200":{"description":"ok"}}}}}}"##
    }

    /// A tree of objects `fan` wide and `depth` deep under one shared component used by `operations`
    /// operations; `leaf` is the type of every leaf, so two documents that differ in it differ at every leaf.
    /// With another `prefix` in each document the components have other names, so nothing is compared as
    /// one shared component and every path to a leaf is a change of its own.
    package static func deepTree(fan: Int, depth: Int, operations: Int, leaf: String, prefix: String = "T") -> String {
        var schemas: [String] = []
        for level in 0..<depth {
            let child = level + 1 < depth ? ##"{"$ref":"#/components/schemas/\##(prefix)\##(level + 1)"}"## : ##"{"type":"\##(leaf)"}"##
            let members = (0..<fan).map { ##""c\##($0)":\##(child)"## }.joined(separator: ",")
            schemas.append(##""\##(prefix)\##(level)":{"type":"object","properties":{\##(members)}}"##)
        }
        var text = header + ##""paths":{"##
        text += (0..<operations).map {
            ##""/t\##($0)":{"get":{"operationId":"getT\##($0)","responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/\##(prefix)0"}}}}}}}"##
        }.joined(separator: ",")
        return text + ##"},"components":{"schemas":{\##(schemas.joined(separator: ","))}}}"##
    }

    /// A property `depth` levels down, of type `leaf`: a breaking change there must still be found.
    package static func deepProperty(depth: Int, leaf: String) -> String {
        var schema = ##"{"type":"\##(leaf)"}"##
        for level in (0..<depth).reversed() {
            schema = ##"{"type":"object","required":["n\##(level)"],"properties":{"n\##(level)":\##(schema)}}"##
        }
        return operation(responseSchema: schema, schemas: [])
    }

    /// One operation answering `count` statuses, from `first` on.
    package static func manyStatuses(count: Int, first: Int = 100_000) -> String {
        let statuses = (0..<count).map { ##""\##(first + $0)":{"description":"s"}"## }.joined(separator: ",")
        return header + ##""paths":{"/s":{"get":{"operationId":"getS","responses":{\##(statuses)}}}}}"##
    }

    /// Terminal controls in every text a spec shows: OSC title, clear screen, C1 CSI (U+009B) and BEL.
    package static let escapes = ##"\u001b]0;pwned\u0007\u001b[2J\u009b31m"##

    /// A spec whose operationId, path, summary, description, parameter, body title, statuses and enum
    /// values carry `escapes`.
    package static func escapeLaden() -> String {
        let e = escapes
        return ##"{"openapi":"3.0.3","info":{"title":"Esc\##(e)","version":"1.0"},"servers":[{"url":"http://127.0.0.1:9"}],"paths":{"##
            + ##""/x\##(e)/{id}":{"post":{"operationId":"op\##(e)","summary":"sum\##(e)","description":"desc\##(e)","##
            + ##""parameters":[{"name":"id","in":"path","required":true,"schema":{"type":"string"}},{"name":"q\##(e)","in":"query","description":"pd\##(e)","schema":{"type":"string","enum":["a\##(e)"]}}],"##
            + ##""requestBody":{"content":{"application/json":{"schema":{"title":"Body\##(e)","type":"object","properties":{"f\##(e)":{"type":"string"}}}}}},"##
            + ##""responses":{"200":{"description":"ok\##(e)","content":{"application/json":{"schema":{"title":"Reply\##(e)","type":"object"}}}}}}}}}"##
    }

    private static func operation(responseSchema: String, schemas: [String]) -> String {
        header + ##""paths":{"/h":{"get":{"operationId":"getH","responses":{"200":{"description":"ok","content":{"application/json":{"schema":\##(responseSchema)}}}}}}},"##
            + ##""components":{"schemas":{\##(schemas.joined(separator: ","))}}}"##
    }
}

private extension String {
    /// A branch that never matches an integer but costs as much to try as `self`.
    func replacingOccurrencesOfInteger() -> String {
        var text = self
        if let range = text.range(of: ##""type":"integer""##) {
            text.replaceSubrange(range, with: ##""type":"string""##)
            return text
        }
        return ##"{"allOf":[\##(self),{"type":"string"}]}"##
    }
}
