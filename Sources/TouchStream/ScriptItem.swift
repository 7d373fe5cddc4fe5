/// One step of a touch script in the compact text form (DESIGN §8).
///
/// Records carry resolved times (explicit `t=`, else 8 ms per frame, plus sleeps);
/// `sleep` stays as an item because injection must really wait, while replay
/// only advances virtual time.
public enum ScriptItem: Hashable, Sendable {
    case record(RawRecord)
    case sleep(milliseconds: UInt32)
}
