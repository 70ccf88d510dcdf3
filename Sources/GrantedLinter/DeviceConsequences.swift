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

    /// The steps worth showing, at most `maximumSteps`: every read, request, token, alert and exit,
    /// and the first decisions as room allows (a flow of 10,000 tests must not give each of its
    /// findings a path of 10,000 places).
    static let maximumSteps = 12
    static let maximumPathsPerFile = 100

    static func shortened(_ steps: [FlowStep]) -> [FlowStep] {
        guard steps.count > maximumSteps else { return steps }
        let events = steps.filter { $0.kind != .decision }.count
        var room = max(0, maximumSteps - events)
        var kept: [FlowStep] = []
        for step in steps {
            if step.kind != .decision {
                if kept.count < maximumSteps || step.kind == .exit { kept.append(step) }
            } else if room > 0 {
                kept.append(step)
                room -= 1
            }
        }
        return kept
    }

    /// The same findings without what `annotate` added (before they are annotated again).
    static func strip(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            guard let consequence = diagnostic.consequence else { return diagnostic }
            var stripped = diagnostic
            if let index = stripped.notes.lastIndex(of: consequence) { stripped.notes.remove(at: index) }
            stripped.consequence = nil
            stripped.devicePath = []
            return stripped
        }
    }

    static func annotate(_ diagnostics: [Diagnostic], path: String, tree: SyntaxTree, readFile: @escaping (String) -> [UInt8]?) -> [Diagnostic] {
        guard diagnostics.contains(where: { devicesByRule[$0.ruleId] != nil }) else { return diagnostics }
        let program = FlowProgram(readFile: readFile)
        program.add(tree: tree, path: path)
        let evaluator = FlowEvaluator(program: program)
        let full = absolute(path)
        // Found once per file: a file with thousands of findings must not walk its tree for each.
        let functions = evaluator.functions(inFile: full)
        var evaluations: [FlowFunction: FlowEvaluation] = [:]
        var annotations: [String: (sentence: String, path: [RelatedLocation])?] = [:]
        func annotation(for ruleId: String, in function: FlowFunction, state: DeviceState, other: DeviceState?) -> (sentence: String, path: [RelatedLocation])? {
            let key = "\(ruleId)@\(function.range)"
            if let known = annotations[key] { return known }
            let evaluation = evaluations[function] ?? evaluator.evaluate(function)
            evaluations[function] = evaluation
            var made: (String, [RelatedLocation])?
            if evaluation.isFlow, let sentence = evaluation.consequence(on: state, comparedWith: other) {
                // The path shown step by step: the one where the device answers Don't Allow when a
                // dialog splits it (the one that loses the device), else the first.
                let paths = evaluation.notablePaths(state)
                let shown = paths.first(where: { $0.answers.last == FlowPath.deny }) ?? paths.first
                let steps = Self.shortened(shown?.steps ?? []).map { step -> RelatedLocation in
                    let message = "\(state.phrase): \(step.message)"
                    if absolute(step.path) == full { return RelatedLocation(range: step.range, message: message) }
                    let source = program.sourceText(of: step.path)
                    let start = source?.position(of: step.range.lowerBound) ?? SourcePosition(line: step.line, column: 1)
                    let end = source?.position(of: step.range.upperBound) ?? start
                    return RelatedLocation(elsewhere: ExternalLocation(path: displayPath(step.path), start: start, end: end), message: message)
                }
                made = (sentence, steps)
            }
            annotations[key] = made
            return made
        }
        var pathsGiven = 0
        return diagnostics.map { diagnostic in
            guard let (state, other) = devicesByRule[diagnostic.ruleId],
                  let function = functions
                      .filter({ $0.range.lowerBound <= diagnostic.range.lowerBound && diagnostic.range.upperBound <= $0.range.upperBound })
                      .min(by: { $0.range.count < $1.range.count }),
                  let (sentence, steps) = annotation(for: diagnostic.ruleId, in: function, state: state, other: other) else { return diagnostic }
            var annotated = diagnostic
            annotated.notes.append(sentence)
            annotated.consequence = sentence
            // The path step by step on the first findings of a file only: past them (a generated
            // file of thousands) it would be the same places again, and the report's bulk.
            if pathsGiven < maximumPathsPerFile {
                annotated.devicePath = steps
                pathsGiven += 1
            }
            return annotated
        }
    }
}
