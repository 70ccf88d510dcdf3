import Foundation
import GrantedSyntax

/// A place that makes provisionally authorized devices possible: a request that can ask for
/// provisional authorization (expo's `ios.allowProvisional`, Firebase's and Notifee's
/// `provisional`, react-native-permissions' `'provisional'`), or expo request options with an
/// `allowProvisional` that is not `false`, wherever they are written.
public struct ProvisionalRequestSite: Hashable, Sendable {
    /// The file as the run shows it (relative to the working directory when below it).
    public let path: String
    public let range: Range<Int>
    public let start: SourcePosition
    public let end: SourcePosition
    /// The library whose request it is (its module name).
    public let library: String
    /// How it asks: "`ios.allowProvisional: true`", "`provisional` from an expression", ….
    public let how: String

    public var location: ExternalLocation { ExternalLocation(path: path, start: start, end: end) }
    /// `src/push/register.ts:42`
    public var shortDescription: String { "\(path):\(start.line)" }

    public init(path: String, range: Range<Int>, start: SourcePosition, end: SourcePosition, library: String, how: String) {
        self.path = path
        self.range = range
        self.start = start
        self.end = end
        self.library = library
        self.how = how
    }
}

/// What one file says about provisional authorization.
public struct FileProvisionalEvidence: Hashable, Sendable {
    public var sites: [ProvisionalRequestSite] = []
    /// Requests that say explicitly that they are not provisional (`allowProvisional: false`).
    public var explicitlyFullRequests = 0
    /// Requests that never mention it (the full dialog by default).
    public var otherRequests = 0

    public init() {}

    public var isEmpty: Bool { sites.isEmpty && explicitlyFullRequests == 0 && otherRequests == 0 }
}

/// The project's evidence: whether any device can be provisionally authorized at all.
public struct ProvisionalEvidence: Sendable {
    public private(set) var sites: [ProvisionalRequestSite] = []
    public private(set) var explicitlyFullRequests = 0
    public private(set) var otherRequests = 0
    /// Files the evidence was read from beyond the linted ones (partial runs), for the report.
    public var scannedOutsideLintedFiles = 0

    public init() {}

    public mutating func add(_ file: FileProvisionalEvidence) {
        sites += file.sites
        explicitlyFullRequests += file.explicitlyFullRequests
        otherRequests += file.otherRequests
    }

    public mutating func add(_ other: ProvisionalEvidence) {
        sites += other.sites
        explicitlyFullRequests += other.explicitlyFullRequests
        otherRequests += other.otherRequests
        scannedOutsideLintedFiles += other.scannedOutsideLintedFiles
    }

    /// Sites in a stable order (path, then position), first is the one messages name.
    public var orderedSites: [ProvisionalRequestSite] {
        sites.sorted { ($0.path, $0.range.lowerBound) < ($1.path, $1.range.lowerBound) }
    }

    /// Every request of the project says it is not provisional, and there is at least one.
    public var projectNeverAsks: Bool { sites.isEmpty && explicitlyFullRequests > 0 && otherRequests == 0 }
}

/// Finds the evidence in a file. Only files with one of `needles` can hold any, so a run reads
/// each file's bytes against them (the same multi-needle prefilter as the rules) and builds a
/// model only for those.
public enum ProvisionalEvidenceScanner {
    /// Beyond the notification modules (which every file with a request names): `allowProvisional`
    /// (request options written apart from their request) and react-native-permissions. Both
    /// anchor the prefilter on rare bytes (`P`, `-`); a bare `provisional` or `requestPermission`
    /// would not, and would cost every file of a project a slower scan.
    public static let needleTexts = ["allowProvisional", "react-native-permissions"]
    public static let needles = NeedleSet(needleTexts)
    static let permissionsModule = RequestLibrary.permissionsLib.rawValue

    /// The request APIs come with their library's module name (a wrapper's callers reach the
    /// request through the wrapper's file, which has it).
    static let moduleNeedles = NeedleSet(ProjectIndex.moduleNames)

    public static func mayHaveEvidence(_ bytes: [UInt8]) -> Bool { needles.matchesAny(bytes) || moduleNeedles.matchesAny(bytes) }

    public static func evidence(in model: SemanticModel, path: String) -> FileProvisionalEvidence {
        var evidence = FileProvisionalEvidence()
        let text = model.tree.source
        var requestRanges: [Range<Int>] = []
        func site(_ node: Node, library: String, how: String) {
            evidence.sites.append(ProvisionalRequestSite(
                path: path, range: node.byteRange, start: text.position(of: node.startByte), end: text.position(of: node.endByte),
                library: library, how: how
            ))
        }
        func record(_ call: Node, _ option: ProvisionalOption, library: String, key: String, mentionsKey: Bool) {
            requestRanges.append(call.byteRange)
            switch option {
            case .always:
                site(call, library: library, how: "`\(key): true`")
            case .sometimes:
                site(call, library: library, how: "`\(key)` from an expression that can be true")
            case .unknown:
                // Options the model cannot see into count only where the file speaks of provisional.
                if mentionsKey { site(call, library: library, how: "options that can set `\(key)`") } else { evidence.otherRequests += 1 }
            case .never:
                if text.text(in: call.byteRange).contains("rovisional") { evidence.explicitlyFullRequests += 1 } else { evidence.otherRequests += 1 }
            }
        }
        let mentionsProvisional = text.contains("rovisional")
        for call in model.calls {
            guard let request = model.notificationPermissionRequest(call) else { continue }
            switch request.library {
            case .expo:
                record(call, request.option, library: SemanticModel.expoNotificationsModule, key: "ios.allowProvisional", mentionsKey: mentionsProvisional)
            case .firebaseMessaging, .notifee:
                record(call, request.option, library: request.library.rawValue, key: "provisional", mentionsKey: mentionsProvisional)
            case .permissionsLib:
                requestRanges.append(call.byteRange)
                let list = call.child(byField: .arguments)?.namedChildren.first { $0.nodeKind != .comment }.map(Syntax.unwrap)
                switch request.option {
                case .always:
                    site(call, library: permissionsModule, how: "`'provisional'` in the options")
                case .unknown where list?.is(.array) == true || mentionsProvisional:
                    // A list with names it cannot read, or a list from elsewhere in a file that speaks of provisional.
                    site(call, library: permissionsModule, how: "options that can include `'provisional'`")
                default:
                    evidence.otherRequests += 1
                }
            }
        }
        // Expo request options written apart from their request (a shared constant, another file's
        // options): an `allowProvisional` that is not `false` is the app asking for it.
        if model.usesExpoNotifications || text.contains("allowProvisional") {
            let name = "allowProvisional"
            for offset in text.offsets(of: name) where !requestRanges.contains(where: { $0.contains(offset) }) {
                guard let leaf = model.tree.root.descendant(spanning: offset..<(offset + name.utf8.count)),
                      let pair = leaf.parent, pair.is(.pair), let key = pair.child(byField: .key), key.contains(leaf),
                      Syntax.propertyName(key) == name, let value = pair.child(byField: .value) else { continue }
                let unwrapped = Syntax.unwrap(value)
                if unwrapped.is(.false) { continue }
                site(pair, library: SemanticModel.expoNotificationsModule,
                     how: unwrapped.is(.true) ? "`allowProvisional: true` in request options" : "`allowProvisional` from an expression in request options")
            }
        }
        return evidence
    }
}
