import Facade
import Foundation
import Testing

extension OpenAPITests {
    @Suite struct Large {
        /// A generated document of `operations` operations (~4 KB each), with shared components that
        /// reference each other, including a cycle. 5,000 operations make ~20 MB.
        static func generatedSpec(operations: Int) -> String {
            var text = #"{"openapi":"3.0.3","info":{"title":"Generated","version":"1.0"},"servers":[{"url":"/api"}],"paths":{"#
            text.reserveCapacity(operations * 4_200)
            let filler = String(repeating: "lorem ipsum dolor sit amet ", count: 38)
            let componentCount = 200
            for index in 0..<operations {
                if index > 0 { text += "," }
                let component = index % componentCount
                text += #"""
                "/resources\#(index)/{id}/items/{itemId}":{"parameters":[{"name":"id","in":"path","required":true,"schema":{"type":"string"}}],
                "post":{"operationId":"op\#(index)","summary":"Operation \#(index)","description":"\#(filler)",
                 "parameters":[{"name":"itemId","in":"path","required":true,"schema":{"type":"integer"}},
                   {"name":"limit","in":"query","schema":{"type":"integer","format":"int32","maximum":100}},
                   {"$ref":"#/components/parameters/Trace"}],
                 "requestBody":{"required":true,"content":{"application/json":{"schema":{"type":"object","required":["name"],"properties":{
                   "name":{"type":"string","description":"\#(filler)"},"count":{"type":"integer"},"price":{"type":"number"},
                   "tags":{"type":"array","items":{"type":"string","enum":["a","b","c"]}},
                   "owner":{"$ref":"#/components/schemas/Model\#(component)"}}}}}},
                 "responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"array","items":{"$ref":"#/components/schemas/Model\#(component)"}}}}},
                   "404":{"$ref":"#/components/responses/NotFound"},
                   "default":{"description":"\#(filler)","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Error"}}}}}}}
                """#
            }
            text += #"},"components":{"parameters":{"Trace":{"name":"X-Trace","in":"header","schema":{"type":"string"}}},"#
            text += ##""responses":{"NotFound":{"description":"missing","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Error"}}}}},"##
            text += #""schemas":{"Error":{"type":"object","required":["code"],"properties":{"code":{"type":"integer"},"message":{"type":"string"}}}"#
            for component in 0..<componentCount {
                let next = (component + 1) % componentCount
                text += #"""
                ,"Model\#(component)":{"allOf":[{"$ref":"#/components/schemas/Error"},{"type":"object","properties":{
                  "id":{"type":"integer","format":"int64"},"label":{"type":"string","nullable":true},
                  "next":{"$ref":"#/components/schemas/Model\#(next)"}}}]}
                """#
            }
            text += "}}}"
            return text
        }

        @Test func aTwentyMegabyteSpecLoads() throws {
            // GIVEN ~20 MB of OpenAPI JSON with 5,000 operations
            let data = Data(Self.generatedSpec(operations: 5_000).utf8)
            #expect(data.count > 19_000_000)
            // WHEN it is parsed as the locator would
            let spec = try OpenAPIDocument.parse(data, source: "http://127.0.0.1:8080/specs/big.json")
            // THEN every operation is there, with its merged parameters and shared, cyclic schemas
            #expect(spec.operations.count == 5_000)
            #expect(spec.serverURL == "http://127.0.0.1:8080/api")
            let last = try #require(spec.operation(named: "op4999"))
            #expect(last.parameters.map(\.name) == ["id", "itemId", "limit", "X-Trace"])
            let model = try #require(last.responses.first?.schema?.items)
            #expect(model.name == "Model199")
            #expect(model.properties.map(\.name) == ["code", "message", "id", "label", "next"])
            #expect(model.property(named: "next")?.property(named: "next")?.name == "Model1")
            #expect(spec.responseSchema(of: last, status: 404).schema?.name == "Error")
            // AND comparing it with itself finds nothing, without looping through Model0 → … → Model199 → Model0
            #expect(SpecDiff.compare(spec, spec).isEmpty)
        }
    }
}
