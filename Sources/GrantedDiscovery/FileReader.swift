#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file's bytes with POSIX calls, so that every failure has its reason, a FIFO cannot block
/// the run, and nothing bigger than the limit is loaded.
public enum FileReader {
    public static func read(_ path: String, maxSize: Int) -> Result<[UInt8], FileProblem> {
        func problem(_ kind: FileProblem.Kind, _ reason: String) -> Result<[UInt8], FileProblem> {
            .failure(FileProblem(path: path, kind: kind, reason: reason))
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return problem(.unreadable, String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return problem(.unreadable, String(cString: strerror(errno))) }
        let type = status.st_mode & S_IFMT
        if type == S_IFDIR { return problem(.unreadable, "it is a directory") }
        guard type == S_IFREG else { return problem(.unreadable, "not a regular file") }
        let size = Int(status.st_size)
        if size > maxSize {
            return problem(.tooLarge, "\(size) bytes is more than the limit of \(maxSize) (--max-file-size)")
        }
        // Read into uninitialised storage: zeroing it first would touch every byte twice.
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialised in
            var total = 0
            while total < size {
                let count = Glibc.read(descriptor, buffer.baseAddress! + total, size - total)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if count == 0 { break }
                total += count
            }
            initialised = total
        }
        if failure != 0 { return problem(.unreadable, String(cString: strerror(failure))) }
        let total = bytes.count
        if total < size { bytes.removeSubrange(total...) }
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            return problem(.notText, "it is UTF-16 encoded; granted-lint reads UTF-8 source")
        }
        if !bytes.isEmpty, bytes.withUnsafeBytes({ memchr($0.baseAddress!, 0, $0.count) }) != nil, NulBytes.outsideLiterals(bytes) {
            return problem(.notText, "it contains NUL bytes, so it is not a text file")
        }
        return .success(bytes)
    }
}
