import Foundation
import Testing
import TestSupport

/// The direction of the layers, beyond what each target's declared dependencies already enforce:
/// every `import` in a module's sources names a module that layer may use. (A new import of a
/// module that is not a declared dependency fails the build; this test also fails on one that is
/// declared but crosses the layers, and says which file.)
struct LayeringTests {
    /// What each source directory may import.
    static let system: Set<String> = ["Foundation", "Dispatch", "Glibc", "Musl", "Darwin"]

    static let allowed: [String: Set<String>] = [
        // Files: walking, ignore rules, globs, git, reading bytes — no syntax tree, no lint concept.
        "Sources/GrantedDiscovery": system,
        "Sources/GrantedSyntax": system.union(["CTreeSitter", "CTreeSitterTypeScript"]),
        // What code means; of discovery only path arithmetic (the project index resolves imports).
        "Sources/GrantedSemantics": system.union(["GrantedSyntax", "GrantedDiscovery"]),
        // What each device lives through (docs/flows.md): syntax, file reading, and the semantics'
        // project index for resolving imports.
        "Sources/GrantedFlows": system.union(["GrantedSyntax", "GrantedDiscovery", "GrantedSemantics"]),
        // The lint core reads the flows for the consequence notes of its findings.
        "Sources/GrantedLinter": system.union(["GrantedSyntax", "GrantedSemantics", "GrantedDiscovery", "GrantedFlows"]),
        // The built-in rules see the lint core, the semantics and the syntax: never files, the
        // workspace, reports or front ends.
        "Rules": ["Foundation", "GrantedLinter", "GrantedSemantics", "GrantedSyntax"],
        // The workspace is handed the rule catalogue: it never imports the rules.
        "Sources/GrantedWorkspace": system.union(["GrantedSyntax", "GrantedSemantics", "GrantedLinter", "GrantedDiscovery"]),
        "Sources/GrantedReporters": ["Foundation", "GrantedLinter", "GrantedSemantics", "GrantedSyntax", "GrantedWorkspace", "GrantedFlows"],
        // The language server too is handed the catalogue; it renders no report of the command line's.
        "Sources/GrantedLanguageServer": system.union(["GrantedSyntax", "GrantedSemantics", "GrantedLinter", "GrantedDiscovery", "GrantedWorkspace", "GrantedReporters"]),
    ]

    static func imports(under directory: String) throws -> [(file: String, module: String)] {
        let root = TestSupport.packageRoot.appendingPathComponent(directory)
        let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        var found: [(String, String)] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            // Import declarations start a line (the rules' examples hold TypeScript imports, indented).
            for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") }),
                      index + 1 < words.count else { continue }
                found.append((String(url.path.dropFirst(root.path.count + 1)), String(words[index + 1])))
            }
        }
        return found
    }

    @Test(arguments: allowed.keys.sorted())
    func aLayerImportsOnlyWhatItMayUse(_ directory: String) throws {
        let found = try Self.imports(under: directory)
        #expect(!found.isEmpty, "\(directory) has Swift files with imports")
        let allowed = Self.allowed[directory] ?? []
        for (file, module) in found where !allowed.contains(module) {
            Issue.record("\(directory)/\(file) imports \(module), which that layer may not use")
        }
    }

    /// The check finds an import that crosses the layers (so that it can fail).
    @Test func aCrossingImportIsFound() throws {
        let found = try Self.imports(under: "Sources/GrantedWorkspace")
        #expect(found.contains { $0.module == "GrantedLinter" }, "the workspace imports the lint core, which the semantics may not")
        #expect(!(Self.allowed["Sources/GrantedSemantics"] ?? []).contains("GrantedLinter"))
        #expect(!(Self.allowed["Sources/GrantedDiscovery"] ?? []).contains("GrantedSyntax"))
        #expect(!(Self.allowed["Rules"] ?? []).contains("GrantedWorkspace"))
        #expect(!(Self.allowed["Sources/GrantedWorkspace"] ?? []).contains("GrantedRules"))
    }

    /// The package declares the same direction: no target of a lower layer depends on a higher one.
    @Test func thePackageDeclaresTheLayers() throws {
        let manifest = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        func dependencies(of target: String) throws -> [String] {
            let line = try #require(manifest.split(separator: "\n").first { $0.contains(".target(name: \"\(target)\"") })
            guard let open = line.range(of: "dependencies: [") else { return [] }
            let list = line[open.upperBound...].prefix { $0 != "]" }
            return list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        #expect(try dependencies(of: "GrantedDiscovery").isEmpty)
        #expect(try !dependencies(of: "GrantedSemantics").contains("GrantedLinter"))
        #expect(try dependencies(of: "GrantedRules").allSatisfy { ["GrantedLinter", "GrantedSemantics", "GrantedSyntax"].contains($0) })
        #expect(try !dependencies(of: "GrantedWorkspace").contains("GrantedRules"))
        #expect(try !dependencies(of: "GrantedLanguageServer").contains("GrantedRules"))
        #expect(try !dependencies(of: "GrantedLanguageServer").contains("GrantedCLI"))
    }
}
