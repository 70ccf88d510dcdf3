import Foundation
import GrantedCLI
import Testing
import TestSupport

/// Fixes proven by the TypeScript compiler: every fix fixture (TestCorpus/fixes, with the realistic
/// corpus in realistic/ and minimal declarations of the libraries in types/) is type-checked with
/// `tsc --strict` before and after `--fix`; a safe fix must not add a diagnostic. What `--fix-unsafe`
/// adds is listed, not failed.
extension CLITests {
    /// `tsc` on the PATH (Debian's node-typescript, installed by `make test`), or nil.
    static var typeScriptCompiler: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/tsc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    struct TypeDiagnostic: Hashable, CustomStringConvertible {
        let file: String
        let code: String
        let message: String
        var description: String { "\(file): \(code) \(message)" }
    }

    /// Runs `tsc -p tsconfig.json` in `directory` and reads its diagnostics (lines are left out: fixes
    /// move them).
    static func typeCheck(_ directory: URL, compiler: String) throws -> [TypeDiagnostic] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: compiler)
        process.arguments = ["-p", "tsconfig.json", "--pretty", "false"]
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var diagnostics: [TypeDiagnostic] = []
        for line in text.split(separator: "\n") {
            // file.ts(12,5): error TS2532: Object is possibly 'undefined'.
            guard let open = line.firstIndex(of: "("), let marker = line.range(of: "): error ") else { continue }
            let rest = line[marker.upperBound...]
            let code = rest.prefix { $0 != ":" }
            let message = rest.dropFirst(code.count + 1).trimmingCharacters(in: .whitespaces)
            diagnostics.append(TypeDiagnostic(file: String(line[..<open]), code: String(code), message: message))
        }
        if diagnostics.isEmpty { #expect(process.terminationStatus == 0, "tsc failed without diagnostics: \(text)") }
        return diagnostics
    }

    /// The fix fixtures (inputs, not their expected outputs), declarations and tsconfig, copied.
    static func fixProject() throws -> URL {
        let directory = try temporaryDirectory()
        let source = packageRoot.appendingPathComponent("TestCorpus/fixes")
        let enumerator = try #require(FileManager.default.enumerator(at: source, includingPropertiesForKeys: nil))
        for case let url as URL in enumerator where !url.hasDirectoryPath && !url.lastPathComponent.contains(".fixed.") {
            let relative = String(url.path.dropFirst(source.path.count + 1))
            let target = directory.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: url, to: target)
        }
        return directory
    }

    static func subtracting(_ after: [TypeDiagnostic], _ before: [TypeDiagnostic]) -> [TypeDiagnostic] {
        var remaining = before
        return after.filter { diagnostic in
            if let index = remaining.firstIndex(of: diagnostic) {
                remaining.remove(at: index)
                return false
            }
            return true
        }
    }

    @Test func safeFixesAddNoTypeErrorUnderStrictTypeScript() throws {
        guard let compiler = Self.typeScriptCompiler else {
            print("FixTypeCheckTests: tsc is not installed (Debian's node-typescript; `make test` installs it); the type check is skipped")
            return
        }
        let project = try Self.fixProject()
        let before = try Self.typeCheck(project, compiler: compiler)
        #expect(before.isEmpty, "the fixtures compile before fixing: \(before)")
        let sources = TestSupport.sourceFiles(under: project).filter { !$0.lastPathComponent.hasSuffix(".d.ts") }
        #expect(sources.count >= 10)

        let fixed = Self.run(["--fix", "."], in: project)
        #expect(fixed.output.contains("Fixed "), "\(fixed.output)")
        let afterSafe = try Self.typeCheck(project, compiler: compiler)
        let added = Self.subtracting(afterSafe, before)
        #expect(added.isEmpty, "safe fixes added type errors: \(added)")

        // Unsafe fixes are listed with what they add (nothing may crash or break the syntax).
        let unsafeProject = try Self.fixProject()
        let unsafe = Self.run(["--fix-unsafe", "."], in: unsafeProject)
        let afterUnsafe = try Self.typeCheck(unsafeProject, compiler: compiler)
        let addedByUnsafe = Self.subtracting(afterUnsafe, before)
        print("FixTypeCheckTests: \(sources.count) files; --fix: \(fixed.output.split(separator: "\n").last ?? ""), \(added.count) new tsc diagnostics; --fix-unsafe: \(unsafe.output.split(separator: "\n").last ?? ""), \(addedByUnsafe.count) new tsc diagnostics\(addedByUnsafe.isEmpty ? "" : ": \(addedByUnsafe)")")
    }
}
