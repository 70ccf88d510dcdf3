import GrantedSemantics
import GrantedWorkspace
import GrantedSyntax

/// The permission inventory as a text table, JSON (shape in docs/inventory-format.md) or Markdown.
public struct InventoryReporter {
    public enum Format { case text, json, markdown }

    /// One site of the inventory (the workspace's `InventoryEntry`).
    public typealias Entry = InventoryEntry

    public let toolVersion: String
    /// Where the project requests provisional authorization (`path:line`); empty when nowhere.
    public var provisionalRequestedAt: [String] = []

    public init(toolVersion: String, provisionalRequestedAt: [String] = []) {
        self.toolVersion = toolVersion
        self.provisionalRequestedAt = provisionalRequestedAt
    }

    /// The header line: where provisional devices come from.
    /// A configuration says the app requests provisional authorization where the files do not show it.
    public var configuredAsRequested = false

    private var evidenceLine: String {
        if !provisionalRequestedAt.isEmpty {
            return "Provisional authorization requested at: \(provisionalRequestedAt.joined(separator: ", "))"
        }
        return configuredAsRequested
            ? "Provisional authorization requested at: none in these files; the configuration says it is requested elsewhere (`\"provisional\": \"requested\"`)"
            : "Provisional authorization requested at: none (provisional-blind decisions are latent)"
    }

    /// `blind (live)`, `blind (latent)`, or the handling alone.
    private func decision(_ entry: Entry) -> String? {
        guard let handling = entry.site.handling else { return nil }
        guard handling == .blind, let live = entry.live else { return handling.rawValue }
        return "\(handling.rawValue) (\(live ? "live" : "latent"))"
    }

    public func render(_ entries: [Entry], format: Format) -> String {
        let sorted = entries.sorted { ($0.path, $0.position) < ($1.path, $1.position) }
        switch format {
        case .json: return json(sorted)
        case .markdown: return markdown(sorted)
        case .text: return text(sorted)
        }
    }

    private func library(_ site: InventorySite) -> String {
        switch site.library {
        case NotificationLibrary.firebaseMessaging.rawValue: return "firebase-messaging"
        case NotificationLibrary.notifee.rawValue: return "notifee"
        default: return "expo-notifications"
        }
    }

    private func summary(_ entries: [Entry]) -> [(String, Int)] {
        [
            ("reads", entries.filter { $0.site.kind == .read }.count),
            ("requests", entries.filter { $0.site.kind == .request }.count),
            ("decisions", entries.filter { $0.site.kind == .decision }.count),
            ("blind", entries.filter { $0.site.kind == .decision && $0.site.handling == .blind }.count),
            ("provisionalAware", entries.filter { $0.site.kind == .decision && $0.site.handling == .provisionalAware }.count),
            ("androidOnly", entries.filter { $0.site.kind == .decision && $0.site.handling == .androidOnly }.count),
            ("webOnly", entries.filter { $0.site.kind == .decision && $0.site.handling == .webOnly }.count),
            ("analytics", entries.filter { $0.site.kind == .analytics }.count),
            ("analyticsBlind", entries.filter { $0.site.kind == .analytics && $0.site.handling == .blind }.count),
        ]
    }

    /// For a request: what it asks for and whether a permission test comes first
    /// (`provisional, unguarded`); nil for reads and decisions.
    private func request(_ site: InventorySite) -> String? {
        guard let requested = site.requested else { return nil }
        return "\(requested.rawValue), \(site.guarded == true ? "guarded" : "unguarded")"
    }

    private func text(_ entries: [Entry]) -> String {
        let rows = entries.map { entry in
            ["\(entry.path):\(entry.position.line)", library(entry.site), entry.site.kind.rawValue, decision(entry) ?? "-",
             request(entry.site) ?? "-",
             String(entry.site.detail.prefix(80)) + (entry.incompleteAnalysis ? "  (parse recovery: may be incomplete)" : "")]
        }
        let header = ["LOCATION", "LIBRARY", "KIND", "DECISION", "REQUEST", "WHAT"]
        let padded = header.count - 1
        var widths = header.map(\.count)
        for row in rows { for (index, cell) in row.enumerated() where index < padded { widths[index] = max(widths[index], cell.count) } }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in index < padded ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0) : cell }
                .joined(separator: "  ")
        }
        var output = evidenceLine + "\n\n" + line(header) + "\n" + rows.map(line).joined(separator: "\n") + (rows.isEmpty ? "" : "\n")
        let counts = summary(entries)
        output += "\n\(counts[0].1) reads, \(counts[1].1) requests, \(counts[2].1) decisions (\(counts[3].1) provisional-blind, \(counts[4].1) provisional-aware, \(counts[5].1) Android-only\(counts[6].1 > 0 ? ", \(counts[6].1) web-only" : ""))\(counts[7].1 > 0 ? "; \(counts[7].1) analytics call\(counts[7].1 == 1 ? "" : "s") sending a permission value (\(counts[8].1) provisional-blind)" : "").\n"
        return output
    }

    private func markdown(_ entries: [Entry]) -> String {
        var output = evidenceLine + "\n\n| location | library | kind | decision | request | what |\n| --- | --- | --- | --- | --- | --- |\n"
        for entry in entries {
            let what = entry.site.detail.replacingOccurrences(of: "|", with: "\\|")
            let mark = entry.incompleteAnalysis ? " ⚠ parse recovery: may be incomplete" : ""
            output += "| `\(entry.path):\(entry.position.line)` | \(library(entry.site)) | \(entry.site.kind.rawValue) | \(decision(entry) ?? "") | \(request(entry.site) ?? "") | `\(what)`\(mark) |\n"
        }
        let counts = summary(entries)
        output += "\n\(counts[0].1) reads, \(counts[1].1) requests, \(counts[2].1) decisions (\(counts[3].1) provisional-blind, \(counts[4].1) provisional-aware, \(counts[5].1) Android-only\(counts[6].1 > 0 ? ", \(counts[6].1) web-only" : ""))\(counts[7].1 > 0 ? "; \(counts[7].1) analytics call\(counts[7].1 == 1 ? "" : "s") sending a permission value (\(counts[8].1) provisional-blind)" : "").\n"
        return output
    }

    private func json(_ entries: [Entry]) -> String {
        JSONValue.object([
            ("tool", .string("granted-lint")),
            ("version", .string(toolVersion)),
            ("provisionalRequestedAt", .array(provisionalRequestedAt.map { .string($0) })),
            ("sites", .array(entries.map { entry in
                .object([
                    ("path", .string(entry.path)),
                    ("line", .int(entry.position.line)),
                    ("column", .int(entry.position.column)),
                    ("library", .string(library(entry.site))),
                    ("kind", .string(entry.site.kind.rawValue)),
                    ("decision", entry.site.handling.map { .string($0.rawValue) } ?? .null),
                    ("live", entry.live.map { .bool($0) } ?? .null),
                    ("provisional", entry.site.requested.map { .string($0.rawValue) } ?? .null),
                    ("guarded", entry.site.guarded.map { .bool($0) } ?? .null),
                    ("what", .string(entry.site.detail)),
                    ("incompleteAnalysis", .bool(entry.incompleteAnalysis)),
                ])
            })),
            ("summary", .object(summary(entries).map { ($0.0, .int($0.1)) })),
        ]).render() + "\n"
    }
}

#if canImport(Foundation)
import Foundation
#endif
