import GrantedSyntax
import GrantedLinter

/// Recorded findings that should not fail a run. Entries match on the file's path relative to the
/// repository, the rule id and the finding's source line with white space folded — not on line
/// numbers — with a count for identical lines, so edits elsewhere in a file do not resurrect them.
public struct Baseline: Equatable {
    public struct Key: Hashable, Comparable {
        public let path: String
        public let rule: String
        public let source: String

        public static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.path, lhs.rule, lhs.source) < (rhs.path, rhs.rule, rhs.source)
        }
    }

    public private(set) var counts: [Key: Int] = [:]

    public init() {}

    public static func key(for diagnostic: Diagnostic, path: String, text: SourceText) -> Key {
        let line = text.lineText(text.lineIndex(containing: diagnostic.range.lowerBound))
        let folded = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        return Key(path: path, rule: diagnostic.ruleId, source: folded)
    }

    public mutating func record(_ key: Key) { counts[key, default: 0] += 1 }

    /// Removes one occurrence; false when the baseline has none left for `key`.
    public mutating func consume(_ key: Key) -> Bool {
        guard let count = counts[key], count > 0 else { return false }
        counts[key] = count - 1
        return true
    }

    /// Entries (with their unmatched counts) left after consuming, limited to the given paths.
    public func unmatched(in paths: Set<String>) -> [(Key, Int)] {
        counts.filter { $0.value > 0 && paths.contains($0.key.path) }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    public var entryCount: Int { counts.values.reduce(0, +) }

    // MARK: - File format

    /// Sorted, stable, diff-friendly JSON.
    public func serialized() -> String {
        var lines = ["{", "  \"version\": 1,", "  \"findings\": ["]
        let entries = counts.filter { $0.value > 0 }.sorted { $0.key < $1.key }
        for (index, entry) in entries.enumerated() {
            let comma = index + 1 < entries.count ? "," : ""
            lines.append("    { \"path\": \(Baseline.quote(entry.key.path)), \"rule\": \(Baseline.quote(entry.key.rule)), \"source\": \(Baseline.quote(entry.key.source)), \"count\": \(entry.value) }\(comma)")
        }
        lines.append("  ]")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    public struct FormatError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    public static func parse(_ bytes: [UInt8]) throws -> Baseline {
        let root: JSONNode
        do {
            root = try JSONNode.parse(bytes)
        } catch let error as JSONNode.ParseError {
            throw FormatError(message: "line \(error.line): invalid JSON: \(error.message)")
        }
        guard case let .object(members, _) = root,
              let findings = members.first(where: { $0.key == "findings" })?.value,
              case let .array(items, _) = findings else {
            throw FormatError(message: "a baseline is an object with a \"findings\" array")
        }
        var baseline = Baseline()
        for item in items {
            guard case let .object(fields, line) = item else {
                throw FormatError(message: "line \(item.line): each finding must be an object")
            }
            func string(_ name: String) throws -> String {
                guard case let .string(value, _)? = fields.first(where: { $0.key == name })?.value else {
                    throw FormatError(message: "line \(line): a finding needs a string \"\(name)\"")
                }
                return value
            }
            var count = 1
            if let countNode = fields.first(where: { $0.key == "count" })?.value {
                guard case let .number(value, _) = countNode, value >= 1, value == value.rounded() else {
                    throw FormatError(message: "line \(line): \"count\" must be a whole number of at least 1")
                }
                count = Int(value)
            }
            let key = Key(path: try string("path"), rule: try string("rule"), source: try string("source"))
            baseline.counts[key, default: 0] += count
        }
        return baseline
    }

    static func quote(_ text: String) -> String { JSONText.quoted(text) }
}

/// JSON string literals, shared by the baseline file and the reporters.
public enum JSONText {
    /// Byte by byte over the UTF-8: JSON escapes only ASCII, so every other byte is copied as it is
    /// (appending scalar by scalar cost about 90 ns a byte of report).
    public static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case ..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }
}
