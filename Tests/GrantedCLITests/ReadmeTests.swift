import Foundation
import Testing
import TestSupport

/// The README is a front door (issue 39): short, with the two commands, and every page it and the
/// docs link to is there.
struct ReadmeTests {
    static let root = TestSupport.packageRoot

    @Test func theReadmeIsShortAndKeepsTheTwoCommands() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let words = readme.split { $0.isWhitespace }.count
        #expect(words <= 1_500, "README.md has \(words) words (1,500 at most: detail goes to docs/)")
        #expect(readme.contains("make run") && readme.contains("make test"))
        #expect(readme.contains("| `provisional-blind-check` |") || readme.contains("provisional-blind-check"), "the rules table")
    }

    /// Relative links of README.md and docs/*.md point at files that exist.
    @Test func everyRelativeLinkResolves() throws {
        var pages = [Self.root.appendingPathComponent("README.md")]
        let docs = Self.root.appendingPathComponent("docs")
        for name in try FileManager.default.contentsOfDirectory(atPath: docs.path) where name.hasSuffix(".md") {
            pages.append(docs.appendingPathComponent(name))
        }
        var broken: [String] = []
        for page in pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            var inFence = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("```") { inFence.toggle(); continue }
                if inFence { continue }
                var rest = Substring(line)
                while let open = rest.range(of: "](") {
                    let after = rest[open.upperBound...]
                    guard let close = after.firstIndex(of: ")") else { break }
                    var target = String(after[..<close])
                    rest = after[close...]
                    if target.contains("://") || target.hasPrefix("#") || target.hasPrefix("mailto:") || target.isEmpty { continue }
                    if let hash = target.firstIndex(of: "#") { target = String(target[..<hash]) }
                    let resolved = page.deletingLastPathComponent().appendingPathComponent(target).standardizedFileURL
                    if !FileManager.default.fileExists(atPath: resolved.path) {
                        broken.append("\(page.lastPathComponent): \(target)")
                    }
                }
            }
        }
        #expect(broken.isEmpty, "links to nothing: \(broken)")
    }
}
