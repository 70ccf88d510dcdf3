#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one source file with a line table: converts UTF-8 byte offsets (what tree-sitter
/// reports and what granted-lint keeps internally) to 1-based lines and 1-based UTF-16 columns (what
/// editors, LSP and SARIF consumers count).
public final class SourceText {
    /// The UTF-8 bytes, without a leading byte-order mark.
    public let bytes: [UInt8]
    /// Whether the file began with a UTF-8 byte-order mark (removed from `bytes`; restored when writing).
    public let hadByteOrderMark: Bool
    /// Byte offset where each line starts. Lines end at LF, CRLF or a lone CR. Computed on first
    /// use: most files of a large tree are never reported on.
    public var lineStarts: [Int] {
        if let cached = lineStartsCache { return cached }
        let computed = SourceText.computeLineStarts(bytes)
        lineStartsCache = computed
        return computed
    }

    private var lineStartsCache: [Int]?

    public init(bytes input: [UInt8]) {
        if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF {
            bytes = Array(input[3...])
            hadByteOrderMark = true
        } else {
            bytes = input
            hadByteOrderMark = false
        }
    }

    private static func computeLineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var index = 0
        let count = bytes.count
        bytes.withUnsafeBufferPointer { buffer in
            while index < count {
                let byte = buffer[index]
                if byte == 0x0A {
                    starts.append(index + 1)
                } else if byte == 0x0D {
                    if index + 1 < count, buffer[index + 1] == 0x0A { index += 1 }
                    starts.append(index + 1)
                }
                index += 1
            }
        }
        return starts
    }

    public convenience init(_ string: String) { self.init(bytes: Array(string.utf8)) }

    public var lineCount: Int { lineStarts.count }

    /// 0-based index of the line containing `offset`.
    public func lineIndex(containing offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// 1-based line and 1-based UTF-16 column of a byte offset.
    public func position(of offset: Int) -> SourcePosition {
        let clamped = min(max(offset, 0), bytes.count)
        let line = lineIndex(containing: clamped)
        var column = 0
        var index = lineStarts[line]
        while index < clamped {
            let byte = bytes[index]
            let length: Int
            if byte < 0x80 { length = 1 } else if byte >> 5 == 0x6 { length = 2 } else if byte >> 4 == 0xE { length = 3 } else if byte >> 3 == 0x1E { length = 4 } else { length = 1 }
            // A four-byte UTF-8 sequence is a supplementary-plane scalar: two UTF-16 code units.
            column += length == 4 ? 2 : 1
            index += length
        }
        return SourcePosition(line: line + 1, column: column + 1)
    }

    /// The byte range of a 0-based line, without its line terminator.
    public func lineRange(_ lineIndex: Int) -> Range<Int> {
        let start = lineStarts[lineIndex]
        var end = lineIndex + 1 < lineStarts.count ? lineStarts[lineIndex + 1] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// The text of a 0-based line, without its line terminator.
    public func lineText(_ lineIndex: Int) -> String { text(in: lineRange(lineIndex)) }

    public func text(in range: Range<Int>) -> String {
        let clamped = range.clamped(to: 0..<bytes.count)
        return String(decoding: bytes[clamped], as: UTF8.self)
    }

    public func bytes(in range: Range<Int>, equal string: String) -> Bool {
        let utf8 = string.utf8
        guard range.count == utf8.count, range.upperBound <= bytes.count else { return false }
        var index = range.lowerBound
        for byte in utf8 {
            if bytes[index] != byte { return false }
            index += 1
        }
        return true
    }

    /// Whether `needle` occurs anywhere in the bytes (a cheap test before parsing).
    public func contains(_ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        return pattern.isEmpty || firstOccurrence(of: pattern) { _ in true }
    }
}

public struct SourcePosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// Tells whether a text contains any of several byte strings, scanning once per distinct anchor byte
/// instead of once per string: each string is anchored on its rarest byte in source code (`@`, `-`
/// or a capital rather than `e`), found with `memchr`, and compared only around those hits. The
/// prefilters run this over every file of a project, so it is most of a clean file's cost.
public struct NeedleSet: Sendable {
    /// The strings grouped by anchor byte, laid out flat and never changed: every thread of a run
    /// scans every file with the same sets, and reading them costs no reference counting (arrays
    /// of arrays cost a retain and a release per group per file, on counters both cores wrote).
    private final class Table: @unchecked Sendable {
        /// Per group: its anchor byte, and where its strings start in `needleStarts` (one more
        /// entry than groups).
        let anchors: UnsafeMutableBufferPointer<UInt8>
        let groupStarts: UnsafeMutableBufferPointer<Int>
        /// Per string: where its bytes start in `bytes` (one more entry than strings), and where
        /// its anchor byte sits in it.
        let needleStarts: UnsafeMutableBufferPointer<Int>
        let anchorOffsets: UnsafeMutableBufferPointer<Int>
        let bytes: UnsafeMutableBufferPointer<UInt8>

        init(groups: [(anchor: UInt8, needles: [(bytes: [UInt8], anchorOffset: Int)])]) {
            let needles = groups.flatMap(\.needles)
            anchors = .allocate(capacity: groups.count)
            groupStarts = .allocate(capacity: groups.count + 1)
            needleStarts = .allocate(capacity: needles.count + 1)
            anchorOffsets = .allocate(capacity: max(needles.count, 1))
            bytes = .allocate(capacity: max(needles.reduce(0) { $0 + $1.bytes.count }, 1))
            var needleIndex = 0
            var byteIndex = 0
            for (groupIndex, group) in groups.enumerated() {
                anchors[groupIndex] = group.anchor
                groupStarts[groupIndex] = needleIndex
                for needle in group.needles {
                    needleStarts[needleIndex] = byteIndex
                    anchorOffsets[needleIndex] = needle.anchorOffset
                    for byte in needle.bytes {
                        bytes[byteIndex] = byte
                        byteIndex += 1
                    }
                    needleIndex += 1
                }
            }
            groupStarts[groups.count] = needleIndex
            needleStarts[needles.count] = byteIndex
        }

        deinit {
            anchors.deallocate()
            groupStarts.deallocate()
            needleStarts.deallocate()
            anchorOffsets.deallocate()
            bytes.deallocate()
        }
    }

    private let table: Table
    public let isEmpty: Bool

    public init(_ strings: [String]) {
        var byAnchor: [UInt8: [(bytes: [UInt8], anchorOffset: Int)]] = [:]
        for string in Set(strings) where !string.isEmpty {
            let bytes = Array(string.utf8)
            let offset = bytes.indices.min { NeedleSet.commonness(bytes[$0]) < NeedleSet.commonness(bytes[$1]) } ?? 0
            byAnchor[bytes[offset], default: []].append((bytes, offset))
        }
        let groups = byAnchor.sorted { $0.key < $1.key }.map { (anchor: $0.key, needles: $0.value) }
        table = Table(groups: groups)
        isEmpty = groups.isEmpty
    }

    /// How often a byte occurs in JavaScript and TypeScript source, roughly: 0 for rare bytes,
    /// higher for common ones.
    private static let commonness: [UInt8: Int] = {
        let mostCommonFirst = Array(" etaoinsrlcdu\n.(),;'pmgfhb=:yv{}w\"_kSxCPTEIRAD/N[]jqBLOMFz<>U-1F0HGVW?2!K+3*&|".utf8)
        var table: [UInt8: Int] = [:]
        for (position, byte) in mostCommonFirst.enumerated() where table[byte] == nil {
            table[byte] = mostCommonFirst.count - position
        }
        return table
    }()

    private static func commonness(_ byte: UInt8) -> Int { commonness[byte] ?? 0 }

    public func matchesAny(_ text: SourceText) -> Bool { matchesAny(text.bytes) }

    public func matchesAny(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { matchesAny($0) }
    }

    public func matchesAny(_ haystack: UnsafeRawBufferPointer) -> Bool {
        guard let base = haystack.baseAddress else { return false }
        let table = self.table
        let count = haystack.count
        let needleBytes = UnsafeRawPointer(table.bytes.baseAddress!)
        for group in 0..<table.anchors.count {
            let anchor = Int32(table.anchors[group])
            let first = table.groupStarts[group], end = table.groupStarts[group + 1]
            var offset = 0
            while offset < count, let found = memchr(base + offset, anchor, count - offset) {
                let position = base.distance(to: UnsafeRawPointer(found))
                for needle in first..<end {
                    let start = position - table.anchorOffsets[needle]
                    let length = table.needleStarts[needle + 1] - table.needleStarts[needle]
                    guard start >= 0, start + length <= count else { continue }
                    if memcmp(base + start, needleBytes + table.needleStarts[needle], length) == 0 { return true }
                }
                offset = position + 1
            }
        }
        return false
    }
}

extension SourceText {
    /// Whether `accept` takes an offset where `pattern` starts (tried in order until one is
    /// taken): libc's vectorised `memchr` finds each candidate first byte, `memcmp` checks the
    /// rest. Every byte search of a text goes through here.
    private func firstOccurrence(of pattern: [UInt8], where accept: (Int) -> Bool) -> Bool {
        guard let first = pattern.first, pattern.count <= bytes.count else { return false }
        return bytes.withUnsafeBytes { haystack in
            pattern.withUnsafeBytes { target in
                guard let base = haystack.baseAddress, let targetBase = target.baseAddress else { return false }
                let last = haystack.count - target.count
                var offset = 0
                while offset <= last {
                    guard let candidate = memchr(base + offset, Int32(first), last - offset + 1) else { return false }
                    let position = base.distance(to: UnsafeRawPointer(candidate))
                    offset = position + 1
                    if memcmp(base + position, targetBase, target.count) == 0, accept(position) { return true }
                }
                return false
            }
        }
    }

    /// Every offset where `needle` starts.
    public func offsets(of needle: String) -> [Int] {
        var found: [Int] = []
        _ = firstOccurrence(of: Array(needle.utf8)) { found.append($0); return false }
        return found
    }

    /// Bytes of a name: ASCII letters, digits, `_`, `$`, and every byte of a non-ASCII character.
    public static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95 || byte == 36 || byte >= 0x80
    }

    /// Whether `name` occurs as a whole word (not inside a longer identifier).
    public func containsIdentifier(_ name: String) -> Bool {
        containsWord(Array(name.utf8), outside: 0..<0)
    }

    /// Whether `pattern` occurs as a whole word anywhere but in `region`.
    public func containsWord(_ pattern: [UInt8], outside region: Range<Int>) -> Bool {
        firstOccurrence(of: pattern) { position in
            let end = position + pattern.count
            if position > 0, SourceText.isWordByte(bytes[position - 1]) { return false }
            if end < bytes.count, SourceText.isWordByte(bytes[end]) { return false }
            return !(position >= region.lowerBound && end <= region.upperBound)
        }
    }
}

