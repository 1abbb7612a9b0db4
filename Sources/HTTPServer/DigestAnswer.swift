/// The parameters of an `Authorization: Digest …` answer (RFC 7616 §3.4).
package struct DigestAnswer {
    package var parameters: [String: String] = [:]

    /// Nil when the header is not a list of `name=value` / `name="value"` pairs.
    package init?(header: String) {
        var scalars = Substring(header)
        while true {
            scalars = scalars.drop { $0 == " " || $0 == "," || $0 == "\t" }
            guard !scalars.isEmpty else { break }
            guard let equals = scalars.firstIndex(of: "=") else { return nil }
            let name = scalars[..<equals].trimmedHTTPWhitespace.lowercased()
            scalars = scalars[scalars.index(after: equals)...]
            var value = ""
            if scalars.first == "\"" {
                scalars = scalars.dropFirst()
                var escaped = false
                var end = scalars.endIndex
                for index in scalars.indices {
                    let character = scalars[index]
                    if escaped {
                        value.append(character)
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        end = index
                        break
                    } else {
                        value.append(character)
                    }
                }
                guard end != scalars.endIndex else { return nil }
                scalars = scalars[scalars.index(after: end)...]
            } else {
                let end = scalars.firstIndex(of: ",") ?? scalars.endIndex
                value = scalars[..<end].trimmedHTTPWhitespace
                scalars = scalars[end...]
            }
            parameters[name] = value
        }
    }

    /// RFC 7616 §3.4.1 with MD5 and `qop=auth`: response = H(H(user:realm:password):nonce:nc:cnonce:qop:H(method:uri)).
    package func isValid(method: String, target: String, user: String, password: String, realm: String,
                 issued: (String) -> Bool) -> Bool {
        guard parameters["username"] == user, parameters["realm"] == realm, parameters["uri"] == target,
              parameters["qop"] == "auth", (parameters["algorithm"] ?? "MD5").uppercased() == "MD5",
              let nonce = parameters["nonce"], issued(nonce), let count = parameters["nc"],
              let clientNonce = parameters["cnonce"], let response = parameters["response"]
        else { return false }
        let first = MD5.hex("\(user):\(realm):\(password)")
        let second = MD5.hex("\(method):\(target)")
        return MD5.hex("\(first):\(nonce):\(count):\(clientNonce):auth:\(second)") == response.lowercased()
    }
}
