extension JSONTapeWalk {
    /// Whether the key (a string entry) is `name`: its bytes compared, its escapes decoded only when it has some.
    @inlinable
    public func isKey(_ key: Int, _ name: StaticString) -> Bool {
        guard kind(key) == .string else { return string(key) == name.description }
        return Self.equal(bytes(key), name)
    }

    /// Whether `bytes` are those of `name`.
    @inlinable @inline(__always)
    public static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        guard bytes.count == count, let start = bytes.baseAddress else { return bytes.count == count }
        let wanted = name.utf8Start
        for index in 0..<count where start[index] != wanted[index] {
            return false
        }
        return true
    }

    /// The value of the member of `object` named `name` (the last, when it repeats, as `JSONObject` reads it).
    @inlinable
    public func member(_ object: Int, _ name: StaticString) -> Int? {
        var found: Int?
        var key = object + 1
        let end = next(object)
        while key < end {
            if isKey(key, name) { found = key + 1 }
            key = next(key + 1)
        }
        return found
    }

    /// The values of the members of `object` named `names`, in the order of `names`, found in one pass over
    /// its keys: the last of each when a key repeats, nil for a name it lacks.
    public func members(_ object: Int, _ names: [StaticString]) -> [Int?] {
        var found = [Int?](repeating: nil, count: names.count)
        var key = object + 1
        let end = next(object)
        while key < end {
            if kind(key) == .string {
                let bytes = bytes(key)
                for index in names.indices where Self.equal(bytes, names[index]) {
                    found[index] = key + 1
                }
            } else {
                let text = string(key)
                for index in names.indices where text == names[index].description {
                    found[index] = key + 1
                }
            }
            key = next(key + 1)
        }
        return found
    }

    /// An object's key entries, in order (each followed by its value).
    public func keys(of object: Int) -> [Int] {
        children(of: object, keys: true)
    }

    /// An array's element entries, in order.
    public func elements(of array: Int) -> [Int] {
        children(of: array, keys: false)
    }

    /// The entries of a container's elements, or of an object's keys (`keys`: each is followed by its value).
    private func children(of container: Int, keys: Bool) -> [Int] {
        var children: [Int] = []
        children.reserveCapacity(count(container))
        var entry = container + 1
        let end = next(container)
        while entry < end {
            children.append(entry)
            entry = next(keys ? entry + 1 : entry)
        }
        return children
    }

    /// A string entry's value, escapes decoded; nil for an entry of another kind (or none).
    public func stringValue(_ entry: Int?) -> String? {
        guard let entry, kind(entry) == .string || kind(entry) == .escapedString else { return nil }
        return string(entry)
    }

    /// Whether the entry is an array or an object.
    @inlinable @inline(__always)
    public func isContainer(_ entry: Int) -> Bool {
        JSONTapeEntry.isContainer(entries[entry])
    }
}
