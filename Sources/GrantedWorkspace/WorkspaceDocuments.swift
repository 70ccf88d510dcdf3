import GrantedDiscovery
import GrantedLinter
import GrantedSemantics

/// What an editor asks of the workspace: one buffer linted as the command line would lint the
/// file, its provisional evidence included, and every file of the folder for a workspace pull.
/// The language server keeps documents and their versions; the workspace decides what they say.
extension Workspace {
    /// One lint of an editor's buffer.
    public struct DocumentLint {
        /// The configuration the buffer was linted with (the last good one when its file is broken).
        public let configuration: Configuration
        /// The configuration file's error, when it is broken.
        public let configurationError: Configuration.LoadError?
        /// The findings, at the level the folder's evidence gives them; nil when the configuration
        /// excludes the file, a problem when it could not be analysed (too large, not text).
        public let outcome: Result<FileResult, FileProblem>?
        /// Linting it changed the folder's provisional evidence: other open files may flip
        /// between live and latent.
        public let evidenceChanged: Bool
        /// The findings are the last lint's, moved by an edit that could not change them.
        public var reusedFindings = false
    }

    /// Lints a buffer (its text as the editor has it, not the disk's) and applies the folder's
    /// provisional evidence, this buffer's requests included.
    public func lintDocument(path: String, bytes: [UInt8]) -> DocumentLint {
        let (configuration, configurationError) = configurationKeepingLastGood(forFile: path)
        guard configuration.lints(path) else {
            return DocumentLint(configuration: configuration, configurationError: configurationError, outcome: nil, evidenceChanged: false)
        }
        let (outcome, reusedFindings) = lintBuffer(path: path, bytes: bytes, configuration: configuration)
        switch outcome {
        case let .success(linted):
            let (evidence, evidenceChanged) = updateEvidence(of: path, with: linted.provisionalEvidence)
            let result = Workspace.applying(evidence, mode: configuration.provisional, to: linted, describe: relativeToRoot)
            return DocumentLint(configuration: configuration, configurationError: configurationError,
                                outcome: .success(result), evidenceChanged: evidenceChanged, reusedFindings: reusedFindings)
        case let .failure(problem):
            return DocumentLint(configuration: configuration, configurationError: configurationError,
                                outcome: .failure(problem), evidenceChanged: false)
        }
    }

    /// Every file under the root that has findings, open buffers read before the disk, with the
    /// root's evidence applied (a workspace diagnostic pull). `stop` is asked between files.
    public func lintFolder(stop: () -> Bool = { false }) -> [FileResult] {
        guard !stop(),
              let found = try? FileDiscovery(resolver: configurations, excludes: [], respectsIgnoreFiles: true).discover([root])
        else { return [] }
        let outcomes = (try? lint(files: found.files) { path in
            if let buffer = self.buffer(of: path) { return .success(buffer) }
            return FileReader.read(path, maxSize: self.settings.maxFileSize)
        }) ?? []
        let evidence = rootEvidence()
        return outcomes.compactMap { outcome in
            guard case let .success(linted) = outcome.result, !linted.diagnostics.isEmpty else { return nil }
            let mode = configurationKeepingLastGood(forFile: linted.file.path).configuration.provisional
            return Workspace.applying(evidence, mode: mode, to: linted, describe: relativeToRoot)
        }
    }

    /// A path as the editor's related locations name it: relative to the root when under it.
    func relativeToRoot(_ path: String) -> String {
        if root == "/" { return path.hasPrefix("/") ? String(path.dropFirst()) : path }
        return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
}
