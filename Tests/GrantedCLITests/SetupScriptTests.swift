import Foundation
import Testing
import TestSupport

/// scripts/setup.sh on macOS, tried here with stand-ins for uname, brew, xcrun, pkg-config and the
/// compiler (Tests/setup/macos-setup.test.sh says which), and once more as on Debian. The bash test
/// prints each failed check and ends with "N passed, N failed".
struct SetupScriptTests {
    @Test func setupScriptWithMacOSAndDebianStandIns() throws {
        let script = TestSupport.packageRoot.appendingPathComponent("Tests/setup/macos-setup.test.sh")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", script.path]
        process.currentDirectoryURL = TestSupport.packageRoot
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(output.contains(" passed, 0 failed"), "\(output)")
    }
}
