import Dispatch
import GrantedDiscovery
import GrantedLinter
import GrantedWorkspace

/// One lint of one version of a document.
struct LintedSnapshot {
    let version: Int
    let document: TextDocument
    let result: FileResult?
    let problem: FileProblem?
    let configuration: Configuration?
    let configurationError: Configuration.LoadError?
    let workspace: Workspace
    /// Linting it changed the folder's provisional evidence: other open files may flip
    /// between live and latent.
    var evidenceChanged = false
    /// The findings were the last lint's, moved by an edit that could not change them.
    var reusedFindings = false

    /// For the log.
    var summary: String {
        if let problem { return "not linted (\(problem.reason))" }
        guard let result else { return "not linted (excluded by the configuration)" }
        let count = result.diagnostics.count
        return "\(count) finding\(count == 1 ? "" : "s")\(reusedFindings ? " (moved from the last lint: the edit cannot change them)" : "")\(result.recovery.map { ", parsed with error recovery at \($0.first.range.lowerBound) (\($0.first.description))" } ?? "")"
    }
}

/// When documents are linted: on the lint queue, newest text only, results that went stale while
/// they were computed dropped.
extension LanguageServer {
    /// Debouncing: a run starts at once when none is running; edits made during a run wait for it
    /// and are linted together, newest text only, when it ends.
    func schedule(_ uris: [String]) {
        // A configuration file open in the editor is not source: its diagnostics are its errors.
        for uri in uris where !pendingLint.contains(uri) {
            guard let open = documents[uri], !open.path.hasSuffix("/" + Configuration.fileName) else { continue }
            pendingLint.append(uri)
        }
        startLintIfIdle()
    }

    private func startLintIfIdle() {
        guard !lintRunning, !pendingLint.isEmpty else { return }
        lintRunning = true
        let batch = pendingLint.compactMap { uri in documents[uri].map { (uri: uri, path: $0.path, document: $0.document) } }
        pendingLint = []
        let targets = batch.map { (entry: $0, workspace: workspace(for: $0.path)) }
        lintQueue.async {
            var snapshots: [(uri: String, snapshot: LintedSnapshot)] = []
            for target in targets {
                // A newer edit already waits for this document: its result would be dropped anyway.
                if self.queue.sync(execute: { self.documents[target.entry.uri]?.document.version != target.entry.document.version }) { continue }
                let started = DispatchTime.now().uptimeNanoseconds
                let snapshot = Self.lint(target.entry.document, path: target.entry.path, in: target.workspace)
                snapshots.append((target.entry.uri, snapshot))
                let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
                self.log.info(String(format: "linted %@ (version %d) in %.1f ms: %@", Self.displayPath(target.entry.path), snapshot.version, milliseconds, snapshot.summary))
            }
            let finished = snapshots
            self.queue.async {
                self.lintRunning = false
                var evidenceChangedIn: [ObjectIdentifier] = []
                for (uri, snapshot) in finished {
                    if snapshot.evidenceChanged { evidenceChangedIn.append(ObjectIdentifier(snapshot.workspace)) }
                    // Stale: the document changed (or closed) while it was linted; never published.
                    guard let open = self.documents[uri], open.document.version == snapshot.version else { continue }
                    open.result = snapshot
                    self.publish(snapshot, uri: uri, open: open)
                }
                if !evidenceChangedIn.isEmpty {
                    let linted = Set(finished.map(\.uri))
                    self.schedule(self.documents.filter { uri, open in
                        !linted.contains(uri) && evidenceChangedIn.contains(ObjectIdentifier(self.workspace(for: open.path)))
                    }.map(\.key).sorted())
                }
                self.startLintIfIdle()
            }
        }
    }

    /// Lints one version of a document (on the lint queue): the workspace lints the buffer and
    /// applies the folder's provisional evidence, as the command line would for the file.
    static func lint(_ document: TextDocument, path: String, in workspace: Workspace) -> LintedSnapshot {
        let linted = workspace.lintDocument(path: path, bytes: document.bytes)
        var result: FileResult?
        var problem: FileProblem?
        switch linted.outcome {
        case let .success(found)?: result = found
        case let .failure(failure)?: problem = failure
        case nil: break
        }
        var snapshot = LintedSnapshot(version: document.version, document: document, result: result, problem: problem,
                                      configuration: linted.configuration, configurationError: linted.configurationError, workspace: workspace)
        snapshot.evidenceChanged = linted.evidenceChanged
        snapshot.reusedFindings = linted.reusedFindings
        return snapshot
    }

    /// Answers a request from the findings of the document's current text: the last run's when it
    /// is current, otherwise a new lint. `body` runs on the lint queue, like every use of the
    /// workspace's linters and parsers (they are not thread-safe); the answer goes out from the
    /// protocol queue.
    func withCurrentResult<Answer>(_ uri: String, reply: Reply<Answer>,
                                   _ body: @escaping (_ path: String, LintedSnapshot) throws -> Answer) throws {
        let open = try openDocument(uri)
        let current = open.result.flatMap { $0.version == open.document.version ? $0 : nil }
        let document = open.document
        let path = open.path
        let workspace = workspace(for: path)
        lintQueue.async {
            let snapshot = current ?? Self.lint(document, path: path, in: workspace)
            let answer: Result<Answer, JSONRPC.Failure>
            do {
                answer = .success(try body(path, snapshot))
            } catch let failure as JSONRPC.Failure {
                answer = .failure(failure)
            } catch {
                answer = .failure(JSONRPC.Failure(JSONRPC.internalError, "\(error)"))
            }
            self.queue.async {
                if current == nil, open.document.version == snapshot.version, self.documents[uri] === open { open.result = snapshot }
                switch answer {
                case let .success(result): reply(result)
                case let .failure(failure): reply.fail(failure)
                }
            }
        }
    }

    func openDocument(_ uri: String) throws -> OpenDocument {
        guard let open = documents[uri] else { throw JSONRPC.Failure(JSONRPC.invalidParams, "unknown document \(uri) (not open)") }
        return open
    }

    func openDocuments(at paths: Set<String>) -> [String] {
        documents.filter { paths.contains($0.value.path) }.map(\.key).sorted()
    }
}
