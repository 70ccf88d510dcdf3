import GrantedDiscovery
import GrantedFuzzInput
import GrantedLinter
import GrantedRules
import GrantedSemantics
import GrantedSyntax

/// A report built from fuzz input: what a run could hand the reporters, in shapes and with
/// characters the rules never produce on the test corpus.
enum ReportInput {
    static func report(_ input: inout FuzzInput) -> LintReport {
        let results = (0..<input.number(below: 4)).map { _ in fileResult(&input) }
        let problems = (0..<input.number(below: 3)).map { _ in
            FileProblem(path: string(&input), kind: problemKinds[input.number(below: problemKinds.count)], reason: string(&input))
        }
        let notes = (0..<input.number(below: 3)).map { _ in
            RunNote(path: string(&input), level: input.byte() & 1 == 0 ? .error : .note, message: string(&input))
        }
        var report = LintReport(results: results, problems: problems, notes: notes)
        if input.byte() & 1 == 1 { report.evidenceSummary = string(&input) }
        return report
    }

    static let problemKinds: [FileProblem.Kind] = [.unreadable, .notText, .tooLarge, .parseTimeout, .tooDeep]

    /// Rule ids the reporters know (their documentation links, SARIF's rule index) and some they
    /// do not (a rule id from a newer baseline, say).
    static let ruleIds = BuiltinRules.all.map { $0.description.id } + EngineRules.all.map(\.id)

    /// Characters that formats must escape or that break naive line and column arithmetic:
    /// markup, quotes, separators of workflow commands and CSV-like properties, line separators of
    /// other kinds, a byte-order mark, bidirectional overrides, combining marks, astral characters
    /// (two UTF-16 units each) and the noncharacters XML forbids. Bytes below 0x80 are themselves.
    static let hostile: [Unicode.Scalar] = [
        "\u{2028}", "\u{2029}", "\u{85}", "\u{FEFF}", "\u{202E}", "\u{200B}", "\u{301}", "\u{FFFD}",
        "\u{FFFE}", "\u{FFFF}", "\u{1F469}", "\u{200D}", "\u{10FFFF}", "\u{7F}", "\u{9B}", "é",
    ]

    static func string(_ input: inout FuzzInput) -> String {
        var string = String.UnicodeScalarView()
        for _ in 0..<input.number(below: 48) {
            let byte = input.byte()
            string.append(byte < 0x80 ? Unicode.Scalar(byte) : hostile[Int(byte) % hostile.count])
        }
        return String(string)
    }

    static func fileResult(_ input: inout FuzzInput) -> FileResult {
        let path = string(&input)
        // Source bytes as they are (invalid UTF-8, a byte-order mark, CR line ends included).
        let text = SourceText(bytes: input.bytes(count: input.number(below: 1024)))
        let file = SourceFile(path: path, text: text, grammar: input.byte() & 1 == 0 ? .typescript : .tsx)
        let diagnostics = (0..<input.number(below: 6)).map { _ in diagnostic(&input, text: text) }
        // A parse's recovery, when the input asks for one: the notes about syntax errors.
        var recovery: ParseRecovery?
        if input.byte() & 1 == 1, let tree = SyntaxParser(grammar: file.grammar).parse(text) {
            recovery = ParseRecovery.of(tree) { nil }
        }
        return FileResult(file: file, diagnostics: diagnostics, analysed: true, recovery: recovery)
    }

    static func diagnostic(_ input: inout FuzzInput, text: SourceText) -> Diagnostic {
        let choice = input.byte()
        let ruleId = choice < 224 ? ruleIds[Int(choice) % ruleIds.count] : string(&input)
        var diagnostic = Diagnostic(
            ruleId: ruleId, severity: Severity.allCases[input.number(below: Severity.allCases.count)],
            message: string(&input), notes: (0..<input.number(below: 3)).map { _ in string(&input) },
            help: input.byte() & 1 == 1 ? string(&input) : nil, range: range(&input, in: text),
            fix: input.byte() & 1 == 1 ? fix(&input, text: text) : nil,
            related: (0..<input.number(below: 3)).map { _ in related(&input, text: text) }
        )
        diagnostic.devicePath = (0..<input.number(below: 3)).map { _ in related(&input, text: text) }
        if input.byte() & 1 == 1 { diagnostic.consequence = string(&input) }
        diagnostic.dependsOnProvisionalRequests = input.byte() & 1 == 1
        return diagnostic
    }

    /// A range in the file, as rules report them: its ends on character boundaries (never inside a
    /// UTF-8 sequence), possibly empty, possibly at the very end.
    static func range(_ input: inout FuzzInput, in text: SourceText) -> Range<Int> {
        let count = text.bytes.count
        var start = input.number(below: count + 1)
        var end = start + input.number(below: count - start + 1)
        while start < count, text.bytes[start] & 0xC0 == 0x80 { start += 1 }
        end = max(start, end)
        while end < count, text.bytes[end] & 0xC0 == 0x80 { end += 1 }
        return start..<end
    }

    static func fix(_ input: inout FuzzInput, text: SourceText) -> Fix {
        Fix(
            title: string(&input), applicability: input.byte() & 1 == 0 ? .safe : .unsafe,
            edits: (0..<(1 + input.number(below: 3))).map { _ in TextEdit(range: range(&input, in: text), replacement: string(&input)) },
            note: input.byte() & 1 == 1 ? string(&input) : nil
        )
    }

    static func related(_ input: inout FuzzInput, text: SourceText) -> RelatedLocation {
        guard input.byte() & 1 == 1 else { return RelatedLocation(range: range(&input, in: text), message: string(&input)) }
        // Another file's positions (1-based, the end not before the start), computed there.
        let start = SourcePosition(line: 1 + input.number(below: 5000), column: 1 + input.number(below: 300))
        let end = SourcePosition(line: start.line + input.number(below: 3), column: 1 + input.number(below: 300))
        let elsewhere = ExternalLocation(path: string(&input), start: start, end: end.line == start.line ? max(start, end) : end)
        return RelatedLocation(elsewhere: elsewhere, message: string(&input))
    }
}
