import GrantedDiscovery
import GrantedSemantics
import GrantedSyntax

/// A buffer's last lint, kept by whoever lints the same buffer again after an edit (the language
/// server, through the workspace): the tree to parse incrementally from, and the findings an edit
/// that cannot change them keeps.
public struct LintMemo {
    public let tree: SyntaxTree
    /// The last lint's result, when it can be reused (analysed, parsed without recovery).
    let result: FileResult?
    /// What it was computed with: the same linter (configuration) and the index as it was then.
    /// Held, not identified by address: a linter made for a changed configuration can take a
    /// freed one's address.
    let linter: Linter
    let project: ProjectIndex?
    let projectRevision: Int
}

/// The outcome of linting an edited buffer.
public struct EditedLint {
    public let outcome: Result<FileResult, FileProblem>
    /// For the next edit; nil when nothing was parsed.
    public let memo: LintMemo?
    /// The edit could not change a finding: the last lint's findings were moved with the text
    /// around the edit instead of being computed again.
    public let reusedFindings: Bool
}

extension Linter {
    /// Lints a new text of a buffer linted before (`memo`), as `lint(_:)` would, and says the same.
    ///
    /// Most edits in an editor are inside one top-level declaration. When that declaration, before
    /// and after the edit, is made only of names the analysis does not know
    /// (`AnalysisVocabulary`) and that occur nowhere else in the file, nothing can flow into or
    /// out of it, no rule can report it, and no whole-file question (the free names a fix picks,
    /// the calls a rule looks through) can answer differently: the findings are the last lint's,
    /// moved by the edit's length. Otherwise the file is analysed again as a whole.
    /// `IncrementalLintTests` compares the two on every file of `TestCorpus/`.
    public func lint(_ file: SourceFile, after memo: LintMemo?) -> EditedLint {
        if parseOnly {
            return EditedLint(outcome: lint(file, reusing: memo?.tree), memo: memo, reusedFindings: false)
        }
        // What `lint(_:)` says of a file no rule can apply to, without asking twice.
        if usesPrefilter && !mightApply(to: file.text) {
            return EditedLint(outcome: .success(FileResult(file: file, diagnostics: [], analysed: false)), memo: memo, reusedFindings: false)
        }
        let revision = project.map { $0.revision(excludingChangesTo: file.path) } ?? 0
        func remembering(_ tree: SyntaxTree, _ outcome: Result<FileResult, FileProblem>) -> LintMemo {
            var reusable: FileResult?
            if case let .success(result) = outcome, result.analysed, result.recovery == nil, !tree.root.hasError { reusable = result }
            return LintMemo(tree: tree, result: reusable, linter: self, project: project, projectRevision: revision)
        }
        let parser = parser(for: file.grammar)
        parser.timeoutMicroseconds = parseTimeoutMicroseconds
        guard let tree = parser.parse(file.text, reusing: memo?.tree) else {
            return EditedLint(outcome: .failure(FileProblem(
                path: file.path, kind: .parseTimeout,
                reason: "parsing took longer than the limit of \(parseTimeoutMicroseconds / 1000) ms"
            )), memo: memo, reusedFindings: false)
        }
        if let memo, let previous = memo.result, memo.linter === self,
           memo.project === project, memo.projectRevision == revision,
           memo.tree.grammar == tree.grammar, previous.file.path == file.path,
           let moved = QuietEdit(from: memo.tree, to: tree, isRelevant: { self.requiredText.matchesAny($0) || self.projectNames.matchesAny($0) })?
               .move(previous, into: file) {
            // The consequence notes name lines, which the edit moved: said again on the new tree.
            let moved = DeviceConsequences.strip(moved.diagnostics).contains { DeviceConsequences.devicesByRule[$0.ruleId] != nil }
                ? moved.replacing(diagnostics: DeviceConsequences.annotate(
                    DeviceConsequences.strip(moved.diagnostics), path: file.path, tree: tree, readFile: project?.fileReader ?? ProjectIndex.readSourceFile
                ))
                : moved
            return EditedLint(outcome: .success(moved), memo: LintMemo(
                tree: tree, result: moved, linter: memo.linter, project: memo.project, projectRevision: revision
            ), reusedFindings: true)
        }
        let outcome = analyse(file, tree: tree)
        return EditedLint(outcome: outcome, memo: remembering(tree, outcome), reusedFindings: false)
    }
}

