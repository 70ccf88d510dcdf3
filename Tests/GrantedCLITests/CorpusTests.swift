import Foundation
import GrantedSemantics
import GrantedRules
import Testing
import TestSupport

/// Every fixture under TestCorpus/ gets exactly the findings its `expect:` comments name.
struct CorpusTests {
    static let corpusRoot = TestSupport.packageRoot.appendingPathComponent("TestCorpus")

    /// Every source file under TestCorpus/ but the expected outputs of fixes (`*.fixed.*`), which keep
    /// the `expect:` comments of their inputs, and declaration files (`.d.ts`, never linted).
    static let fixtures: [String] = TestSupport.sourceFiles(under: corpusRoot).map {
        String($0.path.dropFirst(corpusRoot.path.count + 1))
    }.filter { !$0.contains(".fixed.") && !$0.hasSuffix(".d.ts") }

    /// Fixtures under cross-file/<case>/ and evidence/<case>/ (and the example app) are linted as one
    /// small project: the case's files are indexed first (as the command line does), so a value
    /// produced in one file is followed into another.
    static func project(for relativePath: String) -> ProjectIndex? {
        let parts = relativePath.split(separator: "/")
        let caseDirectory: URL
        if parts.first == "cross-file" || parts.first == "evidence", parts.count > 2 {
            caseDirectory = corpusRoot.appendingPathComponent(parts[0...1].joined(separator: "/"))
        } else if parts.first == "example-app" {
            caseDirectory = corpusRoot.appendingPathComponent("example-app")
        } else {
            return nil
        }
        let index = ProjectIndex()
        for file in TestSupport.sourceFiles(under: caseDirectory) {
            index.summarise(file: file.path)
            // What the files write into application stores, as linting them records it.
            index.recordStoreWrites(ofFile: file.path)
        }
        return index
    }

    static func findings(_ relativePath: String, prefilter: Bool = true) throws -> [TestSupport.Expectation] {
        let url = corpusRoot.appendingPathComponent(relativePath)
        let code = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        let project = project(for: relativePath)
        let (file, diagnostics) = TestSupport.lint(
            code, path: project == nil ? relativePath : url.path, prefilter: prefilter, project: project
        )
        return diagnostics.map { diagnostic in
            let position = file.text.position(of: diagnostic.range.lowerBound)
            return TestSupport.Expectation(line: position.line, column: position.column, ruleId: diagnostic.ruleId)
        }.sorted()
    }

    @Test func corpusHasFixturesForEveryRule() {
        for rule in BuiltinRules.all {
            let id = rule.description.id
            #expect(Self.fixtures.contains { $0.hasPrefix("rules/\(id)/") }, "no fixtures for \(id)")
        }
    }

    @Test(arguments: fixtures)
    func fixtureGetsExactlyTheExpectedFindings(_ relativePath: String) throws {
        let text = try String(contentsOf: Self.corpusRoot.appendingPathComponent(relativePath), encoding: .utf8)
        let expected = TestSupport.expectations(in: text)
        let actual = try Self.findings(relativePath)
        // An expectation without a column matches a finding on its line whatever its column.
        let actualForComparison = actual.map { finding in
            let wantsColumn = expected.contains { $0.line == finding.line && $0.ruleId == finding.ruleId && $0.column != nil }
            return TestSupport.Expectation(line: finding.line, column: wantsColumn ? finding.column : nil, ruleId: finding.ruleId)
        }.sorted()
        let missing = expected.filter { !actualForComparison.contains($0) }
        let unexpected = actualForComparison.filter { !expected.contains($0) }
        #expect(actualForComparison == expected, "\(relativePath): missing \(missing), unexpected \(unexpected)")
    }

    /// The byte prefilter only skips files in which no rule can find anything.
    @Test(arguments: fixtures)
    func prefilterDoesNotChangeFindings(_ relativePath: String) throws {
        #expect(try Self.findings(relativePath, prefilter: true) == Self.findings(relativePath, prefilter: false))
    }
}
