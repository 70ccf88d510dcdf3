// swift-tools-version:5.10
import PackageDescription

// Modules by concern; each uses only the ones named after "uses" (the build enforces it, and
// LayeringTests checks every file's imports against its layer). docs/architecture.md says more.
//
//   GrantedDiscovery       files: walking, ignore files, globs, git, reading bytes, paths; the
//                          lock its walk and the project index share between threads
//                          uses Foundation only
//   CTreeSitter…           the tree-sitter runtime and the TypeScript/TSX grammars (system libraries)
//   GrantedSyntax          parser, trees, node kinds, source text; no lint concept
//                          uses the C libraries
//   GrantedSemantics       what code means: scopes and values, value flow, the permission queries, the
//                          project index across files, provisional evidence, the inventory
//                          uses GrantedSyntax (and discovery's path arithmetic)
//   GrantedFlows           what each device lives through: flows evaluated on the eight device
//                          states (docs/flows.md), read by the linter, the reporters and the server
//                          uses GrantedSyntax, GrantedSemantics (the project index's import resolution)
//                          and discovery's path arithmetic and file reading
//   GrantedLinter          the lint core: Rule, diagnostics in parts, fixes, suppressions, the linter,
//                          the rule catalogue
//                          uses GrantedSemantics
//   GrantedRules (Rules/)  the built-in rules and BuiltinRules.catalog
//                          uses GrantedLinter, GrantedSemantics — never the workspace
//   GrantedWorkspace       configuration, baseline, a whole run (RunRequest in, RunResult out), the
//                          inventory, evidence across files; the rule catalogue is handed in
//                          uses GrantedLinter, GrantedSemantics, GrantedDiscovery — never the rules
//   GrantedReporters       text, JSON, SARIF, GitHub, GitLab, JUnit, Checkstyle, Markdown, rule docs
//                          uses GrantedLinter, GrantedWorkspace
//   GrantedLanguageServer  LSP over stdio: framing, typed messages, handlers by concern
//                          uses GrantedWorkspace, GrantedReporters — the catalogue is handed in
//   GrantedCLI             argument parsing, the workspace call, rendering
//                          uses all of the above, and hands BuiltinRules.catalog to the workspace
//   granted-lint           the executable: GrantedCLI.main
let package = Package(
    name: "granted-lint",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "granted-lint", targets: ["granted-lint"]),
        // For the fuzzing package in Fuzz/ (and other tools that embed the linter).
        .library(name: "GrantedLintKit", targets: ["GrantedDiscovery", "GrantedSyntax", "GrantedSemantics", "GrantedFlows", "GrantedLinter", "GrantedWorkspace", "GrantedRules", "GrantedReporters", "GrantedLanguageServer"]),
    ],
    targets: [
        // SwiftPM reads .pc files itself: from PKG_CONFIG_PATH, the directories `pkg-config --variable
        // pc_path pkg-config` names (Homebrew's pkgconf names $(brew --prefix)/lib/pkgconfig, where
        // scripts/setup.sh puts the grammar on macOS), /usr/local/lib/pkgconfig and the like, and on
        // macOS a brew provider's $(brew --prefix)/opt/<formula>/lib/pkgconfig. A provider also names
        // the install command when the .pc file is missing.
        .systemLibrary(
            name: "CTreeSitter",
            pkgConfig: "tree-sitter",
            providers: [.apt(["libtree-sitter-dev"]), .brew(["tree-sitter"])]
        ),
        // Built by scripts/setup.sh; no package manager has it (its shim.h says so when it is missing).
        .systemLibrary(
            name: "CTreeSitterTypeScript",
            pkgConfig: "tree-sitter-typescript"
        ),
        .target(name: "GrantedSyntax", dependencies: ["CTreeSitter", "CTreeSitterTypeScript"]),
        .target(name: "GrantedDiscovery"),
        .target(name: "GrantedSemantics", dependencies: ["GrantedDiscovery", "GrantedSyntax"]),
        .target(name: "GrantedFlows", dependencies: ["GrantedDiscovery", "GrantedSyntax", "GrantedSemantics"]),
        .target(name: "GrantedLinter", dependencies: ["GrantedDiscovery", "GrantedSemantics", "GrantedSyntax", "GrantedFlows"]),
        .target(name: "GrantedRules", dependencies: ["GrantedLinter", "GrantedSemantics", "GrantedSyntax"], path: "Rules"),
        .target(name: "GrantedWorkspace", dependencies: ["GrantedDiscovery", "GrantedSyntax", "GrantedSemantics", "GrantedLinter"]),
        .target(name: "GrantedReporters", dependencies: ["GrantedLinter", "GrantedSemantics", "GrantedWorkspace", "GrantedFlows"]),
        .target(name: "GrantedLanguageServer", dependencies: ["GrantedDiscovery", "GrantedSemantics", "GrantedLinter", "GrantedWorkspace", "GrantedReporters"]),
        .target(name: "GrantedCLI", dependencies: ["GrantedDiscovery", "GrantedSemantics", "GrantedFlows", "GrantedLinter", "GrantedWorkspace", "GrantedRules", "GrantedReporters", "GrantedLanguageServer"]),
        .executableTarget(name: "granted-lint", dependencies: ["GrantedCLI"]),
        .target(
            name: "TestSupport",
            dependencies: ["GrantedSemantics", "GrantedLinter", "GrantedWorkspace", "GrantedRules"],
            path: "Tests/TestSupport"
        ),
        // The C grammars too: NodeKindTests looks every NodeKind up in their symbol tables.
        .testTarget(name: "GrantedSyntaxTests", dependencies: ["GrantedSyntax", "CTreeSitter", "CTreeSitterTypeScript"]),
        .testTarget(name: "GrantedRulesTests", dependencies: ["GrantedDiscovery", "GrantedSemantics", "GrantedLinter", "GrantedWorkspace", "GrantedRules", "TestSupport"]),
        .testTarget(name: "GrantedLanguageServerTests", dependencies: ["GrantedLanguageServer"]),
        .testTarget(
            name: "GrantedCLITests",
            dependencies: ["GrantedCLI", "GrantedDiscovery", "GrantedSemantics", "GrantedFlows", "GrantedLinter", "GrantedWorkspace", "GrantedReporters", "TestSupport"],
            // The golden reports are read from the source tree, not bundled.
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageVersions: [.v5]
)
