import Facade

/// What an `edit` edits: the body of the last request (the one sent when the facade had counted that many
/// exchanges), or the example body of the `call` these words make.
package enum EditTarget: Equatable {
    case lastRequest(Int)
    case operation([String])
}

/// An edit whose body could not be sent (not JSON): its file, opened again by the same `edit`.
package struct KeptEdit {
    package let file: EditFile
    package let target: EditTarget

    package init(file: EditFile, target: EditTarget) {
        self.file = file
        self.target = target
    }
}

extension Session {
    /// At the end of a session: an edited body kept after a mistake is removed with it, since no later
    /// `edit` of this session can open it again.
    package func removeKeptEdit() {
        keptEdit?.file.remove()
        keptEdit = nil
    }
}
