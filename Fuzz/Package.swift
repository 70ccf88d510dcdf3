// swift-tools-version:5.10
// The libFuzzer targets, kept out of the main package because they only link with
// `-sanitize=fuzzer` (libFuzzer provides `main`). Run them with scripts/fuzz.sh:
// GrantedFuzz lints arbitrary files; GrantedLanguageServerFuzz drives the language server's
// message framing and document edits.
import PackageDescription

let package = Package(
    name: "granted-lint-fuzz",
    dependencies: [.package(name: "granted-lint", path: "..")],
    targets: [
        .executableTarget(
            name: "GrantedFuzz",
            dependencies: [.product(name: "GrantedLintKit", package: "granted-lint")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "GrantedLanguageServerFuzz",
            dependencies: [.product(name: "GrantedLintKit", package: "granted-lint")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
)
