import GrantedDiscovery
import Foundation
import GrantedSyntax
import GrantedSemantics
import GrantedLinter

/// One place the code reads, requests or decides on notification permission.
public struct InventoryEntry {
    public let path: String
    public let position: SourcePosition
    public let site: InventorySite
    /// The site lies in a function the parser read only with error recovery: the analysis of it
    /// may be incomplete.
    public let incompleteAnalysis: Bool
    /// For a provisional-blind decision: whether provisional devices reach it (the project requests
    /// provisional authorization) or it is latent; nil for everything else.
    public var live: Bool?

    public init(path: String, position: SourcePosition, site: InventorySite, incompleteAnalysis: Bool = false, live: Bool? = nil) {
        self.path = path
        self.position = position
        self.site = site
        self.incompleteAnalysis = incompleteAnalysis
        self.live = live
    }
}

/// What `granted-lint inventory` shows: the sites, where provisional authorization is requested,
/// and what could not be read.
public struct InventoryResult {
    public var entries: [InventoryEntry] = []
    public var problems: [FileProblem] = []
    public var notes: [RunNote] = []
    /// `path:line` of each provisional request, in order, without repeats.
    public var provisionalRequestedAt: [String] = []
    /// Some file's configuration says `"provisional": "requested"`.
    public var configuredAsRequested = false
    /// 2 when a file could not be read or a named directory gave nothing, else 0.
    public var exitStatus: Int32 { problems.isEmpty && !notes.contains(where: { $0.level == .error }) ? 0 : 2 }
}

extension Workspace {
    /// The permission inventory of the request's files, each blind decision marked live or latent by
    /// the project's evidence (the rest of the project is read when the paths are part of it).
    public func inventory(_ request: RunRequest) throws -> InventoryResult {
        let found = try discovery(for: request).discover(request.paths)
        var result = InventoryResult()
        result.notes = Self.runNotes(for: found)
        result.problems = found.problems
        let project = buildProjectIndexAndRelevance(found.files).project
        let modules = ProjectIndex.moduleNames
        let names = project.exportedNames
        var evidence = ProvisionalEvidence()
        var modes: [String: Configuration.ProvisionalMode] = [:]
        for path in found.files {
            let shown = Workspace.displayPath(path)
            switch FileReader.read(path, maxSize: settings.maxFileSize) {
            case let .failure(problem):
                result.problems.append(FileProblem(path: shown, kind: problem.kind, reason: problem.reason))
            case let .success(bytes):
                let text = SourceText(bytes: bytes)
                let mayHaveEvidence = ProvisionalEvidenceScanner.mayHaveEvidence(bytes)
                guard !settings.usesPrefilter || mayHaveEvidence || modules.contains(where: { text.contains($0) }) || names.contains(where: { text.contains($0) }) else { continue }
                let fileExtension = shown.split(separator: ".").last.map(String.init) ?? ""
                let parser = SyntaxParser(grammar: Grammar(fileExtension: fileExtension) ?? .tsx)
                guard let tree = parser.parse(text) else { continue }
                let model = SemanticModel(tree: tree, path: shown, project: project)
                if mayHaveEvidence { evidence.add(ProvisionalEvidenceScanner.evidence(in: model, path: shown)) }
                modes[shown] = configurationKeepingLastGood(forFile: path).configuration.provisional
                let recovery = ParseRecovery.of(tree) { model }
                for site in PermissionInventory.sites(in: model) {
                    result.entries.append(InventoryEntry(
                        path: shown, position: text.position(of: site.range.lowerBound), site: site,
                        incompleteAnalysis: recovery?.mayBeIncomplete(at: site.range.lowerBound) ?? false
                    ))
                }
            }
        }
        // Live or latent, as for the findings: the rest of the project is read when the paths are part of it.
        let scope = Workspace.evidenceScope(for: request.paths)
        if !Workspace.directories(request.paths, cover: scope) {
            evidence.add(scanEvidence(under: scope, skipping: Set(found.files.map(absolute)), displayPath: Workspace.displayPath).evidence)
        }
        for index in result.entries.indices where result.entries[index].site.handling == .blind && result.entries[index].site.dependsOnProvisional {
            switch modes[result.entries[index].path] ?? .auto {
            case .auto: result.entries[index].live = !evidence.sites.isEmpty
            case .requested: result.entries[index].live = true
            case .never: result.entries[index].live = false
            }
        }
        var seen = Set<String>()
        result.provisionalRequestedAt = evidence.orderedSites.map(\.shortDescription).filter { seen.insert($0).inserted }
        result.configuredAsRequested = modes.values.contains(.requested)
        return result
    }
}
