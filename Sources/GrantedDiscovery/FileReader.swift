#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file's bytes with POSIX calls, so that every failure has its reason, a FIFO cannot block
/// the run, and nothing bigger than the limit is loaded.
public enum FileReader {
    /// Memory a thread reads file after file into: most files of a run are looked at once and let
    /// go, and a fresh array for each cost an allocation, page faults for new memory, and a heap
    /// that fragments around what the run keeps (1.5 KB per file of peak memory on 100,000 files).
    /// Not shareable between threads.
    public final class Buffer {
        fileprivate var storage: UnsafeMutableRawPointer
        fileprivate var capacity: Int
        /// The bytes of the last file read.
        public private(set) var count = 0

        public init(capacity: Int = 64 * 1024) {
            self.capacity = max(capacity, 1)
            storage = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 16)
        }

        deinit { storage.deallocate() }

        /// The last file's bytes, valid until the next read.
        public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage, count: count) }

        /// A copy of the last file's bytes, to keep.
        public func copy() -> [UInt8] { Array(bytes) }

        fileprivate func reserve(_ size: Int) {
            guard size > capacity else { return }
            storage.deallocate()
            capacity = max(size, capacity * 2)
            storage = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        }

        fileprivate func setCount(_ newCount: Int) { count = newCount }
    }

    /// Reads the file into `buffer` (its bytes stay there until the next read), with the checks of
    /// `read(_:maxSize:)`.
    public static func read(_ path: String, maxSize: Int, into buffer: Buffer) -> Result<Void, FileProblem> {
        buffer.setCount(0)
        return opened(path, maxSize: maxSize) { descriptor, size in
            buffer.reserve(size)
            let (total, failure) = readFully(descriptor, into: buffer.storage, size: size)
            if failure != 0 { return .failure(FileProblem(path: path, kind: .unreadable, reason: String(cString: strerror(failure)))) }
            buffer.setCount(total)
            if let reason = notTextReason(buffer.bytes) {
                buffer.setCount(0)
                return .failure(FileProblem(path: path, kind: .notText, reason: reason))
            }
            return .success(())
        }
    }

    public static func read(_ path: String, maxSize: Int) -> Result<[UInt8], FileProblem> {
        opened(path, maxSize: maxSize) { descriptor, size in
            // Read into uninitialised storage: zeroing it first would touch every byte twice.
            var failure: Int32 = 0
            let bytes = [UInt8](unsafeUninitializedCapacity: size) { storage, initialised in
                guard let start = storage.baseAddress else { return }  // an empty file
                let read = readFully(descriptor, into: UnsafeMutableRawPointer(start), size: size)
                failure = read.failure
                initialised = read.total
            }
            if failure != 0 { return .failure(FileProblem(path: path, kind: .unreadable, reason: String(cString: strerror(failure)))) }
            if let reason = bytes.withUnsafeBytes({ notTextReason($0) }) { return .failure(FileProblem(path: path, kind: .notText, reason: reason)) }
            return .success(bytes)
        }
    }

    /// Opens a regular file of at most `maxSize` bytes (without blocking on a FIFO) and hands its
    /// descriptor and size to `body`; every refusal has its reason.
    private static func opened<T>(
        _ path: String, maxSize: Int, _ body: (_ descriptor: Int32, _ size: Int) -> Result<T, FileProblem>
    ) -> Result<T, FileProblem> {
        func problem(_ kind: FileProblem.Kind, _ reason: String) -> Result<T, FileProblem> {
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
        return body(descriptor, size)
    }

    /// Reads up to `size` bytes (fewer when the file shrank meanwhile); `failure` is the errno of a
    /// failed read, else 0.
    private static func readFully(_ descriptor: Int32, into target: UnsafeMutableRawPointer, size: Int) -> (total: Int, failure: Int32) {
        var total = 0
        while total < size {
            let count = SystemCall.read(descriptor, target + total, size - total)
            if count < 0 {
                if errno == EINTR { continue }
                return (total, errno)
            }
            if count == 0 { break }
            total += count
        }
        return (total, 0)
    }

    /// Why bytes are not source text (UTF-16, NUL bytes outside literals), or nil.
    static func notTextReason(_ bytes: UnsafeRawBufferPointer) -> String? {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            return "it is UTF-16 encoded; granted-lint reads UTF-8 source"
        }
        if let base = bytes.baseAddress, !bytes.isEmpty, memchr(base, 0, bytes.count) != nil, NulBytes.outsideLiterals(Array(bytes)) {
            return "it contains NUL bytes, so it is not a text file"
        }
        return nil
    }
}
