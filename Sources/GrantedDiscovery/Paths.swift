import Foundation

/// Absolute, normalised path (no `.`/`..` segments; symbolic links are not resolved).
public func absolute(_ path: String) -> String {
    var base = path
    if !path.hasPrefix("/") {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let cwd = getcwd(&buffer, buffer.count).map { String(cString: $0) } ?? "."
        base = cwd + "/" + path
    }
    var parts: [Substring] = []
    for part in base.split(separator: "/") {
        if part == "." || part.isEmpty { continue }
        if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
        parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
}

/// A path for messages: relative to the working directory when it lies below it.
public func displayPath(_ path: String) -> String {
    let cwd = absolute(".")
    let full = absolute(path)
    if full.hasPrefix(cwd + "/") { return String(full.dropFirst(cwd.count + 1)) }
    return path
}

public func directoryOf(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}
