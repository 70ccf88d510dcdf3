import Foundation
import GrantedLinter
import GrantedSemantics
@testable import GrantedRules
import Testing
import TestSupport

/// The repair of `provisional-blind-check` on small files: what it writes for the import forms and
/// bindings the corrections do not show, and the shapes it deliberately leaves without a fix.
struct ProvisionalBlindRepairTests {
    static let ruleId = ProvisionalBlindCheck.description.id

    /// The findings of the rule alone.
    static func findings(_ code: String, path: String = "example.ts") -> [Diagnostic] {
        TestSupport.lint(code, path: path, rules: [ProvisionalBlindCheck.self]).diagnostics.filter { $0.ruleId == ruleId }
    }

    /// `--fix-unsafe` with the rule alone: the fixed text, and the findings left in it.
    static func repaired(_ code: String, path: String = "example.ts") -> (text: String, remaining: [Diagnostic]) {
        let file = SourceFile(path: path, bytes: Array(code.utf8))!
        let linter = Linter(rules: [ConfiguredRule(ProvisionalBlindCheck.self)])
        let outcome = FixLoop.run(file, linter: linter, applicability: .unsafe)
        let text = outcome.fixedBytes.map { String(decoding: $0, as: UTF8.self) } ?? code
        return (text, outcome.remaining.filter { $0.ruleId == ruleId })
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let before: String
        let after: String
        var testDescription: String { name }
    }

