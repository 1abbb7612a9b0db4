import CPlatform

/// How the C allocator treats large blocks. glibc raises its mmap threshold each time a mapped block is
/// freed; past that, blocks of tens of megabytes come from per-thread arenas, which keep them once freed,
/// so a server making large answers on many connection threads grows to several times what it holds (the
/// mock, making 20 MB answers two at a time: 470 MiB peak, 165 MiB with the threshold fixed).
package enum LargeAllocations {
    /// Fixes the threshold at 128 KiB (glibc's starting value), so every larger block is mapped and given
    /// back to the system when freed. Process-wide; calling it again changes nothing.
    package static func returnToTheSystemWhenFreed() {
        _ = apish_fix_mmap_threshold(128 << 10)
    }
}
