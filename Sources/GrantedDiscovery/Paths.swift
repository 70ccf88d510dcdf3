import Foundation

/// Absolute, normalised path (no `.`/`..` segments; symbolic links are not resolved).
///
/// Called for every file of a run, some several times: it works on UTF-8 bytes (a `/` is never
/// part of another character), returns a path that is already absolute and normal as it is, and
/// asks for the working directory only for a relative one.
public func absolute(_ path: String) -> String {
    let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
    var bytes = Array(path.utf8)
    if bytes.first != slash {
        let cwd = withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(PATH_MAX) + 1) { buffer -> [UInt8] in
            guard let base = buffer.baseAddress, getcwd(base, buffer.count) != nil else { return [dot] }
            return Array(UnsafeRawBufferPointer(start: base, count: strlen(base)))
        }
        bytes = cwd + [slash] + bytes
    }
    // Over unchecked buffers: the project index makes a path of every relative specifier it
    // resolves, and with bounds checks on every byte this took 6,400 instructions a path.
    return bytes.withUnsafeBufferPointer { bytes -> String in
        if isNormalAbsolute(bytes) {
            return bytes.count == path.utf8.count ? path : String(decoding: bytes, as: UTF8.self)
        }
        // One pass: each segment is appended, `.` skipped, `..` takes the last one back off.
        var result = [UInt8](repeating: 0, count: bytes.count + 1)
        let length = result.withUnsafeMutableBufferPointer { result -> Int in
            var length = 0
            var index = 0
            while index < bytes.count {
                while index < bytes.count, bytes[index] == slash { index += 1 }
                let start = index
                while index < bytes.count, bytes[index] != slash { index += 1 }
                let segment = index - start
                if segment == 0 || segment == 1 && bytes[start] == dot { continue }
                if segment == 2, bytes[start] == dot, bytes[start + 1] == dot {
                    while length > 0 {
                        length -= 1
                        if result[length] == slash { break }
                    }
                    continue
                }
                result[length] = slash
                for offset in 0..<segment { result[length + 1 + offset] = bytes[start + offset] }
                length += 1 + segment
            }
            if length == 0 {
                result[0] = slash
                length = 1
            }
            return length
        }
        return String(decoding: result[..<length], as: UTF8.self)
    }
}

/// Whether absolute path bytes hold no empty, `.` or `..` segment and no trailing `/` (`/` itself
/// is normal).
private func isNormalAbsolute(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
    guard bytes.first == slash else { return false }
    if bytes.count == 1 { return true }
    if bytes.last == slash { return false }
    var segmentStart = 1
    for index in 1...bytes.count {
        guard index == bytes.count || bytes[index] == slash else { continue }
        let length = index - segmentStart
        if length == 0 { return false }
        if length == 1, bytes[segmentStart] == dot { return false }
        if length == 2, bytes[segmentStart] == dot, bytes[segmentStart + 1] == dot { return false }
        segmentStart = index + 1
    }
    return true
}

/// A path for messages: relative to the working directory when it lies below it. (The working
/// directory `/` already ends in its slash: a container's default, where `/src/a.ts` is `src/a.ts`.)
public func displayPath(_ path: String) -> String {
    let cwd = absolute(".")
    let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
    let full = absolute(path)
    if full.count > prefix.count, full.hasPrefix(prefix) { return String(full.dropFirst(prefix.count)) }
    return path
}

public func directoryOf(_ path: String) -> String {
    // On the UTF-8 view: a `/` is never part of another character, and Character search is slow.
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}
