// swift-tools-version:5.10
// The libFuzzer target, kept out of the main package because it only links with
// `-sanitize=fuzzer` (libFuzzer provides `main`). Run it with scripts/fuzz.sh.
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
    ]
)
