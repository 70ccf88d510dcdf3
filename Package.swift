// swift-tools-version:5.10
import PackageDescription

// Layers, each depending only on the ones above it:
//   GrantedDiscovery (files: walking, ignore files, globs, git, reading bytes; Foundation only)
//   CTreeSitter, CTreeSitterTypeScript (system libraries)
//   → GrantedSyntax (parser, tree, node kinds, source text; no lint concepts)
//   → GrantedEngine (rules protocol, diagnostics, fixes, semantic model, linter, workspace;
//     depends on GrantedDiscovery and GrantedSyntax)
//   → GrantedRules (built-in rules, in Rules/)
//   → GrantedReporters (text, JSON, SARIF, GitHub, GitLab, JUnit, Checkstyle, Markdown)
//   → GrantedLanguageServer (LSP over stdio: framing, documents, the server)
//   → GrantedCLI (argument parsing, file discovery) → granted-lint (executable)
let package = Package(
    name: "granted-lint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "granted-lint", targets: ["granted-lint"]),
        // For the fuzzing package in Fuzz/ (and other tools that embed the linter).
        .library(name: "GrantedLintKit", targets: ["GrantedDiscovery", "GrantedSyntax", "GrantedEngine", "GrantedRules", "GrantedReporters", "GrantedLanguageServer"]),
    ],
    targets: [
        .systemLibrary(
            name: "CTreeSitter",
            pkgConfig: "tree-sitter",
            providers: [.apt(["libtree-sitter-dev"])]
        ),
        .systemLibrary(
            name: "CTreeSitterTypeScript",
            pkgConfig: "tree-sitter-typescript"
        ),
        .target(name: "GrantedSyntax", dependencies: ["CTreeSitter", "CTreeSitterTypeScript"]),
        .target(name: "GrantedDiscovery"),
        .target(name: "GrantedEngine", dependencies: ["GrantedDiscovery", "GrantedSyntax"]),
        .target(name: "GrantedRules", dependencies: ["GrantedEngine"], path: "Rules"),
        .target(name: "GrantedReporters", dependencies: ["GrantedEngine"]),
        .target(name: "GrantedLanguageServer", dependencies: ["GrantedDiscovery", "GrantedEngine", "GrantedRules", "GrantedReporters"]),
        .target(name: "GrantedCLI", dependencies: ["GrantedDiscovery", "GrantedEngine", "GrantedRules", "GrantedReporters", "GrantedLanguageServer"]),
        .executableTarget(name: "granted-lint", dependencies: ["GrantedCLI"]),
        .target(
            name: "TestSupport",
            dependencies: ["GrantedEngine", "GrantedRules"],
            path: "Tests/TestSupport"
        ),
        // The C grammars too: NodeKindTests looks every NodeKind up in their symbol tables.
        .testTarget(name: "GrantedSyntaxTests", dependencies: ["GrantedSyntax", "CTreeSitter", "CTreeSitterTypeScript"]),
        .testTarget(name: "GrantedRulesTests", dependencies: ["GrantedDiscovery", "GrantedRules", "TestSupport"]),
        .testTarget(name: "GrantedLanguageServerTests", dependencies: ["GrantedLanguageServer"]),
        .testTarget(
            name: "GrantedCLITests",
            dependencies: ["GrantedCLI", "GrantedDiscovery", "GrantedEngine", "GrantedReporters", "TestSupport"],
            // The golden reports are read from the source tree, not bundled.
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageVersions: [.v5]
)
