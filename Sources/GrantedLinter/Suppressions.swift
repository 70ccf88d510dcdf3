import GrantedSyntax

/// Findings the engine itself reports, configurable like rules.
public enum EngineRules {
    public static let unusedSuppression = RuleDescription(
        id: "unused-suppression",
        summary: "A `granted-lint-disable` comment that silences nothing, or names an unknown rule",
        rationale: """
        ## What it does
        Reports each `granted-lint-disable-next-line`, `granted-lint-disable-line` or \
        `granted-lint-disable` comment that silences no finding, and each rule id in such a comment \
        that is not a granted-lint rule.

        ## Why is this bad?
        A stale suppression hides the next real finding on that line, and a misspelt rule id silences \
        nothing while looking as if it did.

        ## Example
        ```ts
        // granted-lint-disable-next-line provisional-blind-check -- checked below
        const ready = true;
        ```

        ## Fix safety
        Removing a comment that silences nothing is safe (the fix deletes the comment, and its line \
        when the comment stands alone).

        ## References
        - ESLint's `--report-unused-disable-directives`, SwiftLint's `superfluous_disable_command`.
        """,
        defaultSeverity: .warning,
        fixAvailability: .sometimes,
        tags: ["suppression", "maintainability"],
        precision: "very-high",
        triggeringExamples: [],
        nonTriggeringExamples: [],
        messages: [
            RuleMessage("unknownIds", "`{code}` names {unknown}", notes: ["it silences nothing"],
                        help: "remove it, or name rules that `granted-lint --list-rules` shows"),
            RuleMessage("unused", "`{code}` silences no finding", notes: ["no {ids} finding here to silence"],
                        help: "remove the suppression comment"),
            RuleMessage("needless", "`{code}` lists rules it does not need", notes: ["{parts}"],
                        help: "remove those rules from the comment"),
        ]
    )

    public static let syntaxError = RuleDescription(
        id: syntaxErrorRuleId,
        summary: "The file could not be parsed cleanly (only with --strict-syntax)",
        rationale: """
        ## What it does
        With `--strict-syntax` (or `"strictSyntax": true` in `.granted-lint.json`), reports the first \
        place tree-sitter had to recover from. Without it, such a file is a notification in the \
        report, never a finding: the rest of the file is still checked as far as it parses, and the \
        report names the permission functions whose findings may be incomplete.

        ## Why is this bad?
        Code that does not parse cannot be analysed reliably. But valid code the grammar does not \
        know ends up here too, which is why a gate should not fail on it unless the team opts in.

        ## Example
        `const x = ;`

        ## Fix safety
        No fix.

        ## References
        - tree-sitter's error recovery.
        """,
        defaultSeverity: .error,
        tags: ["parse"],
        precision: "very-high",
        triggeringExamples: [],
        nonTriggeringExamples: [],
        messages: [
            RuleMessage("syntaxError", "Syntax error: {description}", notes: ["the file was checked as far as it could be parsed"],
                        help: "fix the syntax, or run without --strict-syntax if the grammar does not know valid code"),
        ]
    )

    public static let all: [RuleDescription] = [unusedSuppression, syntaxError]
}

/// One `granted-lint-disable…` comment.
struct SuppressionDirective {
    enum Scope {
        case nextLine
        case sameLine
        /// From the comment to the end of the file.
        case rest
    }

    let scope: Scope
    /// Rule ids named; empty silences every rule.
    let ruleIds: [String]
    let comment: Node
    /// 0-based line the directive applies to (for the line scopes) or from (for `rest`).
    let line: Int
    var usedIds = Set<String>()
    var used = false

    /// Parses a comment; nil when it is not a directive.
    static func parse(_ comment: Node, source: SourceText) -> SuppressionDirective? {
        var text = Substring(comment.text)
        if text.hasPrefix("//") {
            text = text.dropFirst(2)
        } else if text.hasPrefix("/*") {
            text = text.dropFirst(2)
            if text.hasSuffix("*/") { text = text.dropLast(2) }
        } else {
            return nil
        }
        text = text.drop { $0 == " " || $0 == "\t" || $0 == "*" }
        let directives: [(String, Scope)] = [
            ("granted-lint-disable-next-line", .nextLine), ("granted-lint-disable-line", .sameLine),
            ("granted-lint-disable", .rest),
        ]
        for (keyword, scope) in directives where text.hasPrefix(keyword) {
            var rest = text.dropFirst(keyword.count)
            guard rest.isEmpty || rest.first == " " || rest.first == "\t" || rest.first == "\n" else { continue }
            // `-- reason` ends the list of ids.
            var scan = rest.startIndex
            while scan < rest.endIndex {
                let next = rest.index(after: scan)
                if rest[scan] == "-", next < rest.endIndex, rest[next] == "-" { rest = rest[..<scan]; break }
                scan = next
            }
            let ids = rest.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "*" })
                .map(String.init)
            let startLine = source.lineIndex(containing: comment.startByte)
            let endLine = source.lineIndex(containing: max(comment.startByte, comment.endByte - 1))
            let line: Int
            switch scope {
            case .nextLine: line = endLine + 1
            case .sameLine: line = startLine
            case .rest: line = startLine
            }
            return SuppressionDirective(scope: scope, ruleIds: ids, comment: comment, line: line)
        }
        return nil
    }

    func covers(line findingLine: Int) -> Bool {
        switch scope {
        case .nextLine, .sameLine: return findingLine == line
        case .rest: return findingLine >= line
        }
    }
}

