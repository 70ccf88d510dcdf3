import Foundation
import GrantedDiscovery
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's log: stderr (stdout is the protocol), and a file when `--log-file` asks.
final class ServerLog: @unchecked Sendable {
    private let descriptor: Int32
    private let file: FileHandle?
    private let lock = NSLock()

    init(descriptor: Int32, path: String?) {
        self.descriptor = descriptor
        if let path {
            if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
            file = FileHandle(forWritingAtPath: path)
            _ = try? file?.seekToEnd()
        } else {
            file = nil
        }
    }

    func info(_ message: String) { write("INFO", message) }
    func error(_ message: String) { write("ERROR", message) }

    private func write(_ level: String, _ message: String) {
        let line = Array("[granted-lint \(level) \(ISO8601DateFormatter().string(from: Date()))] \(message)\n".utf8)
        lock.lock()
        defer { lock.unlock() }
        _ = line.withUnsafeBytes { SystemCall.write(descriptor, $0.baseAddress, $0.count) }
        file?.write(Data(line))
    }
}
