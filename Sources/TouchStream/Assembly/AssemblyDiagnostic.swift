import TouchKit

// MARK: - Repairs made during frame assembly

/// One repair or notable decision of the frame assembler, tied to the DESIGN §4 rule it concerns.
///
/// Assembly is tolerant in delivery and strict in reporting (DESIGN §3): every time the
/// stream needed a repair, a diagnostic says which rule, at which record, at what time.
public struct AssemblyDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious the underlying stream property is, following DESIGN §4's grouping.
    public enum Severity: String, Hashable, Sendable {
        /// A MUST rule (R…) was broken.
        case violation
        /// A SHOULD or implied rule (S…) was not followed.
        case should
        /// The protocol leaves it open (A…); compositors differ.
        case ambiguity
        /// Allowed by the protocol, but assembly had to restructure the frame.
        case info
    }

    /// What the assembler met and how it repaired it.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Pending events with no touch left down were delivered without a wl_touch.frame.
        case missingFrameFlushed
        /// Input ended with events pending and touches down; they were delivered as a last frame.
        case pendingAtEnd
        /// Down and up of one touch in one frame: split into a began pass and an ended pass.
        case frameSplitDownUp
        /// Up and a new down of one id in one frame: split so the new touch begins in its own pass.
        case frameSplitIDReuse
        /// Down for an id that is already down: the old touch was cancelled in its own pass.
        case downOnActiveID
        /// Motion/up/shape/orientation for an id that was never down: ignored.
        case unknownID
        /// An event for an id after its up (without a new down): ignored.
        case eventAfterUp
        /// An event for an id that was active at a cancel: ignored until a new down of that id.
        case eventAfterCancel
        /// A cancel arrived with events pending: they were dropped.
        case cancelDroppedPending
        /// A cancel arrived while no touch was down or pending.
        case cancelWithoutTouch
        /// A wl_touch.frame with no event since the previous frame: nothing delivered.
        case emptyFrame
        /// A wl_touch time earlier than the previous one: time held, never run backwards.
        case timeWentBackwards
        /// Motions that left a touch where it was: not delivered as moved.
        case motionWithoutChange
        /// Several motions of one id in one frame: delivered once, with coalesced samples.
        case severalMotions

        /// The DESIGN §4 rule id the repair corresponds to.
        public var ruleID: String {
            switch self {
            case .missingFrameFlushed: "A1"
            case .pendingAtEnd, .frameSplitDownUp: "S3"
            case .frameSplitIDReuse, .eventAfterUp: "R3"
            case .downOnActiveID: "R1"
            case .unknownID: "R2"
            case .eventAfterCancel: "R5"
            case .cancelDroppedPending: "A3"
            case .cancelWithoutTouch: "A19"
            case .emptyFrame: "R4"
            case .timeWentBackwards: "A14"
            case .motionWithoutChange: "S12"
            case .severalMotions: "A13"
            }
        }

        /// How serious the stream property behind this repair is.
        public var severity: Severity {
            switch self {
            case .downOnActiveID, .unknownID, .eventAfterUp, .eventAfterCancel, .emptyFrame: .violation
            case .pendingAtEnd, .motionWithoutChange: .should
            case .missingFrameFlushed, .cancelDroppedPending, .cancelWithoutTouch, .timeWentBackwards,
                 .severalMotions:
                .ambiguity
            case .frameSplitDownUp, .frameSplitIDReuse: .info
            }
        }
    }

    /// What happened.
    public var kind: Kind
    /// 0-based index of the record (in push order) that caused or completed it.
    public var recordIndex: Int
    /// The assembler's clock when it happened, in seconds (as InputFrame.timestamp).
    public var time: Double
    /// The touch id concerned, when there is one.
    public var touchID: Int32?
    /// The wl_touch event name of the record concerned.
    public var event: String

    /// Creates a diagnostic.
    public init(kind: Kind, recordIndex: Int, time: Double, touchID: Int32?, event: String) {
        self.kind = kind
        self.recordIndex = recordIndex
        self.time = time
        self.touchID = touchID
        self.event = event
    }

    /// One line: record, event, id, time, kind, rule and severity.
    public var description: String {
        let id = touchID.map { " id \($0)" } ?? ""
        return "record \(recordIndex) (\(event)\(id), t=\(time)s): \(kind.rawValue) [\(kind.ruleID), \(kind.severity.rawValue)]"
    }
}

/// What the frame assembler hands on: frames for TouchKit, diagnostics for the checker and the log.
public enum AssemblyOutput: Hashable, Sendable {
    case frame(InputFrame)
    case diagnostic(AssemblyDiagnostic)
}
