import Foundation
import GrantedLinter
import GrantedRules
import GrantedSyntax
import Testing
import TestSupport

/// Every rule is tested on its own examples (SwiftLint-style): the findings start exactly at the `↓`
/// markers, also with emoji-carrying comments in front of them (UTF-16 columns), and vanish when
/// the code is wrapped in a comment or a string.
struct RuleExampleTests {
    static let ruleIds = BuiltinRules.all.map { $0.description.id }

    static func rule(_ id: String) -> any Rule.Type { BuiltinRules.rule(id: id)! }

    /// (line, UTF-16 column) of each finding of `ruleId`.
    static func positions(_ code: String, path: String, ruleId: String) -> [SourcePosition] {
        let (file, diagnostics) = TestSupport.lint(code, path: path, rules: [rule(ruleId)])
        return diagnostics.filter { $0.ruleId == ruleId }.map { file.text.position(of: $0.range.lowerBound) }
    }

    static func expectedPositions(_ code: String) -> (String, [SourcePosition]) {
        let (clean, offsets) = TestSupport.stripMarkers(code)
        let text = SourceText(clean)
        return (clean, offsets.map { text.position(of: $0) })
    }

    @Test(arguments: ruleIds)
    func triggeringExamplesReportAtTheMarkers(_ id: String) {
        let description = Self.rule(id).description
        #expect(!description.triggeringExamples.isEmpty)
        for example in description.triggeringExamples {
            let (clean, expected) = Self.expectedPositions(example.code)
            #expect(!expected.isEmpty, "a triggering example of \(id) has no ↓ marker:\n\(example.code)")
            let actual = Self.positions(clean, path: example.path, ruleId: id)
            #expect(actual == expected, "\(id) on:\n\(example.code)")
        }
    }

    @Test(arguments: ruleIds)
    func nonTriggeringExamplesReportNothing(_ id: String) {
        let description = Self.rule(id).description
        #expect(!description.nonTriggeringExamples.isEmpty)
        for example in description.nonTriggeringExamples {
            #expect(!example.code.contains(TestSupport.marker))
            let actual = Self.positions(example.code, path: example.path, ruleId: id)
            #expect(actual.isEmpty, "\(id) reported \(actual) on:\n\(example.code)")
        }
    }

    /// A comment holding emoji and accented letters before each marked line shifts the expected
    /// columns by its UTF-16 length, not by its byte or character count.
    @Test(arguments: ruleIds)
    func columnsCountUTF16CodeUnits(_ id: String) {
        let prefix = "/* 👩‍💻 émoji 🎉 */ "
        let prefixUnits = prefix.utf16.count
        for example in Self.rule(id).description.triggeringExamples {
            let shifted = example.code.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.contains(TestSupport.marker) ? prefix + line : String(line)
            }.joined(separator: "\n")
            let (_, original) = Self.expectedPositions(example.code)
            let expected = original.map { SourcePosition(line: $0.line, column: $0.column + prefixUnits) }
            let (clean, _) = TestSupport.stripMarkers(shifted)
            #expect(Self.positions(clean, path: example.path, ruleId: id) == expected, "\(id) on:\n\(shifted)")
        }
    }

    @Test(arguments: ruleIds)
    func codeInsideACommentOrAStringDoesNotTrigger(_ id: String) {
        for example in Self.rule(id).description.triggeringExamples {
            let (clean, _) = TestSupport.stripMarkers(example.code)
            let commented = "/*\n" + clean.replacingOccurrences(of: "*/", with: "* /") + "\n*/\n"
            #expect(Self.positions(commented, path: example.path, ruleId: id).isEmpty, "\(id) in a comment")
            let escaped = clean.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n")
            let quoted = "const source = \"\(escaped)\";\n"
            #expect(Self.positions(quoted, path: example.path, ruleId: id).isEmpty, "\(id) in a string")
        }
    }

    @Test(arguments: ruleIds)
    func correctionsProduceTheExpectedText(_ id: String) {
        let rule = Self.rule(id)
        for correction in rule.description.corrections {
            let (clean, offsets) = TestSupport.stripMarkers(correction.before)
            let (_, diagnostics) = TestSupport.lint(clean, rules: [rule])
            let fixes = diagnostics.compactMap(\.fix)
            #expect(diagnostics.map(\.range.lowerBound) == offsets, "\(id) on:\n\(correction.before)")
            #expect(fixes.allSatisfy { $0.applicability == correction.applicability }, "\(id): applicability")
            let fixed = FixApplier.apply(fixes, to: Array(clean.utf8))
            #expect(String(decoding: fixed.bytes, as: UTF8.self) == correction.after, "\(id) fixed:\n\(correction.before)")
            // The fixed code is clean and still parses.
            let (_, after) = TestSupport.lint(correction.after, rules: [rule])
            #expect(after.filter { $0.ruleId == id }.isEmpty)
            #expect(after.filter { $0.ruleId == syntaxErrorRuleId }.isEmpty)
        }
    }

    @Test(arguments: ruleIds)
    func descriptionIsComplete(_ id: String) {
        let description = Self.rule(id).description
        #expect(description.id.range(of: "^[a-z]+(-[a-z]+)*$", options: .regularExpression) != nil)
        #expect(!description.summary.isEmpty && !description.summary.contains("\n"))
        for section in ["## What it does", "## Why is this bad?", "## Example", "## Fix safety", "## References"] {
            #expect(description.rationale.contains(section), "\(id) rationale lacks \(section)")
        }
        #expect(["very-high", "high", "medium", "low"].contains(description.precision))
        if description.fixAvailability != .none { #expect(!description.corrections.isEmpty) }
    }

    @Test func ruleIdsAreUnique() {
        #expect(Set(Self.ruleIds).count == Self.ruleIds.count)
    }
}