    static let repairs: [Case] = [
        Case(name: "default import", before: """
        import Notifications from 'expo-notifications';
        export async function syncTopics() {
          const { status } = await Notifications.getPermissionsAsync();
          if (status === 'granted') {
            await subscribe();
          }
        }
        """, after: """
        import Notifications from 'expo-notifications';
        export async function syncTopics() {
          const { status, granted, ios } = await Notifications.getPermissionsAsync();
          if (granted || ios?.status === Notifications.IosAuthorizationStatus.PROVISIONAL || ios?.status === Notifications.IosAuthorizationStatus.EPHEMERAL) {
            await subscribe();
          }
        }
        """),
        Case(name: "the enum already imported by its own name", before: """
        import { getPermissionsAsync, IosAuthorizationStatus } from 'expo-notifications';
        export const isDenied = (status?: IosAuthorizationStatus) => status === IosAuthorizationStatus.DENIED;
        export async function canNotify() {
          const permissions = await getPermissionsAsync();
          return permissions.status === 'granted';
        }
        """, after: """
        import { getPermissionsAsync, IosAuthorizationStatus } from 'expo-notifications';
        export const isDenied = (status?: IosAuthorizationStatus) => status === IosAuthorizationStatus.DENIED;
        export async function canNotify() {
          const permissions = await getPermissionsAsync();
          return permissions.granted || permissions.ios?.status === IosAuthorizationStatus.PROVISIONAL || permissions.ios?.status === IosAuthorizationStatus.EPHEMERAL;
        }
        """),
        Case(name: "an ios binding already there is reused", before: """
        import * as N from 'expo-notifications';
        export async function alertsOn() {
          const { status, ios } = await N.getPermissionsAsync();
          if (status !== 'granted') return false;
          return ios?.allowsAlert === true;
        }
        """, after: """
        import * as N from 'expo-notifications';
        export async function alertsOn() {
          const { status, ios, granted } = await N.getPermissionsAsync();
          if (!(granted || ios?.status === N.IosAuthorizationStatus.PROVISIONAL || ios?.status === N.IosAuthorizationStatus.EPHEMERAL)) return false;
          return ios?.allowsAlert === true;
        }
        """),
        Case(name: "a status copied into a constant reads the response it came from", before: """
        import * as N from 'expo-notifications';
        export async function label() {
          const settings = await N.getPermissionsAsync();
          const status = settings.status;
          log(status);
          return status === N.PermissionStatus.GRANTED ? 'on' : 'off';
        }
        """, after: """
        import * as N from 'expo-notifications';
        export async function label() {
          const settings = await N.getPermissionsAsync();
          const status = settings.status;
          log(status);
          return settings.granted || settings.ios?.status === N.IosAuthorizationStatus.PROVISIONAL || settings.ios?.status === N.IosAuthorizationStatus.EPHEMERAL ? 'on' : 'off';
        }
        """),
        Case(name: "an awaited call in an if condition is bound once before the if", before: """
        import * as N from 'expo-notifications';
        export async function register() {
          if ((await N.getPermissionsAsync()).status !== 'granted') {
            return null;
          }
          return N.getExpoPushTokenAsync({ projectId: 'p' });
        }
        """, after: """
        import * as N from 'expo-notifications';
        export async function register() {
          const permissions = await N.getPermissionsAsync();
          if (!(permissions.granted || permissions.ios?.status === N.IosAuthorizationStatus.PROVISIONAL || permissions.ios?.status === N.IosAuthorizationStatus.EPHEMERAL)) {
            return null;
          }
          return N.getExpoPushTokenAsync({ projectId: 'p' });
        }
        """),
        Case(name: "names the file uses elsewhere are not taken", before: """
        import * as N from 'expo-notifications';
        const granted = true;
        const ios = 'ios';
        export async function canNotify() {
          const { status } = await N.getPermissionsAsync();
          return status == 'granted';
        }
        """, after: """
        import * as N from 'expo-notifications';
        const granted = true;
        const ios = 'ios';
        export async function canNotify() {
          const { status, granted: permissionGranted, ios: permissionIos } = await N.getPermissionsAsync();
          return permissionGranted || permissionIos?.status === N.IosAuthorizationStatus.PROVISIONAL || permissionIos?.status === N.IosAuthorizationStatus.EPHEMERAL;
        }
        """),
        Case(name: "a multi-line pattern gets one member per line", before: """
        import * as N from 'expo-notifications';
        export async function canNotify() {
          const {
            status: current,
          } = await N.getPermissionsAsync();
          return 'granted' === current;
        }
        """, after: """
        import * as N from 'expo-notifications';
        export async function canNotify() {
          const {
            status: current,
            granted: currentGranted,
            ios: currentIos,
          } = await N.getPermissionsAsync();
          return currentGranted || currentIos?.status === N.IosAuthorizationStatus.PROVISIONAL || currentIos?.status === N.IosAuthorizationStatus.EPHEMERAL;
        }
        """),
        Case(name: "a decision inside a callback, with the response outside it", before: """
        import * as N from 'expo-notifications';
        export async function schedule(items) {
          const { granted } = await N.getPermissionsAsync();
          return items.filter(() => granted);
        }
        """, after: """
        import * as N from 'expo-notifications';
        export async function schedule(items) {
          const { granted, ios } = await N.getPermissionsAsync();
          return items.filter(() => granted || ios?.status === N.IosAuthorizationStatus.PROVISIONAL || ios?.status === N.IosAuthorizationStatus.EPHEMERAL);
        }
        """),
        // Issue 38: the copied snippet declares `finalDeliverable` as the test of `existingStatus`; the
        // `if` on the next line reads it rather than writing the same three-part test again.
        Case(name: "a test of the copied status reads the flag of the copy", before: """
        import * as N from 'expo-notifications';
        export async function register() {
          const { status: existingStatus } = await N.getPermissionsAsync();
          let finalStatus = existingStatus;
          if (existingStatus !== 'granted') {
            const { status } = await N.requestPermissionsAsync();
            finalStatus = status;
          }
          if (finalStatus !== 'granted') return null;
          return N.getExpoPushTokenAsync({ projectId: 'p' });
        }
        """, after: """
        import * as N from 'expo-notifications';
        export async function register() {
          const { status: existingStatus, granted: existingGranted, ios: existingIos } = await N.getPermissionsAsync();
          let finalStatus = existingStatus;
          let finalDeliverable = existingGranted || existingIos?.status === N.IosAuthorizationStatus.PROVISIONAL || existingIos?.status === N.IosAuthorizationStatus.EPHEMERAL;
          if (!finalDeliverable) {
            const { status, granted, ios } = await N.requestPermissionsAsync();
            finalStatus = status;
            finalDeliverable = granted || ios?.status === N.IosAuthorizationStatus.PROVISIONAL || ios?.status === N.IosAuthorizationStatus.EPHEMERAL;
          }
          if (!finalDeliverable) return null;
          return N.getExpoPushTokenAsync({ projectId: 'p' });
        }
        """),
        // Once the copy may have been written, the flag no longer says what the copied status does.
        Case(name: "a test of the copied status after a write of the copy keeps its own test", before: """
        import * as N from 'expo-notifications';
        export async function register(retry: boolean) {
          const { status: existingStatus } = await N.getPermissionsAsync();
          let finalStatus = existingStatus;
          if (retry) {
            const next = await N.requestPermissionsAsync();
            finalStatus = next.status;
          }
          if (existingStatus !== 'granted') return null;
          return finalStatus === 'granted';
        }
        """, after: """
        import * as N from 'expo-notifications';
        export async function register(retry: boolean) {
          const { status: existingStatus, granted: existingGranted, ios: existingIos } = await N.getPermissionsAsync();
          let finalStatus = existingStatus;
          let finalDeliverable = existingGranted || existingIos?.status === N.IosAuthorizationStatus.PROVISIONAL || existingIos?.status === N.IosAuthorizationStatus.EPHEMERAL;
          if (retry) {
            const next = await N.requestPermissionsAsync();
            finalStatus = next.status;
            finalDeliverable = next.granted || next.ios?.status === N.IosAuthorizationStatus.PROVISIONAL || next.ios?.status === N.IosAuthorizationStatus.EPHEMERAL;
          }
          if (!(existingGranted || existingIos?.status === N.IosAuthorizationStatus.PROVISIONAL || existingIos?.status === N.IosAuthorizationStatus.EPHEMERAL)) return null;
          return finalDeliverable;
        }
        """),
        // In a loop, a write after the test runs before it on the next pass.
        Case(name: "a test of the copied status in a loop that writes the copy keeps its own test", before: """
        import * as N from 'expo-notifications';
        export async function retry(attempts: number[]) {
          const { status: existingStatus } = await N.getPermissionsAsync();
          let finalStatus = existingStatus;
          for (const attempt of attempts) {
            if (existingStatus !== 'granted') {
              const next = await N.requestPermissionsAsync();
              finalStatus = next.status;
            }
          }
          return finalStatus === 'granted';
        }
        """, after: """
        import * as N from 'expo-notifications';
        export async function retry(attempts: number[]) {
          const { status: existingStatus, granted: existingGranted, ios: existingIos } = await N.getPermissionsAsync();
          let finalStatus = existingStatus;
          let finalDeliverable = existingGranted || existingIos?.status === N.IosAuthorizationStatus.PROVISIONAL || existingIos?.status === N.IosAuthorizationStatus.EPHEMERAL;
          for (const attempt of attempts) {
            if (!(existingGranted || existingIos?.status === N.IosAuthorizationStatus.PROVISIONAL || existingIos?.status === N.IosAuthorizationStatus.EPHEMERAL)) {
              const next = await N.requestPermissionsAsync();
              finalStatus = next.status;
              finalDeliverable = next.granted || next.ios?.status === N.IosAuthorizationStatus.PROVISIONAL || next.ios?.status === N.IosAuthorizationStatus.EPHEMERAL;
            }
          }
          return finalDeliverable;
        }
        """),
        // A function that writes the copy may have run before the test.
        Case(name: "a copy written in a nested function keeps the test of the copied status", before: """
        import * as N from 'expo-notifications';
        export async function register() {
          const { status: existingStatus } = await N.getPermissionsAsync();
          let finalStatus = existingStatus;
          const ask = async () => {
            const next = await N.requestPermissionsAsync();
            finalStatus = next.status;
          };
          await ask();
          if (existingStatus !== 'granted') return null;
          return finalStatus === 'granted';
        }
        """, after: """
        import * as N from 'expo-notifications';
        export async function register() {
          const { status: existingStatus, granted: existingGranted, ios: existingIos } = await N.getPermissionsAsync();
          let finalStatus = existingStatus;
          let finalDeliverable = existingGranted || existingIos?.status === N.IosAuthorizationStatus.PROVISIONAL || existingIos?.status === N.IosAuthorizationStatus.EPHEMERAL;
          const ask = async () => {
            const next = await N.requestPermissionsAsync();
            finalStatus = next.status;
            finalDeliverable = next.granted || next.ios?.status === N.IosAuthorizationStatus.PROVISIONAL || next.ios?.status === N.IosAuthorizationStatus.EPHEMERAL;
          };
          await ask();
          if (!(existingGranted || existingIos?.status === N.IosAuthorizationStatus.PROVISIONAL || existingIos?.status === N.IosAuthorizationStatus.EPHEMERAL)) return null;
          return finalDeliverable;
        }
        """),
    ]

