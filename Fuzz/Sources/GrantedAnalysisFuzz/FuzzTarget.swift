import GrantedFuzzInput
import GrantedLinter
import GrantedRules
import GrantedSemantics
import GrantedSyntax

/// One file's analysis under libFuzzer: parse → semantic model → all rules → the inventory, and the
/// fix loop when the rules found something to fix. Any crash, hang or sanitizer report is a bug;
/// libFuzzer keeps the input that caused it.
///
/// The first byte says how the rest is linted (`FileKind`): with which grammar, under which
/// platform's file name. One grammar per input, not both: the grammars share the runtime and most
/// rules, so a second parse of every input doubled the cost for little new coverage, and an input
/// that matters under the other grammar gets there by a mutation of its first byte. The reporters
/// have a target of their own (GrantedReportersFuzz), fed generated findings.
private let linter: Linter = {
    let rules = BuiltinRules.all.map { ConfiguredRule($0) }
    let linter = Linter(rules: rules, knownRuleIds: Set(BuiltinRules.all.map { $0.description.id }))
    linter.usesPrefilter = false
    linter.parseTimeoutMicroseconds = 2_000_000
    return linter
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let kind = FileKind(data[0])
    let file = SourceFile(
        path: kind.path, text: SourceText(bytes: Array(UnsafeBufferPointer(start: data + 1, count: size - 1))), grammar: kind.grammar
    )
    var tree: SyntaxTree?
    guard case let .success(result) = linter.lint(file, parsed: { tree = $0 }) else { return 0 }
    for diagnostic in result.diagnostics {
        check(diagnostic.range.lowerBound >= 0 && diagnostic.range.upperBound <= file.text.bytes.count,
              "\(diagnostic.ruleId) reported \(diagnostic.range), outside the file's \(file.text.bytes.count) bytes")
    }
    // The inventory from the tree the lint parsed (what `--inventory` does with its own parse).
    if let tree {
        _ = PermissionInventory.sites(in: SemanticModel(tree: tree, path: file.path))
    }
    // Most inputs have nothing to fix; those that do go through the fix loop (re-lint, re-parse).
    guard result.diagnostics.contains(where: { $0.fix != nil }) else { return 0 }
    let fixed = FixLoop.run(file, linter: linter, applicability: .unsafe)
    if let fixedBytes = fixed.fixedBytes {
        check(
            !linter.parsesCleanly(file.text, grammar: file.grammar)
                || linter.parsesCleanly(SourceText(bytes: fixedBytes), grammar: file.grammar),
            "a fix introduced a syntax error"
        )
    }
    return 0
}

/// What the first byte of an input selects: bit 0 the grammar, bits 1–2 the file name's platform
/// (rules treat `*.android.*`, `*.ios.*` and `*.web.*` files as code for that platform only).
/// scripts/fuzz.sh prefixes each seed with the digit of its file's kind ("0"–"7": the digits' low
/// three bits are 0–7).
struct FileKind {
    let grammar: Grammar
    let path: String

    init(_ byte: UInt8) {
        grammar = byte & 1 == 0 ? .typescript : .tsx
        let platform = ["", ".android", ".ios", ".web"][Int(byte >> 1 & 3)]
        path = "fuzz\(platform).\(grammar == .typescript ? "ts" : "tsx")"
    }
}
