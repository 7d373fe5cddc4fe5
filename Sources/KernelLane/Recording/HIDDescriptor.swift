// MARK: - A HID report descriptor's input fields

/// The input fields of a HID report descriptor (HID 1.11, 6.2.2): each variable field's usage,
/// report, bit position, size and ranges, and the collections it sits in. Enough to find a
/// touchscreen's contacts and axes and read them out of recorded reports; the kernel's own parser
/// is what a replay goes through.
public struct HIDDescriptor: Equatable, Sendable {
    /// One variable input field (one value of a report).
    public struct Field: Equatable, Sendable {
        /// Usage page << 16 | usage id.
        public var usage: UInt32
        /// The report id (0: the descriptor numbers no reports).
        public var reportID: UInt8
        /// Bit offset in the report, after the report id byte.
        public var bitOffset: Int
        /// Bits of the value.
        public var bitSize: Int
        public var logicalMinimum: Int
        public var logicalMaximum: Int
        public var physicalMinimum: Int
        public var physicalMaximum: Int
        /// The unit exponent (-16...15 after decoding its 4-bit form) and unit of the physical range.
        public var unitExponent: Int
        public var unit: UInt32
        /// The usage of the application collection it is in (0: none).
        public var application: UInt32
        /// The index of the innermost logical or physical collection it is in (a touchscreen's finger), -1: none.
        public var collection: Int
    }

    /// Usages a touchscreen has.
    public enum Usage {
        public static let touchScreen: UInt32 = 0x000D_0004, tipSwitch: UInt32 = 0x000D_0042
        public static let contactID: UInt32 = 0x000D_0051, contactCount: UInt32 = 0x000D_0054
        public static let contactCountMaximum: UInt32 = 0x000D_0055, x: UInt32 = 0x0001_0030, y: UInt32 = 0x0001_0031
    }

    /// Every variable input field, in descriptor order.
    public var fields: [Field] = []
    /// Feature fields' usages with their logical maximum (Contact Count Maximum is one).
    public var features: [(usage: UInt32, logicalMaximum: Int)] = []
    /// Whether reports start with a report id byte.
    public var numbered = false
    /// Bytes of each input report after its id, by report id.
    public var inputReportBytes: [UInt8: Int] = [:]

    public static func == (a: HIDDescriptor, b: HIDDescriptor) -> Bool {
        a.fields == b.fields && a.numbered == b.numbered && a.inputReportBytes == b.inputReportBytes
            && a.features.map(\.usage) == b.features.map(\.usage) && a.features.map(\.logicalMaximum) == b.features.map(\.logicalMaximum)
    }

