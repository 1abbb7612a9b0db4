/// OpenAPI documents generated for tests of size.
package enum GeneratedSpecs {
    /// A generated document of `operations` operations (~4 KB each), with shared components that
    /// reference each other, including a cycle. 5,000 operations make ~20 MB.
    package static func large(operations: Int) -> String {
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
}