/// Applies a file's suppression comments to its findings and reports the comments that silenced
/// nothing.
struct SuppressionFilter {
    let knownRuleIds: Set<String>
    let enabledRuleIds: Set<String>
    let unusedSeverity: Severity?

    func apply(_ diagnostics: [Diagnostic], comments: [Node], source: SourceText) -> [Diagnostic] {
        var directives = comments.compactMap { SuppressionDirective.parse($0, source: source) }
        guard !directives.isEmpty else { return diagnostics }
        var kept: [Diagnostic] = []
        for diagnostic in diagnostics {
            let line = source.lineIndex(containing: diagnostic.range.lowerBound)
            var suppressed = false
            for index in directives.indices where directives[index].covers(line: line) {
                let directive = directives[index]
                if directive.ruleIds.isEmpty || directive.ruleIds.contains(diagnostic.ruleId) {
                    directives[index].used = true
                    directives[index].usedIds.insert(diagnostic.ruleId)
                    suppressed = true
                }
            }
            if !suppressed { kept.append(diagnostic) }
        }
        guard let unusedSeverity else { return kept }
        for directive in directives {
            let unknown = directive.ruleIds.filter { !knownRuleIds.contains($0) }
            // A rule that is turned off here could not have fired; its suppression is not stale.
            let idle = directive.ruleIds.filter {
                knownRuleIds.contains($0) && enabledRuleIds.contains($0) && !directive.usedIds.contains($0)
            }
            let messageId: String
            // The directive without its rule list: the ids are named in the message's other parts.
            var arguments = ["code": Self.directiveQuote(directive.comment.text)]
            let removable: Bool
            func quoted(_ ids: [String]) -> String { ids.map { "'\($0)'" }.joined(separator: ", ") }
            if !directive.ruleIds.isEmpty, unknown.count == directive.ruleIds.count {
                messageId = "unknownIds"
                arguments["unknown"] = "unknown rule id\(unknown.count == 1 ? "" : "s") \(quoted(unknown))"
                removable = true
            } else if !directive.used, directive.ruleIds.isEmpty || idle.count + unknown.count == directive.ruleIds.count, !idle.isEmpty || directive.ruleIds.isEmpty {
                messageId = "unused"
                arguments["ids"] = directive.ruleIds.isEmpty
                    ? "other"
                    : quoted(idle) + (unknown.isEmpty ? "" : "; unknown rule id \(quoted(unknown))")
                removable = true
            } else if !unknown.isEmpty || !idle.isEmpty {
                var parts: [String] = []
                if !idle.isEmpty { parts.append("no \(quoted(idle)) finding here") }
                if !unknown.isEmpty { parts.append("unknown rule id \(quoted(unknown))") }
                messageId = "needless"
                arguments["parts"] = parts.joined(separator: "; ")
                removable = false
            } else {
                continue
            }
            let words = EngineRules.unusedSuppression.messageTable[messageId]!.rendered(arguments)
            kept.append(Diagnostic(
                ruleId: EngineRules.unusedSuppression.id, severity: unusedSeverity, message: words.message,
                notes: words.notes, help: words.help, range: directive.comment.byteRange,
                fix: removable ? Fix(title: "Remove the suppression comment", applicability: .safe, edits: [removal(of: directive.comment, in: source)]) : nil
            ))
        }
        return kept
    }

    /// A suppression comment as a message quotes it: up to its directive (`// granted-lint-disable-line`),
    /// since the ids are named in the finding's notes.
    static func directiveQuote(_ comment: String) -> String {
        let text = RuleMessage.oneLine(comment)
        guard let keyword = text.range(of: "granted-lint-disable") else { return text }
        var end = keyword.upperBound
        while end < text.endIndex, text[end] == "-" || text[end].isLetter { end = text.index(after: end) }
        let quoted = String(text[..<end])
        return text.hasPrefix("/*") && end < text.endIndex ? quoted + " */" : quoted
    }

    /// Deletes a comment; when nothing else stands on its line, the whole line goes.
    private func removal(of comment: Node, in source: SourceText) -> TextEdit {
        let bytes = source.bytes
        var start = comment.startByte
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        var end = comment.endByte
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        let aloneOnLine = (start == 0 || bytes[start - 1] == 0x0A || bytes[start - 1] == 0x0D)
            && (end == bytes.count || bytes[end] == 0x0A || bytes[end] == 0x0D)
        if aloneOnLine {
            if end < bytes.count, bytes[end] == 0x0D { end += 1 }
            if end < bytes.count, bytes[end] == 0x0A { end += 1 }
            return TextEdit(range: start..<end, replacement: "")
        }
        return TextEdit(range: start..<comment.endByte, replacement: "")
    }
}
