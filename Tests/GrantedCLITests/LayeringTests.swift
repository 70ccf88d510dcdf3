import Foundation
import Testing
import TestSupport

/// The direction of the layers, beyond what each target's declared dependencies already enforce:
/// every `import` in a module's sources names a module that layer may use. (A new import of a
/// module that is not a declared dependency fails the build; this test also fails on one that is
/// declared but crosses the layers, and says which file.)
struct LayeringTests {
    /// What each source directory may import.
    static let allowed: [String: Set<String>] = [
        // Files: walking, ignore rules, globs, git, reading bytes — no syntax tree, no lint concept.
        "Sources/GrantedDiscovery": ["Foundation", "Dispatch", "Glibc", "Darwin"],
        "Sources/GrantedSyntax": ["Foundation", "Glibc", "Darwin", "CTreeSitter", "CTreeSitterTypeScript"],
        // The built-in rules see the engine and the syntax, never files, reports or front ends.
        "Rules": ["Foundation", "GrantedEngine", "GrantedSyntax"],
        "Sources/GrantedReporters": ["Foundation", "GrantedEngine", "GrantedSyntax"],
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
        let found = try Self.imports(under: "Sources/GrantedEngine")
        #expect(found.contains { $0.module == "GrantedDiscovery" }, "the engine imports discovery, which discovery itself may not")
        #expect(!(Self.allowed["Sources/GrantedDiscovery"] ?? []).contains("GrantedSyntax"))
    }
}
