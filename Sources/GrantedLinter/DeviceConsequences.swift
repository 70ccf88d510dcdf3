import GrantedDiscovery
import GrantedFlows
import GrantedSemantics
import GrantedSyntax

/// The consequence of a permission finding for the devices: the flow that holds it is evaluated on
/// the device states (GrantedFlows), and the finding gets a note saying what the device it is
/// about lives through there — next to one that is not let down — and that device's path, step
/// by step. Only findings of these rules, in a function that is a flow, are evaluated.
enum DeviceConsequences {
    /// Rule → (the device the finding is about, the device to compare it with).
    static let devicesByRule: [String: (DeviceState, DeviceState?)] = [
        "provisional-blind-check": (.iosProvisional, .iosAuthorized),
        "request-when-denied": (.iosDenied, nil),
        "unguarded-provisional-request": (.iosDenied, .iosAuthorized),
    ]

    static func annotate(_ diagnostics: [Diagnostic], path: String, tree: SyntaxTree, readFile: @escaping (String) -> [UInt8]?) -> [Diagnostic] {
        guard diagnostics.contains(where: { devicesByRule[$0.ruleId] != nil }) else { return diagnostics }
        let program = FlowProgram(readFile: readFile)
        program.add(tree: tree, path: path)
        let evaluator = FlowEvaluator(program: program)
        var evaluations: [FlowFunction: FlowEvaluation] = [:]
        let full = absolute(path)
        return diagnostics.map { diagnostic in
            guard let (state, other) = devicesByRule[diagnostic.ruleId],
                  let function = evaluator.function(containing: diagnostic.range, inFile: full) else { return diagnostic }
            let evaluation = evaluations[function] ?? evaluator.evaluate(function)
            evaluations[function] = evaluation
            guard evaluation.isFlow, let sentence = evaluation.consequence(on: state, comparedWith: other) else { return diagnostic }
            var annotated = diagnostic
            annotated.notes.append(sentence)
            // The path shown step by step: the one where the device answers Don't Allow when a
            // dialog splits it (the one that loses the device), else the first.
            let paths = evaluation.notablePaths(state)
            if let shown = paths.first(where: { $0.answers.last == "deny" }) ?? paths.first {
                annotated.devicePath = shown.steps.map { step in
                    let message = "\(state.phrase): \(step.message)"
                    if absolute(step.path) == full { return RelatedLocation(range: step.range, message: message) }
                    let source = program.sourceText(of: step.path)
                    let start = source?.position(of: step.range.lowerBound) ?? SourcePosition(line: step.line, column: 1)
                    let end = source?.position(of: step.range.upperBound) ?? start
                    return RelatedLocation(elsewhere: ExternalLocation(path: displayPath(step.path), start: start, end: end), message: message)
                }
            }
            return annotated
        }
    }
}
