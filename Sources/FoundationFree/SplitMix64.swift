/// SplitMix64: a small, fast, seedable generator whose sequence is the same on every platform and Swift
/// version (the standard library's `random(in:using:)` promises no algorithm). The mock's values, the
/// demo's fixtures and the tests' generated inputs all step it; each adds the helpers it needs.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
