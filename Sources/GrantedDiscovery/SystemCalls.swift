#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `read(2)` and `write(2)` by a name no Swift method shadows, from whichever C library the platform
/// has (glibc on Linux, musl in the static Linux build, Darwin on macOS): a type with its own `read`
/// or `write` method cannot call the C function by its bare name.
public enum SystemCall {
    public static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(descriptor, buffer, count)
        #elseif canImport(Musl)
        return Musl.read(descriptor, buffer, count)
        #else
        return Darwin.read(descriptor, buffer, count)
        #endif
    }

    public static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(descriptor, buffer, count)
        #elseif canImport(Musl)
        return Musl.write(descriptor, buffer, count)
        #else
        return Darwin.write(descriptor, buffer, count)
        #endif
    }
}

/// An entry that `readdir(3)` returned, read in place. The C library's buffer holds each record
/// only as long as its name needs (`d_reclen`), not `MemoryLayout<dirent>.size`: copying the whole
/// struct (`entry.pointee`) read past the end of the buffer when the last record of a full buffer
/// was short (AddressSanitizer: heap-buffer-overflow, found by fuzzing the analysis; issue 40).
public enum DirectoryEntry {
    public static func name(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        let name = UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        return Array(UnsafeRawBufferPointer(start: name, count: strlen(name.assumingMemoryBound(to: CChar.self))))
    }

    /// `d_type`: `DT_REG`, `DT_DIR`, `DT_UNKNOWN` (the file system does not say) and the others.
    public static func type(_ entry: UnsafeMutablePointer<dirent>) -> UInt8 {
        (UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_type)!).load(as: UInt8.self)
    }
}