    @Test(arguments: repairs)
    func repairsTheShape(_ repair: Case) {
        #expect(!Self.findings(repair.before).isEmpty, "the shape is a finding")
        #expect(Self.findings(repair.before).allSatisfy { $0.fix?.applicability == .unsafe && $0.fix?.title == ProvisionalBlindRepair.title })
        let result = Self.repaired(repair.before)
        #expect(result.text == repair.after)
        #expect(result.remaining.isEmpty, "\(result.remaining.map(\.message))")
    }

    /// One provisional test makes the whole function aware: every finding of a function, nested
    /// functions included, carries the same fix, which rewrites them all (one fix of one finding must
    /// not silence the others).
    @Test func findingsOfOneFunctionShareOneFix() throws {
        let code = """
        import * as N from 'expo-notifications';
        export async function register() {
          const settings = await N.getPermissionsAsync();
          if (settings.status !== 'granted') {
            const next = await N.requestPermissionsAsync();
            if (!next.granted) return null;
          }
          return N.getPermissionsAsync().then((latest) => latest.granted);
        }
        """
        let findings = Self.findings(code)
        #expect(findings.count == 3)
        let fixes = findings.compactMap(\.fix)
        #expect(fixes.count == 3 && Set(fixes).count == 1, "one fix for the three, the callback's included")
        let fix = try #require(fixes.first)
        #expect(fix.edits.count == 3, "it rewrites all three decisions")
        let applied = FixApplier.apply(fixes, to: Array(code.utf8))
        #expect(applied.appliedCount == 3, "applied once, counted for each finding")
        #expect(Self.findings(String(decoding: applied.bytes, as: UTF8.self)).isEmpty)
    }

