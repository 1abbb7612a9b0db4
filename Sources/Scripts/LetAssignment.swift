import Shell

/// `NAME=PATH` typed as one word (`let id=data[0]`): the variable and the path, split at the first `=` (the
/// path may hold more: `data[_id=t01]`).
struct LetAssignment: ArgumentValue {
    let variable: String
    let path: String

    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else { return nil }
        variable = String(argument[..<equals])
        path = String(argument[argument.index(after: equals)...])
        guard !path.isEmpty else { return nil }
    }
}
