import Foundation
import GrantedEngine
import GrantedRules
import GrantedSyntax
import Testing
import TestSupport

/// The fix of deprecated-should-show-alert beyond its `corrections`: a value that runs code is
/// evaluated exactly once, and the fix is safe only when binding it once keeps the order of
/// evaluation.
struct DeprecatedShouldShowAlertFixTests {
    /// The one fix on `code`, and the text it gives.
    static func fix(_ code: String, path: String = "handler.ts") -> (fix: Fix, fixed: String)? {
        let (_, diagnostics) = TestSupport.lint(code, path: path, rules: [DeprecatedShouldShowAlert.self])
        let fixes = diagnostics.filter { $0.ruleId == DeprecatedShouldShowAlert.description.id }.compactMap(\.fix)
        guard fixes.count == 1 else {
            Issue.record("expected one fix, got \(fixes.count) on:\n\(code)")
            return nil
        }
        let fixed = FixApplier.apply(fixes, to: Array(code.utf8))
        return (fixes[0], String(decoding: fixed.bytes, as: UTF8.self))
    }

    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// A computed key before `shouldShowAlert` runs first: hoisting the value above it would
    /// reorder the two calls, so the fix stays unsafe (and writes the value twice, as it says).
    @Test func aComputedKeyBeforeItKeepsTheFixUnsafe() throws {
        let code = """
        import * as N from 'expo-notifications';
        N.setNotificationHandler({
          handleNotification: async (n) => {
            return { [key()]: false, shouldShowAlert: shouldAlert(n), shouldPlaySound: false };
          },
        });

        """
        let result = try #require(Self.fix(code))
        #expect(result.fix.applicability == .unsafe)
        #expect(result.fix.title.contains("a member before it runs code"), "\(result.fix.title)")
        // A plain computed key (a name) runs no code: the value is bound once.
        let plain = try #require(Self.fix(code.replacingOccurrences(of: "[key()]", with: "[KEY]")))
        #expect(plain.fix.applicability == .safe)
        #expect(Self.occurrences(of: "shouldAlert(n)", in: plain.fixed) == 1, "\(plain.fixed)")
    }
}
