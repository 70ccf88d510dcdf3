import Foundation
import GrantedDiscovery

/// `file:` URIs ↔ absolute paths: the server lints files, and only files.
extension LanguageServer {
    static func path(ofURI uri: String) -> String? {
        guard uri.hasPrefix("file:"), let url = URL(string: uri), url.isFileURL else { return nil }
        let path = url.path
        return path.isEmpty ? nil : absolute(path)
    }

    static func uri(ofPath path: String) -> String {
        URL(fileURLWithPath: absolute(path)).absoluteString
    }

    static func displayPath(_ path: String) -> String { GrantedDiscovery.displayPath(path) }
}