/// An edit confined to top-level statements that the analysis cannot see into (see
/// `Linter.lint(_:after:)`): what it changed, and how the rest of the text moved.
struct QuietEdit {
    /// The changed bytes: `start..<oldEnd` in the old text became `start..<newEnd` in the new.
    let start: Int
    let oldEnd: Int
    let newEnd: Int
    let newText: SourceText

    /// Nil unless every statement the edit touched is quiet before and after it.
    /// - Parameter isRelevant: whether bytes contain something the linter's prefilter looks for
    ///   (a module name, a suppression comment, a name another project file exports).
    init?(from oldTree: SyntaxTree, to newTree: SyntaxTree, isRelevant: (UnsafeRawBufferPointer) -> Bool) {
        let old = oldTree.source.bytes
        let new = newTree.source.bytes
        // Recovery reshapes the tree around an error far from the edit; and a finding's meaning
        // then rests on how tree-sitter recovered.
        guard !oldTree.root.hasError, !newTree.root.hasError else { return nil }
        let (prefix, suffix) = TextDifference.commonEnds(old, new)
        let delta = new.count - old.count
        let oldUnits = oldTree.root.children
        let newUnits = newTree.root.children
        // Statements before the edit keep their bytes and their extent; so do those after it,
        // moved by `delta` (an edit can join or split statements around it: those differ).
        var before = 0
        while before < oldUnits.count, before < newUnits.count, oldUnits[before].endByte <= prefix,
              oldUnits[before].byteRange == newUnits[before].byteRange, oldUnits[before].symbol == newUnits[before].symbol {
            before += 1
        }
        var after = 0
        while after < oldUnits.count - before, after < newUnits.count - before {
            let o = oldUnits[oldUnits.count - 1 - after], n = newUnits[newUnits.count - 1 - after]
            guard o.startByte >= old.count - suffix, n.startByte == o.startByte + delta, n.endByte == o.endByte + delta,
                  o.symbol == n.symbol else { break }
            after += 1
        }
        let oldTouched = oldUnits[before..<(oldUnits.count - after)]
        let newTouched = newUnits[before..<(newUnits.count - after)]
        start = min(prefix, oldTouched.first?.startByte ?? prefix, newTouched.first?.startByte ?? prefix)
        oldEnd = max(old.count - suffix, oldTouched.last?.endByte ?? 0)
        newEnd = oldEnd + delta
        guard start <= oldEnd, start <= newEnd, (newTouched.last?.endByte ?? 0) <= newEnd else { return nil }
        newText = newTree.source
        // Imports and re-exports name modules: the project index reads them.
        for unit in Array(oldTouched) + Array(newTouched) {
            if unit.is(.importStatement) { return nil }
            if unit.is(.exportStatement), unit.child(byField: .source) != nil { return nil }
        }
        let relevant = old.withUnsafeBytes { isRelevant(UnsafeRawBufferPointer(rebasing: $0[start..<oldEnd])) }
            || new.withUnsafeBytes { isRelevant(UnsafeRawBufferPointer(rebasing: $0[start..<newEnd])) }
        guard !relevant else { return nil }
        var names = Set<[UInt8]>()
        for unit in Array(oldTouched) + Array(newTouched) {
            guard QuietEdit.collectNames(in: unit, into: &names) else { return nil }
        }
        // A name used anywhere else links the statement to the rest of the file.
        for name in names where newTree.source.containsWord(name, outside: start..<newEnd) { return nil }
    }

