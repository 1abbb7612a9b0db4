/// How a table column behaves when the table is wider than the terminal; ``TableLayout`` reads it.
///
/// Minor columns give way first (down to ``TableLayout/minorMinimumWidth``), then flexible ones (down to
/// ``TableLayout/minimumWidth``); fixed columns keep their width unless nothing else can give way.
public enum ColumnSizing: Sendable, Equatable {
    /// Keeps its width: ids, numbers, short codes.
    case fixed
    /// Detail a reader can spare (a group's WHO, a note): shrinks before anything else.
    case minor
    /// The column that holds long text (a name, content, a URL): shrinks after the minor ones.
    case flexible
}
