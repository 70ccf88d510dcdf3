import GrantedDiscovery
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that readers see either the old content or the new, never half of it: the bytes
/// go to a temporary file in the same directory, are flushed (unless the caller says the file can be
/// made again), and the temporary file is renamed over the target. On any failure the temporary file
/// is removed.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Writes `bytes` to `path`, keeping the mode of an existing file (new files get 0644).
    /// `durable`: flushed to the disk before the rename. A fixed source file and a baseline are; a
    /// report or the rules reference, which the next run writes again, is not: the flush took a
    /// millisecond at the end of every run that writes a report, as long as rendering it, and
    /// ESLint's and Ruff's output files are not flushed either.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t? = nil, durable: Bool = true) throws {
        let directory: String
        if let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            directory = "."
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array("\(directory)/.\(name).granted-lint-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw WriteError(path: path, reason: "cannot create a temporary file: \(errorText())") }
        let temporary = String(cString: template)
        var committed = false
        defer {
            if !committed { unlink(temporary) }
        }
        var existing = stat()
        let targetMode: mode_t = mode ?? (stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                SystemCall.write(descriptor, buffer.baseAddress! + written, bytes.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                let reason = errorText()
                close(descriptor)
                throw WriteError(path: path, reason: "cannot write: \(reason)")
            }
            written += count
        }
        let flushed = !durable || fsync(descriptor) == 0
        let reasonAfterSync = flushed ? "" : errorText()
        fchmod(descriptor, targetMode)
        close(descriptor)
        guard flushed else { throw WriteError(path: path, reason: "cannot flush: \(reasonAfterSync)") }
        guard rename(temporary, path) == 0 else {
            throw WriteError(path: path, reason: "cannot replace the file: \(errorText())")
        }
        committed = true
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
