/// The statuses the mock answers with: a final status, 200–599. A response key of a description is one
/// of those, a class `2XX`–`5XX`, or `default`; anything else (`-1`, `0`, `101`) would put a status line
/// no client reads, or an interim answer where the final one belongs.
enum MockStatus {
    static let finalStatuses = 200...599

    /// The status a numbered key names, when it is a final one.
    static func code(_ key: String) -> Int? {
        guard key.count == 3, key.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let code = Int(key),
              finalStatuses.contains(code) else { return nil }
        return code
    }

    static func isServable(_ key: String) -> Bool {
        if code(key) != nil || key.lowercased() == "default" { return true }
        let upper = key.uppercased()
        return upper.count == 3 && upper.hasSuffix("XX") && ("2"..."5").contains(upper.prefix(1))
    }
}
