import GrantedSyntax

extension Edits {
    /// The edit that gives `arrow` a block body in place of its expression `body`:
    /// `{ <statement> return <body>; }`, one statement a line, where `rewrite` writes the part `part`
    /// of the body anew (given the indentation added to the body's lines, for the lines it writes).
    /// It lets a fix put a statement before the value an arrow returns (`=> ({ … })` becomes
    /// `=> { const x = …; return { … }; }`).
    ///
    /// The block is indented like the line the body starts on (or, when the body has a line of its
    /// own under `=>`, like the arrow's line), its statements one level deeper (`Stylist`); the lines
    /// of the returned expression move with it (never inside a string or template, whose content
    /// would change), the parentheses around the whole body go (kept when a comment sits inside them),
    /// and the file's line ending is used.
    public static func blockBody(of arrow: Node, body: Node, statement: String, rewriting part: Range<Int>,
                                 as rewrite: (_ addedIndentation: String) -> String) -> TextEdit {
        let tree = body.tree
        let source = tree.source
        let bytes = source.bytes
        let stylist = Stylist(source)
        let lineEnding = stylist.lineEnding(after: body.startByte)
        // The returned expression: the body without the parentheses around it all.
        var returned = body
        while returned.is(.parenthesizedExpression), returned.namedChildCount == 1, let inner = returned.namedChild(0) {
            returned = inner
        }
        // Line breaks inside the returned expression that are code, not the content of a string.
        func isLineBreak(_ index: Int) -> Bool {
            bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A))
        }
        func isInsideString(_ index: Int) -> Bool {
            var node = tree.root.descendant(spanning: index..<(index + 1))
            while let current = node, current.startByte >= returned.startByte {
                if [.string, .templateString].contains(current.nodeKind), current.startByte < index { return true }
                node = current.parent
            }
            return false
        }
        let codeLineBreaks = (returned.startByte..<returned.endByte).filter { isLineBreak($0) && !isInsideString($0) }

        let bodyIndentation = stylist.lineIndentation(at: body.startByte)
        let arrowToken = arrow.children.first { $0.is(.arrow) }
        var start = body.startByte
        var opening = "{"
        var base = bodyIndentation
        let unit: String
        let extraIndentation: String
        if let arrowToken,
           bytes[arrowToken.endByte..<body.startByte].allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }),
           bytes[arrowToken.endByte..<body.startByte].contains(where: { $0 == 0x0A || $0 == 0x0D }),
           case let arrowIndentation = stylist.lineIndentation(at: arrowToken.startByte),
           bodyIndentation.hasPrefix(arrowIndentation), bodyIndentation.count > arrowIndentation.count {
            // `=>⏎    body`: the block opens after `=>`, the statements take the body's indentation.
            start = arrowToken.endByte
            opening = " {"
            base = arrowIndentation
            unit = String(bodyIndentation.dropFirst(arrowIndentation.count))
            extraIndentation = ""
        } else {
            unit = stylist.indentationUnit(inside: body, firstLineBreak: codeLineBreaks.first, indentation: bodyIndentation)
            extraIndentation = unit
        }

        // The returned expression's own lines, each indented one level deeper (blank lines stay blank).
        func indented(_ range: Range<Int>) -> String {
            guard !extraIndentation.isEmpty else { return source.text(in: range) }
            var text = ""
            var segmentStart = range.lowerBound
            for index in codeLineBreaks where range.contains(index) {
                let next = index + 1
                guard next < bytes.count, bytes[next] != 0x0A, bytes[next] != 0x0D else { continue }
                text += source.text(in: segmentStart..<next) + extraIndentation
                segmentStart = next
            }
            return text + source.text(in: segmentStart..<range.upperBound)
        }
        let returnedText = indented(returned.startByte..<part.lowerBound) + rewrite(extraIndentation)
            + indented(part.upperBound..<returned.endByte)
        let inner = base + unit
        let replacement = opening + lineEnding + inner + statement + lineEnding + inner + "return " + returnedText + ";"
            + lineEnding + base + "}"
        return TextEdit(range: start..<body.endByte, replacement: replacement)
    }
}
