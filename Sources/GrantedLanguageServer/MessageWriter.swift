import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes framed messages to the output, whole, from any thread.
final class MessageWriter: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()

    init(descriptor: Int32) { self.descriptor = descriptor }

    func send<Message: Encodable>(_ message: Message) {
        let frame = MessageFramer.frame(JSONRPC.encode(message))
        lock.lock()
        defer { lock.unlock() }
        var written = 0
        while written < frame.count {
            let count = frame.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, frame.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                return
            }
            written += count
        }
    }
}
