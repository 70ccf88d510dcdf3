// swift-tools-version:5.10
// The libFuzzer targets, kept out of the main package because they only link with
// `-sanitize=fuzzer` (libFuzzer provides `main`). Run them with scripts/fuzz.sh:
// GrantedAnalysisFuzz lints one file (and fixes it when there is something to fix);
// GrantedReportersFuzz renders generated reports in every format; GrantedLanguageServerFuzz drives
// the language server's message framing and document edits. GrantedFuzzInput turns fuzz bytes into
// choices for the structured ones.
import PackageDescription

let package = Package(
    name: "granted-lint-fuzz",
    dependencies: [.package(name: "granted-lint", path: "..")],
    targets: [
        .target(name: "GrantedFuzzInput"),
        .executableTarget(
            name: "GrantedAnalysisFuzz",
            dependencies: ["GrantedFuzzInput", .product(name: "GrantedLintKit", package: "granted-lint")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "GrantedReportersFuzz",
            dependencies: ["GrantedFuzzInput", .product(name: "GrantedLintKit", package: "granted-lint")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "GrantedLanguageServerFuzz",
            dependencies: ["GrantedFuzzInput", .product(name: "GrantedLintKit", package: "granted-lint")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
)
