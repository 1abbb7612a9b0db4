extension String {
    /// Spaces before the text up to `width` characters (a number in a column).
    package func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
