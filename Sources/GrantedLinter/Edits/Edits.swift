import GrantedSyntax

/// The text edits fixes are made of, written the way the file is written (`Stylist`): a statement
/// added before or after another, items added to a braced list, a member taken out of an object, an
/// arrow's expression body turned into a block. A rule says what to change; these say how the text
/// changes, so that two rules adding a statement add it alike (Ruff keeps its edits apart from its
/// rules in the same way, in `fix/edits.rs`).
public enum Edits {
    /// The insertion of `statement` (with its `;`) just before `node`, a statement in a block: on a
    /// line of its own with the node's indentation when the node starts its line, else on the same
    /// line, followed by a space.
    public static func insertion(of statement: String, before node: Node) -> TextEdit {
        let stylist = Stylist(node.tree.source)
        let offset = node.startByte
        guard stylist.startsLine(offset) else {
            return TextEdit(range: offset..<offset, replacement: statement + " ")
        }
        return TextEdit(range: offset..<offset, replacement: statement + stylist.lineEnding(after: offset) + stylist.lineIndentation(at: offset))
    }

    /// The insertion of `statement` (with its `;`) just after `node`, a statement in a block: on a line
    /// of its own with the node's indentation (after a `//` comment that ends the node's line), or on
    /// the same line, after a space, when code follows the node there.
    public static func insertion(of statement: String, after node: Node) -> TextEdit {
        let bytes = node.tree.source.bytes
        var index = node.endByte
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        }
        guard index == bytes.count || bytes[index] == 0x0A || bytes[index] == 0x0D else {
            return TextEdit(range: node.endByte..<node.endByte, replacement: " " + statement)
        }
        let stylist = Stylist(node.tree.source)
        return TextEdit(range: index..<index, replacement: stylist.lineEnding(after: node.startByte) + stylist.lineIndentation(at: node.startByte) + statement)
    }

    /// The insertion that appends `items` to a braced, comma-separated list (an object pattern, named
    /// imports), written the way the list is: one a line with the last item's indentation, with or
    /// without a trailing comma, or inline. Nil for an empty list.
    public static func appending(_ items: [String], to list: Node) -> TextEdit? {
        let bytes = list.tree.source.bytes
        guard let last = list.namedChildren.last(where: { $0.nodeKind != .comment }) else { return nil }
        var index = last.endByte
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        let trailingComma = index < bytes.count && bytes[index] == UInt8(ascii: ",")
        let stylist = Stylist(list.tree.source)
        guard stylist.startsLine(last.startByte) else {
            return TextEdit(range: last.endByte..<last.endByte, replacement: items.map { ", \($0)" }.joined())
        }
        let lineEnding = stylist.lineEnding(after: last.startByte)
        let indentation = stylist.lineIndentation(at: last.startByte)
        guard trailingComma else {
            return TextEdit(range: last.endByte..<last.endByte, replacement: items.map { ",\(lineEnding)\(indentation)\($0)" }.joined())
        }
        // After the comma and what ends its line (a comment).
        var end = index + 1
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        return TextEdit(range: end..<end, replacement: items.map { "\(lineEnding)\(indentation)\($0)," }.joined())
    }

    /// The deletion of `member` from its object with its trailing comma. When the member has a line of
    /// its own, the whole line goes, a `//` comment ending it included: `deletedComment` is that
    /// comment, which the fix should name (nobody expects a fix to delete a comment in silence).
    public static func deletion(of member: Node) -> (edit: TextEdit, deletedComment: String?) {
        let bytes = member.tree.source.bytes
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        var end = member.endByte
        while end < bytes.count, isBlank(bytes[end]) { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: ",") {
            end += 1
            while end < bytes.count, isBlank(bytes[end]) { end += 1 }
        }
        var lineStart = member.startByte
        while lineStart > 0, isBlank(bytes[lineStart - 1]) { lineStart -= 1 }
        let startsLine = lineStart == 0 || bytes[lineStart - 1] == 0x0A || bytes[lineStart - 1] == 0x0D
        var lineEnd = end
        var comment: String?
        if lineEnd + 1 < bytes.count, bytes[lineEnd] == UInt8(ascii: "/"), bytes[lineEnd + 1] == UInt8(ascii: "/") {
            let commentStart = lineEnd
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
            comment = String(decoding: bytes[commentStart..<lineEnd], as: UTF8.self)
        }
        let endsLine = lineEnd == bytes.count || bytes[lineEnd] == 0x0A || bytes[lineEnd] == 0x0D
        if startsLine, endsLine {
            if lineEnd < bytes.count, bytes[lineEnd] == 0x0D { lineEnd += 1 }
            if lineEnd < bytes.count, bytes[lineEnd] == 0x0A { lineEnd += 1 }
            return (TextEdit(range: lineStart..<lineEnd, replacement: ""), comment)
        }
        return (TextEdit(range: member.startByte..<end, replacement: ""), nil)
    }

    /// The edits of one fix as `FixApplier` takes them: the insertions at one offset joined into one
    /// edit, in the order given, and everything sorted by position. Nil when two edits touch the same
    /// text (an insertion inside a replaced range, or where a replacement starts, two replacements that
    /// overlap): applied together, they could not all say what they meant.
    public static func combined(_ edits: [TextEdit]) -> [TextEdit]? {
        var replacements: [TextEdit] = []
        var insertedText: [Int: String] = [:]
        var insertionOffsets: [Int] = []
        for edit in edits {
            guard edit.range.isEmpty else {
                replacements.append(edit)
                continue
            }
            if insertedText[edit.range.lowerBound] == nil { insertionOffsets.append(edit.range.lowerBound) }
            insertedText[edit.range.lowerBound, default: ""] += edit.replacement
        }
        var combined = replacements + insertionOffsets.map { TextEdit(range: $0..<$0, replacement: insertedText[$0]!) }
        combined.sort { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        for (earlier, later) in zip(combined, combined.dropFirst()) {
            if later.range.lowerBound < earlier.range.upperBound { return nil }
            if later.range.lowerBound == earlier.range.lowerBound, earlier.range.isEmpty || later.range.isEmpty { return nil }
        }
        return combined
    }
}
