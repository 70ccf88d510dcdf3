import GrantedLinter

/// The rules reference: one Markdown page per rule, made from its description, plus an index.
/// `granted-lint explain` prints the same page.
public enum RuleDocs {
    public static func page(for description: RuleDescription) -> String {
        var output = "# \(description.id)\n\n"
        output += "\(description.summary)\n\n"
        output += "- Default severity: **\(description.defaultSeverity.rawValue)**\n"
        output += "- Automatic fix: \(fixText(description.fixAvailability))\n"
        if !description.tags.isEmpty {
            output += "- Tags: \(description.tags.map { "`\($0)`" }.joined(separator: ", "))\n"
        }
        output += "\n" + description.rationale.trimmingTrailingNewlines() + "\n"
        if !description.triggeringExamples.isEmpty {
            output += "\n## Reported\n\n`↓` marks where each finding starts.\n"
            for example in description.triggeringExamples { output += "\n```ts\n\(example.code.trimmingTrailingNewlines())\n```\n" }
        }
        if !description.nonTriggeringExamples.isEmpty {
            output += "\n## Not reported\n"
            for example in description.nonTriggeringExamples { output += "\n```ts\n\(example.code.trimmingTrailingNewlines())\n```\n" }
        }
        if !description.corrections.isEmpty {
            output += "\n## Fixes\n"
            for correction in description.corrections {
                output += "\n\(correction.applicability == .safe ? "Safe" : "Unsafe (only with `--fix-unsafe`)"):\n\n```ts\n\(correction.before.trimmingTrailingNewlines())\n```\nbecomes\n```ts\n\(correction.after.trimmingTrailingNewlines())\n```\n"
            }
        }
        return output
    }

    public static func index(for descriptions: [RuleDescription]) -> String {
        var output = "# granted-lint rules\n\nGenerated from the rule descriptions (`granted-lint rule-docs docs/rules`); a test keeps it in sync.\n\n"
        output += "| rule | default | fix | summary |\n| --- | --- | --- | --- |\n"
        for description in descriptions {
            output += "| [\(description.id)](\(description.id).md) | \(description.defaultSeverity.rawValue) | \(fixText(description.fixAvailability)) | \(description.summary.replacingPipes()) |\n"
        }
        return output
    }

    /// File name → content for the whole reference.
    public static func files(for descriptions: [RuleDescription]) -> [(String, String)] {
        descriptions.map { ("\($0.id).md", page(for: $0)) } + [("README.md", index(for: descriptions))]
    }

    private static func fixText(_ availability: FixAvailability) -> String {
        switch availability {
        case .none: return "no"
        case .sometimes: return "sometimes"
        case .always: return "yes"
        }
    }
}

private extension String {
    func trimmingTrailingNewlines() -> String {
        var copy = self
        while copy.hasSuffix("\n") { copy.removeLast() }
        return copy
    }

    func replacingPipes() -> String { split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }
}
