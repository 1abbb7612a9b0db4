/// `on|off`: a setting turned on or off (`timing on`, `profile autosave off`).
public enum OnOff: String, ArgumentChoice {
    case on, off

    public var isOn: Bool { self == .on }
}
