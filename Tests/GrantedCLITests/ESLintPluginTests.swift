import Foundation
import Testing
import TestSupport

/// The ESLint plugin (issue 39), under the ESLint that Debian ships (6.4, in /usr/share/nodejs):
/// Tests/npm/eslint-plugin.test.js, run with Node's test runner on the binary this suite built.
/// macOS has no ESLint 6–8 package (Homebrew's is ESLint 9, flat config only): the test says so and
/// is skipped there.
struct ESLintPluginTests {
    /// Where Debian's `eslint` package puts ESLint and the modules it needs (NODE_PATH).
    static let debianModules = "/usr/share/nodejs"
    static let hasDebianESLint = DistributionTests.isOnPath("node")
        && FileManager.default.fileExists(atPath: "\(debianModules)/eslint/package.json")

    @Test(.enabled(if: ESLintPluginTests.hasDebianESLint, "no ESLint in /usr/share/nodejs (Debian: apt-get install eslint; scripts/test-deps.sh does); the ESLint plugin is not tested"))
    func pluginReportsTheCommandLinesFindingsUnderESLint() throws {
        let run = try DistributionTests.execute(
            ["node", "--test", "Tests/npm/eslint-plugin.test.js"], in: TestSupport.packageRoot,
            environment: ["GRANTED_LINT_BINARY": TestSupport.builtExecutable.path, "NODE_PATH": Self.debianModules]
        )
        #expect(run.status == 0, "\(run.both)")
        // The runner's summary: every case ran, none was skipped or left to do.
        #expect(run.stdout.contains("# fail 0"), "\(run.stdout)")
        #expect(run.stdout.contains("# skipped 0") && run.stdout.contains("# todo 0"), "\(run.stdout)")
    }
}