    /// When the outer function has a decision without a rewrite, a nested function whose decisions all
    /// have one still gets its fix (it silences nothing outside itself).
    @Test func aNestedFunctionIsRepairedWhenItsOuterFunctionCannotBe() {
        let code = """
        import * as N from 'expo-notifications';
        export async function describe() {
          const { status } = await N.getPermissionsAsync();
          if (status === 'undetermined') return 'ask';
          return N.getPermissionsAsync().then((latest) => latest.granted);
        }
        """
        let findings = Self.findings(code)
        #expect(findings.count == 2)
        #expect(findings.filter { $0.fix != nil }.count == 1, "the callback's finding has a fix, the comparison with 'undetermined' none")
        let result = Self.repaired(code)
        #expect(result.text.contains(".then((latest) => latest.granted || latest.ios?.status === N.IosAuthorizationStatus.PROVISIONAL"))
        #expect(result.remaining.count == 1)
    }

    static let unsure: [Case] = [
        Case(name: "compared with 'undetermined'", before: """
        import * as N from 'expo-notifications';
        export async function neverAsked() {
          const { status } = await N.getPermissionsAsync();
          return status === 'undetermined';
        }
        """, after: ""),
        Case(name: "a switch case", before: """
        import * as N from 'expo-notifications';
        export async function route() {
          const { status } = await N.getPermissionsAsync();
          switch (status) {
            case 'granted': return subscribe();
            default: return ask();
          }
        }
        """, after: ""),
        Case(name: "an includes test", before: """
        import * as N from 'expo-notifications';
        export async function ok() {
          const { status } = await N.getPermissionsAsync();
          return ['granted'].includes(status);
        }
        """, after: ""),
        Case(name: "a status kept in React state and compared there", before: """
        import * as N from 'expo-notifications';
        import { useEffect, useState } from 'react';
        export function useNotificationsOn() {
          const [status, setStatus] = useState(null);
          useEffect(() => { N.getPermissionsAsync().then((response) => setStatus(response.status)); }, []);
          return status === 'granted';
        }
        """, after: ""),
        Case(name: "a status written again through destructuring", before: """
        import * as N from 'expo-notifications';
        export async function register() {
          let { status } = await N.getPermissionsAsync();
          if (status !== 'granted') {
            ({ status } = await N.requestPermissionsAsync({ ios: { allowProvisional: true } }));
          }
          return status === 'granted';
        }
        """, after: ""),
        Case(name: "an awaited call in an arrow's expression body", before: """
        import * as N from 'expo-notifications';
        export const canNotify = async () => (await N.getPermissionsAsync()).granted;
        """, after: ""),
        Case(name: "a Firebase comparison in the same function", before: """
        import * as N from 'expo-notifications';
        import messaging from '@react-native-firebase/messaging';
        export async function bothOn() {
          const auth = await messaging().hasPermission();
          const { status } = await N.getPermissionsAsync();
          return auth === messaging.AuthorizationStatus.AUTHORIZED && status === 'granted';
        }
        """, after: ""),
        Case(name: "combined with an iOS status test the wrong way round", before: """
        import { getPermissionsAsync, IosAuthorizationStatus } from 'expo-notifications';
        export async function shouldPrompt() {
          const { status, ios } = await getPermissionsAsync();
          return status !== 'granted' || ios?.status !== IosAuthorizationStatus.PROVISIONAL;
        }
        """, after: ""),
        Case(name: "granted stored into an object", before: """
        import * as N from 'expo-notifications';
        export async function snapshot() {
          const { granted } = await N.getPermissionsAsync();
          return { granted, at: Date.now() };
        }
        """, after: ""),
        Case(name: "a status from the app's own wrapper object", before: """
        import * as N from 'expo-notifications';
        async function check() {
          const { status } = await N.getPermissionsAsync();
          return { status, canAsk: status !== 'denied' };
        }
        export async function register() {
          const { status } = await check();
          return status === 'granted';
        }
        """, after: ""),
        Case(name: "one decision of the function has no rewrite, so neither has", before: """
        import * as N from 'expo-notifications';
        export async function describe() {
          const { status } = await N.getPermissionsAsync();
          if (status === 'undetermined') return 'ask';
          return status === 'granted' ? 'on' : 'off';
        }
        """, after: ""),
        Case(name: "a copy of a status variable that is written after the copy", before: """
        import * as N from 'expo-notifications';
        export async function register() {
          let status = (await N.getPermissionsAsync()).status;
          const first = status;
          const next = await N.requestPermissionsAsync({ ios: { allowProvisional: true } });
          status = next.status;
          return first === 'granted';
        }
        """, after: ""),
        Case(name: "only a type is imported from expo-notifications", before: """
        import type { NotificationPermissionsStatus } from 'expo-notifications';
        export function canNotify(settings: NotificationPermissionsStatus) {
          return settings.granted;
        }
        """, after: ""),
    ]

    @Test(arguments: unsure)
    func leavesUnsureShapesWithoutAFix(_ shape: Case) {
        let findings = Self.findings(shape.before)
        #expect(!findings.isEmpty, "the shape is a finding")
        #expect(findings.allSatisfy { $0.fix == nil }, "\(findings.compactMap(\.fix).map(\.edits))")
    }
}
