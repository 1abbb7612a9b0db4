import JSON
import HTTPServer

/// Redirects anywhere, and one that never ends.
extension LoopbackRoute {
    /// `?url=URL[&status=301|302|303|307|308]`: a redirect (302 unless told) to any URL, another host,
    /// port or scheme included (`file:///etc/passwd`), with `{"redirect":URL}` as its body.
    package static var redirect: LoopbackRoute {
        LoopbackRoute { request, _ in
            guard let location = request.queryValue("url"), !location.isEmpty else {
                return .error("redirect needs ?url=", status: 400)
            }
            let status = Int(request.queryValue("status") ?? "302") ?? 0
            guard [301, 302, 303, 307, 308].contains(status) else {
                return .error("redirect takes status=301, 302, 303, 307 or 308", status: 400)
            }
            return redirection(to: location, status: status)
        }
    }

    /// A 302 back to the very URL requested, query and all, for ever.
    package static var redirectLoop: LoopbackRoute {
        LoopbackRoute { request, _ in
            redirection(to: request.target.hasPrefix("/") ? request.target : request.path, status: 302)
        }
    }

    private static func redirection(to location: String, status: Int) -> HTTPResponse {
        var response = HTTPResponse.json(["redirect": .string(location)], status: status)
        response.headers.append(("Location", location))
        return response
    }
}
