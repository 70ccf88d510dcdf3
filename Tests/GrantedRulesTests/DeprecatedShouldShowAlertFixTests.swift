import Foundation
import GrantedLinter
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

/// An arrow with an expression body: the body becomes a block that binds the value once.
extension DeprecatedShouldShowAlertFixTests {
    @Test func anExpressionBodyBecomesABlockThatRunsTheCallOnce() throws {
        let code = """
        import * as Notifications from 'expo-notifications';
        Notifications.setNotificationHandler({
          handleNotification: async (n) => ({ shouldShowAlert: shouldAlert(n), shouldPlaySound: false, shouldSetBadge: false }),
        });

        """
        let result = try #require(Self.fix(code))
        #expect(result.fix.applicability == .safe)
        #expect(Self.occurrences(of: "shouldAlert(n)", in: result.fixed) == 1, "the call runs once:\n\(result.fixed)")
        #expect(result.fixed == """
        import * as Notifications from 'expo-notifications';
        Notifications.setNotificationHandler({
          handleNotification: async (n) => {
            const showAlert = shouldAlert(n);
            return { shouldShowBanner: showAlert, shouldShowList: showAlert, shouldPlaySound: false, shouldSetBadge: false };
          },
        });

        """)
    }

    /// Tabs, CRLF, a multi-line object with a comment and a blank line, a template literal and a
    /// string continued over two lines (whose content must not move), a name the file already uses.
    @Test func theBlockFollowsTheLayout() throws {
        let code = [
            "import * as Notifications from 'expo-notifications';",
            "const showAlert = 'taken';",
            "Notifications.setNotificationHandler({",
            "\thandleNotification: async (n) => ({",
            "\t\t// decided per notification",
            "\t\tshouldShowAlert: shouldAlert(n),",
            "",
            "\t\tshouldPlaySound: `line one",
            "line two` === showAlert,",
            "\t\tshouldSetBadge: 'a\\",
            "b' === showAlert,",
            "\t}),",
            "});",
            "",
        ].joined(separator: "\r\n")
        let result = try #require(Self.fix(code))
        #expect(result.fix.applicability == .safe)
        #expect(result.fixed == [
            "import * as Notifications from 'expo-notifications';",
            "const showAlert = 'taken';",
            "Notifications.setNotificationHandler({",
            "\thandleNotification: async (n) => {",
            "\t\tconst showAlert2 = shouldAlert(n);",
            "\t\treturn {",
            "\t\t\t// decided per notification",
            "\t\t\tshouldShowBanner: showAlert2,",
            "\t\t\tshouldShowList: showAlert2,",
            "",
            "\t\t\tshouldPlaySound: `line one",
            "line two` === showAlert,",
            "\t\t\tshouldSetBadge: 'a\\",
            "b' === showAlert,",
            "\t\t};",
            "\t},",
            "});",
            "",
        ].joined(separator: "\r\n"), "\(result.fixed)")
    }

    /// A body on its own line under `=>`: the block opens after `=>`, the lines keep their place.
    /// `Promise.resolve(...)` evaluates its argument before it runs: the value is bound once.
    @Test func aBodyUnderTheArrowAndPromiseResolve() throws {
        let code = """
        import * as Notifications from 'expo-notifications';
        Notifications.setNotificationHandler({
          handleNotification: (n) =>
            Promise.resolve({
              shouldShowAlert: shouldAlert(n),
              shouldPlaySound: false,
              shouldSetBadge: false,
            }),
        });

        """
        let result = try #require(Self.fix(code))
        #expect(result.fix.applicability == .safe)
        #expect(result.fixed == """
        import * as Notifications from 'expo-notifications';
        Notifications.setNotificationHandler({
          handleNotification: (n) => {
            const showAlert = shouldAlert(n);
            return Promise.resolve({
              shouldShowBanner: showAlert,
              shouldShowList: showAlert,
              shouldPlaySound: false,
              shouldSetBadge: false,
            });
          },
        });

        """, "\(result.fixed)")
    }

    /// A top-level arrow (the indentation comes from the file), a cast around the object, a
    /// comment in the parentheses (which then stay).
    @Test func aTopLevelArrowACastAndACommentInTheParentheses() throws {
        let code = """
        import * as Notifications from 'expo-notifications';
        const handleNotification = async (n: Notifications.Notification) => ({ shouldShowAlert: shouldAlert(n), shouldSetBadge: false }) as Notifications.NotificationBehavior;
        const other = async (n: Notifications.Notification): Promise<Notifications.NotificationBehavior> => (
            // quiet at night
            { shouldShowAlert: shouldAlert(n), shouldPlaySound: false, shouldSetBadge: false }
        );
        Notifications.setNotificationHandler({ handleNotification: Math.random() > 0.5 ? handleNotification : other });

        """
        let (_, diagnostics) = TestSupport.lint(code, path: "handler.ts", rules: [DeprecatedShouldShowAlert.self])
        let fixes = diagnostics.compactMap(\.fix)
        #expect(fixes.count == 2)
        #expect(fixes.allSatisfy { $0.applicability == .safe })
        let fixed = String(decoding: FixApplier.apply(fixes, to: Array(code.utf8)).bytes, as: UTF8.self)
        #expect(fixed == """
        import * as Notifications from 'expo-notifications';
        const handleNotification = async (n: Notifications.Notification) => {
            const showAlert = shouldAlert(n);
            return ({ shouldShowBanner: showAlert, shouldShowList: showAlert, shouldSetBadge: false }) as Notifications.NotificationBehavior;
        };
        const other = async (n: Notifications.Notification): Promise<Notifications.NotificationBehavior> => {
            const showAlert = shouldAlert(n);
            return (
                // quiet at night
                { shouldShowBanner: showAlert, shouldShowList: showAlert, shouldPlaySound: false, shouldSetBadge: false }
            );
        };
        Notifications.setNotificationHandler({ handleNotification: Math.random() > 0.5 ? handleNotification : other });

        """, "\(fixed)")
    }

    /// Where binding first would change what runs, the fix stays as it was: unsafe, the call
    /// written twice, and it says why.
    @Test func whereTheValueCannotBeBoundOnceTheFixStaysUnsafe() throws {
        let cases: [(body: String, reason: String)] = [
            // The other branch does not run the call.
            ("muted ? { shouldShowBanner: false, shouldShowList: false, shouldPlaySound: false, shouldSetBadge: false } : { shouldShowAlert: shouldAlert(n), shouldPlaySound: false, shouldSetBadge: false }",
             "the object is part of a larger expression"),
            // `sound(n)` runs first today.
            ("({ shouldPlaySound: sound(n), shouldShowAlert: shouldAlert(n), shouldSetBadge: false })", "a member before it runs code"),
            // `?.` may skip the arguments.
            ("Promise.resolve?.({ shouldShowAlert: shouldAlert(n), shouldPlaySound: false, shouldSetBadge: false })",
             "the object is part of a larger expression"),
            ("cache?.remember({ shouldShowAlert: shouldAlert(n), shouldPlaySound: false, shouldSetBadge: false } satisfies Notifications.NotificationBehavior)",
             "the object is part of a larger expression"),
        ]
        for (body, reason) in cases {
            let code = """
            import * as Notifications from 'expo-notifications';
            Notifications.setNotificationHandler({
              handleNotification: async (n) => \(body),
            });

            """
            let result = try #require(Self.fix(code))
            #expect(result.fix.applicability == .unsafe, "\(body)")
            #expect(result.fix.title.hasSuffix("(unsafe: the value is written twice, so it runs twice; \(reason))"), "\(result.fix.title)")
            #expect(Self.occurrences(of: "shouldAlert(n)", in: result.fixed) == 2)
            #expect(!result.fixed.contains("return"), "the body stays an expression")
        }
    }

    /// A value that runs no code is written twice, however long, and the body stays as it is.
    @Test func aPlainValueIsWrittenTwiceInAnExpressionBody() throws {
        let code = """
        import * as Notifications from 'expo-notifications';
        Notifications.setNotificationHandler({
          handleNotification: async (n) => ({ shouldShowAlert: n.request.content.data.urgent === true || n.request.content.data.chat !== undefined, shouldSetBadge: false }),
        });

        """
        let result = try #require(Self.fix(code))
        #expect(result.fix.applicability == .safe)
        #expect(result.fixed.contains("async (n) => ({ shouldShowBanner: n.request.content.data.urgent === true || n.request.content.data.chat !== undefined, shouldShowList: n.request.content.data.urgent === true || n.request.content.data.chat !== undefined, shouldSetBadge: false }),"), "\(result.fixed)")
    }

    /// In a block body the object may also sit in `Promise.resolve(...)` or a `satisfies`: the
    /// value is bound before the statement.
    @Test func aBlockBodyBindsThroughPromiseResolveAndSatisfies() throws {
        let code = """
        import * as Notifications from 'expo-notifications';
        Notifications.setNotificationHandler({
          handleNotification(n) {
            return Promise.resolve({ shouldShowAlert: shouldAlert(n), shouldPlaySound: false, shouldSetBadge: false });
          },
        });

        """
        let result = try #require(Self.fix(code))
        #expect(result.fix.applicability == .safe)
        #expect(result.fixed.contains("""
            const showAlert = shouldAlert(n);
            return Promise.resolve({ shouldShowBanner: showAlert, shouldShowList: showAlert, shouldPlaySound: false, shouldSetBadge: false });
        """), "\(result.fixed)")
        let satisfies = """
        import type { NotificationBehavior } from 'expo-notifications';
        export const quiet = { shouldShowAlert: isForeground(), shouldPlaySound: false, shouldSetBadge: false } satisfies NotificationBehavior;

        """
        let bound = try #require(Self.fix(satisfies))
        #expect(bound.fix.applicability == .safe)
        #expect(bound.fixed.contains("const showAlert = isForeground();\nexport const quiet = { shouldShowBanner: showAlert, shouldShowList: showAlert,"), "\(bound.fixed)")
    }
}
