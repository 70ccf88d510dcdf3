import Foundation
@testable import GrantedFlows
import Testing

/// A run's scopes hold closures that hold their scopes, and a namespace can name itself: the run
/// breaks those cycles when it ends, or a language server that evaluates flows edit after edit
/// would keep every run's values (the CI fuzz run's LeakSanitizer found it on a fixture).
struct FlowRunMemoryTests {
    @Test func aRunFreesItsModulesScopesAndValues() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("granted-lint-flow-\(UUID().uuidString).ts")
        try Data("""
        import * as Notifications from 'expo-notifications';
        const helper = async () => (await Notifications.getPermissionsAsync()).granted;
        export async function hasNotificationPermission(): Promise<boolean> {
          return helper();
        }

        """.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let evaluator = FlowEvaluator()
        let function = try #require(evaluator.functions(inFile: file.path).first { $0.name == "hasNotificationPermission" })
        weak var module: ModuleInstance?
        weak var scope: Scope?
        do {
            let run = FlowRun(program: evaluator.program, flowFile: function.path, state: .iosProvisional, prefix: [])
            let path = run.start(function)
            #expect(path.returns == .bool(false))
            module = run.modules.values.first
            scope = module?.scopes.last
            #expect(module != nil && scope != nil)
            run.finish()
        }
        #expect(module == nil, "the run's module outlived it")
        #expect(scope == nil, "a scope of the run outlived it")
        // And through the evaluator, on every state.
        #expect(evaluator.evaluate(function).isFlow)
    }

    /// An object that holds itself (`settings.again = settings`, from a mutated fixture: LeakSanitizer
    /// in the CI fuzz run; issue 40) is freed with the run.
    @Test func aRunFreesAnObjectThatHoldsItself() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("granted-lint-flow-\(UUID().uuidString).ts")
        try Data("""
        import * as Notifications from 'expo-notifications';
        export async function register() {
          const settings = await Notifications.getPermissionsAsync();
          settings.again = settings;
          return settings.granted;
        }

        """.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let evaluator = FlowEvaluator()
        let function = try #require(evaluator.functions(inFile: file.path).first { $0.name == "register" })
        weak var settings: ObjectBox?
        do {
            let run = FlowRun(program: evaluator.program, flowFile: function.path, state: .iosProvisional, prefix: [])
            _ = run.start(function)
            for scope in run.modules.values.flatMap(\.scopes) {
                if case let .object(box)? = scope.variables["settings"] { settings = box }
            }
            #expect(settings != nil)
            run.finish()
        }
        #expect(settings == nil, "an object that holds itself outlived the run")
    }
}
