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
}
