import Foundation

/// The few git questions a run asks (`--staged`, `--changed-since`), through the git command. A
/// plain lint starts no git process.
public enum Git {
    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// Runs git and returns its standard output; throws with git's own message on failure.
    static func run(_ arguments: [String], in directory: String = ".") throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw Failure(message: "cannot run git: \(error)") }
        // Read both pipes before waiting so that a large output cannot block git; the standard error
        // is read on another thread into a box that only that thread writes until `wait()` returns.
        final class Box: @unchecked Sendable { var data = Data() }
        let errorBox = Box()
        let errorRead = DispatchGroup()
        DispatchQueue.global().async(group: errorRead) { errorBox.data = errors.fileHandleForReading.readDataToEndOfFile() }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errorRead.wait()
        let errorData = errorBox.data
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(message: message.isEmpty ? "git \(arguments.joined(separator: " ")) failed" : message)
        }
        return data
    }

    static func nulSeparated(_ data: Data) -> [String] {
        data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Paths (relative to the working directory) changed since `ref` in the working tree or the
    /// index, plus untracked files that are not ignored.
    public static func changedFiles(since ref: String) throws -> [String] {
        _ = try run(["rev-parse", "--verify", "--quiet", ref + "^{commit}"])
        let changed = nulSeparated(try run(["diff", "--name-only", "--relative", "-z", "--diff-filter=ACMR", ref, "--"]))
        let staged = nulSeparated(try run(["diff", "--cached", "--name-only", "--relative", "-z", "--diff-filter=ACMR", ref, "--"]))
        let untracked = nulSeparated(try run(["ls-files", "--others", "--exclude-standard", "-z"]))
        return Array(Set(changed + staged + untracked)).sorted()
    }

    /// Staged paths (relative to the working directory), added, copied, modified or renamed.
    public static func stagedFiles() throws -> [String] {
        nulSeparated(try run(["diff", "--cached", "--name-only", "--relative", "-z", "--diff-filter=ACMR", "--"])).sorted()
    }

    /// The staged content of a path (relative to the working directory).
    public static func stagedContent(of path: String) throws -> [UInt8] {
        Array(try run(["show", ":./" + path]))
    }
}
