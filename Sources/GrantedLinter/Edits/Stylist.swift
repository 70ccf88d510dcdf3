import GrantedSemantics
import GrantedSyntax

/// How a file writes its code where a fix edits it: its line endings, its indentation, one member a
/// line or inline. A fix writes new code the way the code around it is written, so that its diff
/// shows only what it changes (Ruff keeps the same knowledge in its `Stylist`). The answers are
/// local, taken from the lines next to the edit: a file that mixes line endings or indentation
/// keeps each part as it was.
public struct Stylist {
    let bytes: [UInt8]

    public init(_ source: SourceText) {
        bytes = source.bytes
    }

    /// The line ending that ends the line holding `offset`; on the last line, the file's first; in a
    /// file of one line, `\n`.
    public func lineEnding(after offset: Int) -> String {
        var index = offset
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        if index >= bytes.count, let first = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) { index = first }
        guard index < bytes.count else { return "\n" }
        if bytes[index] == 0x0D { return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? "\r\n" : "\r" }
        return "\n"
    }

    /// The blanks between the start of the line and `offset`; empty when anything else comes first
    /// on that line.
    public func indentation(before offset: Int) -> String {
        var start = offset
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        guard start == 0 || bytes[start - 1] == 0x0A || bytes[start - 1] == 0x0D else { return "" }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// The blanks that start the line holding `offset`, whatever follows them.
    public func lineIndentation(at offset: Int) -> String {
        Syntax.lineIndentation(at: offset, in: bytes)
    }

    /// Whether only blanks come before `offset` on its line.
    public func startsLine(_ offset: Int) -> Bool {
        var start = offset
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        return start == 0 || bytes[start - 1] == 0x0A || bytes[start - 1] == 0x0D
    }

    /// What goes between `member` and a member added next to it in its object or list: a line ending
    /// and the member's indentation when the member has a line of its own, else one space.
    public func memberSeparator(for member: Node) -> String {
        let indentation = indentation(before: member.startByte)
        let lineStart = max(member.startByte - indentation.utf8.count, 0)
        let ownLine = lineStart == 0 || bytes[lineStart - 1] == 0x0A || bytes[lineStart - 1] == 0x0D
        return ownLine ? lineEnding(after: member.endByte) + indentation : " "
    }

    /// One level of indentation, for code that `node` (indented by `indentation`) will hold: how much
    /// deeper than `indentation` the line after `firstLineBreak` (the first inside the node) is; else
    /// how much deeper `indentation` is than the nearest enclosing line that is less indented; else
    /// the smallest indentation in the file (a tab if the file indents with tabs); else two spaces.
    func indentationUnit(inside node: Node, firstLineBreak: Int?, indentation: String) -> String {
        if let first = firstLineBreak {
            let next = lineIndentation(at: first + 1)
            if next.hasPrefix(indentation), next.count > indentation.count { return String(next.dropFirst(indentation.count)) }
        }
        var ancestor = node.parent
        while let current = ancestor {
            let outer = lineIndentation(at: current.startByte)
            if indentation.hasPrefix(outer), indentation.count > outer.count { return String(indentation.dropFirst(outer.count)) }
            ancestor = current.parent
        }
        var smallest: Int?
        var lineStart = 0
        while lineStart < bytes.count {
            var index = lineStart
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            // Indented lines with code (not blank, not the ` * ` of a block comment).
            if index > lineStart, index < bytes.count, ![0x0A, 0x0D, UInt8(ascii: "*")].contains(bytes[index]) {
                if bytes[lineStart] == 0x09 { return "\t" }
                smallest = min(smallest ?? Int.max, index - lineStart)
            }
            while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            while index < bytes.count, bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
            lineStart = index
        }
        return String(repeating: " ", count: smallest ?? 2)
    }
}