/// Where two versions of a text differ.
public enum TextDifference {
    /// The lengths of the longest common prefix and, in what remains, the longest common suffix:
    /// `old[prefix..<(old.count - suffix)]` became `new[prefix..<(new.count - suffix)]`. Compared a
    /// block at a time with `memcmp` (an editor's buffer differs from its last text in a few bytes).
    public static func commonEnds(_ old: [UInt8], _ new: [UInt8]) -> (prefix: Int, suffix: Int) {
        old.withUnsafeBytes { o in
            new.withUnsafeBytes { n in
                let shorter = min(o.count, n.count)
                guard shorter > 0, let ob = o.baseAddress, let nb = n.baseAddress else { return (0, 0) }
                let block = 64
                var prefix = 0
                while prefix + block <= shorter, memcmp(ob + prefix, nb + prefix, block) == 0 { prefix += block }
                while prefix < shorter, o[prefix] == n[prefix] { prefix += 1 }
                let limit = shorter - prefix
                var suffix = 0
                while suffix + block <= limit, memcmp(ob + o.count - suffix - block, nb + n.count - suffix - block, block) == 0 {
                    suffix += block
                }
                while suffix < limit, o[o.count - 1 - suffix] == n[n.count - 1 - suffix] { suffix += 1 }
                return (prefix, suffix)
            }
        }
    }
}

