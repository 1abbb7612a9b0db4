import Foundation

/// The hostile service of `impact --fix`'s tests: version 1 is ordinary; version 2 renames, moves and adds
/// with names and values that are shell syntax (an operationId `getPet;help | touch PWNED #`, enum values
/// holding `'`, `$`, `>` and a newline), and drops an operation whose id holds a newline.
package enum HostileSpecs {
    /// Writes the locator (`services.json`) and the two documents into `folder`, their requests going to
    /// `url`; returns the locator's path.
    @discardableResult
    package static func writeService(in folder: String, url: String) throws -> String {
        try v1(url: url).write(toFile: folder + "/hostile-v1.json", atomically: true, encoding: .utf8)
        try v2(url: url).write(toFile: folder + "/hostile-v2.json", atomically: true, encoding: .utf8)
        try locator(url: url).write(toFile: folder + "/services.json", atomically: true, encoding: .utf8)
        return folder + "/services.json"
    }

    package static func locator(url: String) -> String {
        #"""
        {"services":[{"name":"hostile","version":1,"url":"\#(url)","openapi":"hostile-v1.json"},
                     {"name":"hostile","version":2,"url":"\#(url)","openapi":"hostile-v2.json"}]}
        """#
    }

    package static func v1(url: String) -> String {
        #"""
        {"openapi":"3.0.3","info":{"title":"Hostile","version":"1"},"servers":[{"url":"\#(url)"}],"paths":{
         "/pets/{id}":{"get":{"operationId":"showPet","parameters":[
           {"name":"id","in":"path","required":true,"schema":{"type":"integer"}},
           {"name":"size","in":"query","schema":{"type":"integer"}}],"responses":{"200":{"description":"ok"}}}},
         "/things/{id}":{"get":{"operationId":"getThing","parameters":[
           {"name":"id","in":"path","required":true,"schema":{"type":"integer"}},
           {"name":"color","in":"query","schema":{"type":"string"}}],"responses":{"200":{"description":"ok"}}}},
         "/kinds":{"get":{"operationId":"listKinds","responses":{"200":{"description":"ok"}}}},
         "/pets":{"post":{"operationId":"createPet","requestBody":{"content":{"application/json":{"schema":{"type":"object",
           "properties":{"name":{"type":"string"},"kind":{"type":"string"}}}}}},"responses":{"200":{"description":"ok"}}}},
         "/old/{id}":{"get":{"operationId":"moveMe","parameters":[
           {"name":"id","in":"path","required":true,"schema":{"type":"integer"}}],"responses":{"200":{"description":"ok"}}}},
         "/gone":{"get":{"operationId":"bye\ntouch PWNED","responses":{"200":{"description":"ok"}}}}}}
        """#
    }

    package static func v2(url: String) -> String {
        #"""
        {"openapi":"3.0.3","info":{"title":"Hostile","version":"2"},"servers":[{"url":"\#(url)"}],"paths":{
         "/pets/{id}":{"get":{"operationId":"getPet;help | touch PWNED #","parameters":[
           {"name":"id","in":"path","required":true,"schema":{"type":"integer"}},
           {"name":"size=1 | touch PWNED #","in":"query","schema":{"type":"integer"}},
           {"name":"mode","in":"query","required":true,"schema":{"type":"string","enum":["it's $HOME ${x} > o; #","a\nb # touch PWNED"]}}],
           "responses":{"200":{"description":"ok"}}}},
         "/things/{id}":{"get":{"operationId":"getThing","parameters":[
           {"name":"id","in":"path","required":true,"schema":{"type":"integer"}},
           {"name":"co lor$HOME${x};#|>'","in":"query","schema":{"type":"string"}}],"responses":{"200":{"description":"ok"}}}},
         "/kinds":{"get":{"operationId":"listKinds","parameters":[
           {"name":"shade","in":"query","required":true,"schema":{"type":"string","enum":["line1\ntouch PWNED","x"]}}],
           "responses":{"200":{"description":"ok"}}}},
         "/pets":{"post":{"operationId":"createPet","requestBody":{"required":true,"content":{"application/json":{"schema":{"type":"object",
           "required":["status"],"properties":{"name":{"type":"string"},"ki$nd'>x":{"type":"string"},
           "status":{"type":"string","enum":["@/etc/passwd","b"]}}}}}},"responses":{"200":{"description":"ok"}}}},
         "/new;touch PWNED #/{id}":{"get":{"operationId":"moveMe","parameters":[
           {"name":"id","in":"path","required":true,"schema":{"type":"integer"}}],"responses":{"200":{"description":"ok"}}}}}}
        """#
    }
}