    /// Collects the names of `unit` (identifiers, property names, the words of its strings); false
    /// when one is a word the analysis knows, or there are too many to look for one by one.
    static func collectNames(in unit: Node, into names: inout Set<[UInt8]>) -> Bool {
        let bytes = unit.tree.source.bytes
        var quiet = true
        func addWords(of range: Range<Int>) {
            var index = range.lowerBound
            while index < range.upperBound {
                guard SourceText.isWordByte(bytes[index]) else { index += 1; continue }
                let start = index
                while index < range.upperBound, SourceText.isWordByte(bytes[index]) { index += 1 }
                let word = bytes[start..<index]
                if AnalysisVocabulary.mayKnow(word) { quiet = false; return }
                if word.first! < 0x30 || word.first! > 0x39 { names.insert(Array(word)) }
            }
        }
        unit.tree.walk { node in
            guard quiet else { return false }
            if node.startByte >= unit.endByte || node.endByte <= unit.startByte { return node.startByte < unit.startByte && node.endByte > unit.startByte }
            guard node.isNamed else { return true }
            if node.is(.templateString) { addWords(of: node.byteRange); return true }
            guard node.childCount == 0 else { return true }
            switch node.kind {
            case "comment", "number", "true", "false", "null", "undefined", "this", "super", "regex_pattern", "regex_flags",
                 "escape_sequence", "predefined_type", "hash_bang_line", "html_comment":
                return true
            default:
                addWords(of: node.byteRange)
                return true
            }
        }
        return quiet && names.count <= 64
    }


    /// `previous` (the old text's result) for the new text: every place before the edit kept,
    /// every place after it moved; nil when one touches the edited statements.
    func move(_ previous: FileResult, into file: SourceFile) -> FileResult? {
        let delta = newEnd - oldEnd
        func moved(_ range: Range<Int>) -> Range<Int>? {
            if range.upperBound < start || (range.upperBound == start && !range.isEmpty) { return range }
            if range.lowerBound > oldEnd || (range.lowerBound == oldEnd && !range.isEmpty) {
                return (range.lowerBound + delta)..<(range.upperBound + delta)
            }
            return nil
        }
        var diagnostics: [Diagnostic] = []
        for diagnostic in previous.diagnostics {
            guard let range = moved(diagnostic.range) else { return nil }
            var related: [RelatedLocation] = []
            for location in diagnostic.related {
                if let elsewhere = location.elsewhere {
                    related.append(RelatedLocation(elsewhere: elsewhere, message: location.message))
                } else {
                    guard let range = moved(location.range) else { return nil }
                    related.append(RelatedLocation(range: range, message: location.message))
                }
            }
            var fix: Fix?
            if let old = diagnostic.fix {
                var edits: [TextEdit] = []
                for edit in old.edits {
                    guard let range = moved(edit.range) else { return nil }
                    edits.append(TextEdit(range: range, replacement: edit.replacement))
                }
                fix = Fix(title: old.title, applicability: old.applicability, edits: edits, note: old.note)
            }
            var copy = Diagnostic(ruleId: diagnostic.ruleId, severity: diagnostic.severity, message: diagnostic.message,
                                  notes: diagnostic.notes, help: diagnostic.help, range: range, fix: fix, related: related)
            copy.dependsOnProvisionalRequests = diagnostic.dependsOnProvisionalRequests
            // Said again by the caller on the new tree (its lines moved): kept so it can be taken out.
            copy.consequence = diagnostic.consequence
            diagnostics.append(copy)
        }
        var facts: [String: [Range<Int>]] = [:]
        for (name, ranges) in previous.facts {
            var movedRanges: [Range<Int>] = []
            for range in ranges {
                guard let range = moved(range) else { return nil }
                movedRanges.append(range)
            }
            facts[name] = movedRanges
        }
        var evidence = previous.provisionalEvidence
        if let sites = evidence?.sites {
            var movedSites: [ProvisionalRequestSite] = []
            for site in sites {
                guard let range = moved(site.range) else { return nil }
                movedSites.append(ProvisionalRequestSite(
                    path: site.path, range: range, start: newText.position(of: range.lowerBound), end: newText.position(of: range.upperBound),
                    library: site.library, how: site.how
                ))
            }
            evidence?.sites = movedSites
        }
        return FileResult(file: file, diagnostics: diagnostics, analysed: true, facts: facts, recovery: nil, provisionalEvidence: evidence)
    }
}