    /// Parses `bytes`; a truncated item or unbalanced collection throws a message (no location).
    public static func parse(_ bytes: [UInt8]) throws(DescriptorError) -> HIDDescriptor {
        var descriptor = HIDDescriptor()
        struct Globals {
            var page: UInt32 = 0, logicalMinimum = 0, logicalMaximum = 0, physicalMinimum = 0, physicalMaximum = 0
            var unitExponent = 0, unit: UInt32 = 0, reportSize = 0, reportID: UInt8 = 0, reportCount = 0
        }
        var globals = Globals(), stack: [Globals] = []
        var usages: [UInt32] = [], usageMinimum: UInt32?, usageMaximum: UInt32?
        var collections: [(usage: UInt32, type: UInt32, index: Int)] = []
        var collectionCount = 0
        var inputBits: [UInt8: Int] = [:], featureBits: [UInt8: Int] = [:]
        var index = 0
        while index < bytes.count {
            let prefix = bytes[index]
            if prefix == 0xFE {
                guard index + 2 < bytes.count else { throw DescriptorError("a long item is cut off at byte \(index)") }
                index += 3 + Int(bytes[index + 1])
                continue
            }
            let size = [0, 1, 2, 4][Int(prefix & 3)]
            guard index + size < bytes.count else { throw DescriptorError("an item is cut off at byte \(index)") }
            var unsigned: UInt32 = 0
            for byte in 0..<size { unsigned |= UInt32(bytes[index + 1 + byte]) << (8 * byte) }
            let signed: Int = switch size {
            case 1: Int(Int8(truncatingIfNeeded: unsigned))
            case 2: Int(Int16(truncatingIfNeeded: unsigned))
            case 4: Int(Int32(truncatingIfNeeded: unsigned))
            default: 0
            }
            let tag = prefix >> 4, type = (prefix >> 2) & 3
            index += 1 + size
            switch (type, tag) {
            case (0, 0x8), (0, 0x9), (0, 0xB): // Input, Output, Feature
                let usageList = expandedUsages(usages, minimum: usageMinimum, maximum: usageMaximum, page: globals.page)
                let bits = globals.reportSize * globals.reportCount
                if tag == 0x8 {
                    let isVariable = unsigned & 2 != 0, isConstant = unsigned & 1 != 0
                    if isVariable && !isConstant && !usageList.isEmpty {
                        for value in 0..<globals.reportCount {
                            let usage = usageList[min(value, usageList.count - 1)]
                            // A logical maximum that reads negative in its own size is an unsigned value (HID 1.11 allows both).
                            let maximum = globals.logicalMaximum < globals.logicalMinimum
                                ? Int(UInt32(truncatingIfNeeded: globals.logicalMaximum) & (globals.reportSize >= 32 ? .max : (1 << globals.reportSize) - 1))
                                : globals.logicalMaximum
                            descriptor.fields.append(Field(
                                usage: usage, reportID: globals.reportID,
                                bitOffset: inputBits[globals.reportID, default: 0] + value * globals.reportSize,
                                bitSize: globals.reportSize, logicalMinimum: globals.logicalMinimum, logicalMaximum: maximum,
                                physicalMinimum: globals.physicalMinimum, physicalMaximum: globals.physicalMaximum,
                                unitExponent: globals.unitExponent, unit: globals.unit,
                                application: collections.first { $0.type == 1 }?.usage ?? 0,
                                collection: collections.last { $0.type != 1 }?.index ?? -1))
                        }
                    }
                    inputBits[globals.reportID, default: 0] += bits
                } else if tag == 0xB {
                    for usage in usageList { descriptor.features.append((usage, globals.logicalMaximum)) }
                    featureBits[globals.reportID, default: 0] += bits
                }
                usages = []; usageMinimum = nil; usageMaximum = nil
            case (0, 0xA): // Collection
                let usage = expandedUsages(usages, minimum: usageMinimum, maximum: usageMaximum, page: globals.page).first ?? 0
                collections.append((usage, unsigned, collectionCount))
                collectionCount += 1
                usages = []; usageMinimum = nil; usageMaximum = nil
            case (0, 0xC): // End Collection
                guard collections.popLast() != nil else { throw DescriptorError("an End Collection without its Collection at byte \(index - 1 - size)") }
            case (1, 0x0): globals.page = unsigned
            case (1, 0x1): globals.logicalMinimum = signed
            case (1, 0x2): globals.logicalMaximum = signed
            case (1, 0x3): globals.physicalMinimum = signed
            case (1, 0x4): globals.physicalMaximum = signed
            case (1, 0x5): globals.unitExponent = Int(unsigned & 0xF) >= 8 ? Int(unsigned & 0xF) - 16 : Int(unsigned & 0xF)
            case (1, 0x6): globals.unit = unsigned
            case (1, 0x7): globals.reportSize = Int(unsigned)
            case (1, 0x8):
                guard unsigned > 0, unsigned < 256 else { throw DescriptorError("report id \(unsigned) (1 to 255)") }
                globals.reportID = UInt8(unsigned)
                descriptor.numbered = true
            case (1, 0x9): globals.reportCount = Int(unsigned)
            case (1, 0xA): stack.append(globals)
            case (1, 0xB):
                guard let top = stack.popLast() else { throw DescriptorError("a Pop without its Push") }
                globals = top
            case (2, 0x0): usages.append(size == 4 ? unsigned : globals.page << 16 | unsigned)
            case (2, 0x1): usageMinimum = size == 4 ? unsigned : globals.page << 16 | unsigned
            case (2, 0x2): usageMaximum = size == 4 ? unsigned : globals.page << 16 | unsigned
            default: break
            }
        }
        guard collections.isEmpty else { throw DescriptorError("\(collections.count) collection(s) not ended") }
        descriptor.inputReportBytes = inputBits.mapValues { ($0 + 7) / 8 }
        return descriptor
    }

    private static func expandedUsages(_ usages: [UInt32], minimum: UInt32?, maximum: UInt32?, page: UInt32) -> [UInt32] {
        guard let minimum, let maximum, minimum <= maximum, maximum - minimum < 4096 else { return usages }
        return usages + Array(minimum...maximum)
    }

    /// The value of `field` in `report` (whose first byte is the report id when the descriptor numbers reports).
    public func value(of field: Field, in report: [UInt8]) -> Int {
        let start = (numbered ? 8 : 0) + field.bitOffset
        var raw: UInt64 = 0
        for bit in 0..<field.bitSize {
            let position = start + bit
            guard position / 8 < report.count else { break }
            if report[position / 8] & (1 << (position % 8)) != 0 { raw |= 1 << UInt64(bit) }
        }
        if field.logicalMinimum < 0, field.bitSize < 64, raw & (1 << UInt64(field.bitSize - 1)) != 0 {
            return Int(Int64(bitPattern: raw | ~((1 << UInt64(field.bitSize)) - 1)))
        }
        return Int(raw)
    }
}

/// A report descriptor that cannot be parsed.
public struct DescriptorError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, without location.
    public let description: String
    init(_ description: String) { self.description = description }
}
