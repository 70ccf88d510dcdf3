import GrantedSyntax
import GrantedSemantics

public enum Severity: String, Comparable, CaseIterable, Sendable, Codable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One replacement of a byte range of the file's text.
public struct TextEdit: Hashable, Sendable {
    public let range: Range<Int>
    public let replacement: String

    public init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

/// A fix is data: edits plus how safe it is to apply them without review (as in Ruff).
public struct Fix: Hashable, Sendable {
    public enum Applicability: String, Sendable, Codable {
        /// Keeps the program's meaning; applied by `--fix`.
        case safe
        /// May change meaning (duplicates an expression with side effects, say); only `--fix-unsafe`.
        case unsafe
    }

    public let title: String
    public let applicability: Applicability
    public let edits: [TextEdit]
    /// What a reviewer must know about the edit beyond the diff (a comment it deletes); shown with
    /// `--fix` and `--fix-dry-run`.
    public let note: String?

    public init(title: String, applicability: Applicability, edits: [TextEdit], note: String? = nil) {
        self.title = title
        self.applicability = applicability
        self.edits = edits
        self.note = note
    }
}

/// A place elsewhere in the file that explains a finding (where a compared value came from).
public struct RelatedLocation: Hashable, Sendable {
    /// In the finding's file (unused when `elsewhere` is set).
    public let range: Range<Int>
    public let message: String
    /// A place in another file, with its positions computed there (the report does not hold that
    /// file's text).
    public let elsewhere: ExternalLocation?

    public init(range: Range<Int>, message: String) {
        self.range = range
        self.message = message
        elsewhere = nil
    }

    public init(elsewhere: ExternalLocation, message: String) {
        range = 0..<0
        self.message = message
        self.elsewhere = elsewhere
    }
}

/// A finding, with its range in UTF-8 bytes; reporters convert to lines and UTF-16 columns.
///
/// A finding comes in parts, as in rustc and Ruff: `message` is one short sentence about this code
/// (what is wrong, here), `notes` say why and on what evidence, `help` says what to write instead.
/// Reporters lay the parts out each in their format's convention.
public struct Diagnostic: Hashable, Sendable {
    public let ruleId: String
    public var severity: Severity
    public var message: String
    /// Why the code is wrong and what the finding rests on (the evidence, what made it latent).
    public var notes: [String] = []
    /// What to write instead, in one line.
    public var help: String?
    public let range: Range<Int>
    public let fix: Fix?
    public var related: [RelatedLocation]
    /// What a device lives through at this finding, step by step (the response, the decision, the
    /// dialog, the exit): SARIF's `codeFlows`, the editor's related information (docs/flows.md).
    public var devicePath: [RelatedLocation] = []
    /// The note of `notes` that says what the device lives through (names lines: an edit that
    /// moves the finding has it said again).
    public var consequence: String?
    /// A finding that matters only on devices that are provisionally authorized: live when the
    /// project requests provisional authorization, latent otherwise (`ProvisionalEvidence`).
    public var dependsOnProvisionalRequests = false
    /// What the evidence made of such a finding, once the run has weighed it (nil before, and for
    /// every other finding).
    public var evidence: ProvisionalReach?

    public init(
        ruleId: String, severity: Severity, message: String, notes: [String] = [], help: String? = nil,
        range: Range<Int>, fix: Fix? = nil, related: [RelatedLocation] = []
    ) {
        self.ruleId = ruleId
        self.severity = severity
        self.message = message
        self.notes = notes
        self.help = help
        self.range = range
        self.fix = fix
        self.related = related
    }
}

/// A provisional-blind finding is live when the project requests provisional authorization (or its
/// configuration says it does), latent otherwise: then it is reported one level lower.
public enum ProvisionalReach: String, Hashable, Sendable {
    case live
    case latent
}

extension Severity {
    /// The level a latent finding is reported at: error → warning → note.
    public var oneLevelLower: Severity {
        switch self {
        case .error: return .warning
        case .warning, .note: return .note
        }
    }
}
