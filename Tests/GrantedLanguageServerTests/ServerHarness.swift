import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import GrantedLanguageServer

/// A language server inside the test: messages go straight to `receive` on its queue (no framing,
/// no `exit`, which would end the test process), and what it writes is read back from a pipe and
/// parsed with JSONSerialization, so the JSON is checked as a client would see it. No rules: the
/// catalogue is empty, so documents have no findings.
final class ServerHarness {
    let server: LanguageServer
    /// A scratch directory for the documents' paths (no configuration above it decides anything).
    let directory: URL
    private let readEnd: Int32
    private let writeEnd: Int32
    private let logDescriptor: Int32
    private var framer = MessageFramer()
    private var pending: [[String: Any]] = []
    private var nextId = 1

    init() throws {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw POSIXError(.EMFILE) }
        readEnd = descriptors[0]
        writeEnd = descriptors[1]
        logDescriptor = open("/dev/null", O_WRONLY)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("granted-lint-router-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        server = LanguageServer(setup: LanguageServer.Setup(catalog: .init(rules: []), version: "test", ruleDocsURL: { "https://example.com/\($0)" }),
                                outputDescriptor: writeEnd, logDescriptor: logDescriptor)
    }

    deinit {
        close(readEnd)
        close(writeEnd)
        close(logDescriptor)
        try? FileManager.default.removeItem(at: directory)
    }

    func uri(_ name: String) -> String { directory.appendingPathComponent(name).absoluteString }

    /// Hands a body to the server as if it had arrived framed.
    func send(_ body: String) {
        server.queue.sync { server.receive(Array(body.utf8)) }
    }

    /// Sends a request and waits for its answer (other messages stay queued for `messages`).
    func request(_ method: String, _ params: String? = nil) -> [String: Any] {
        let id = nextId
        nextId += 1
        send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)"\#(params.map { #","params":\#($0)"# } ?? "")}"#)
        return answer(to: id)
    }

    func notify(_ method: String, _ params: String? = nil) {
        send(#"{"jsonrpc":"2.0","method":"\#(method)"\#(params.map { #","params":\#($0)"# } ?? "")}"#)
    }

    func initialize() {
        _ = request("initialize", #"{"capabilities":{},"rootUri":"\#(directory.absoluteString)"}"#)
        notify("initialized", "{}")
    }

    /// The answer to `id`, waiting up to 10 seconds.
    func answer(to id: Any) -> [String: Any] {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let index = pending.firstIndex(where: { $0["method"] == nil && ($0["id"] as? NSObject)?.isEqual(id) == true }) {
                return pending.remove(at: index)
            }
            readAvailable(waitingMilliseconds: 100)
        }
        return [:]
    }

    /// Everything written so far that was not taken as an answer, after the queues are idle.
    func messages() -> [[String: Any]] {
        server.queue.sync {}
        server.lintQueue.sync {}
        server.queue.sync {}
        readAvailable(waitingMilliseconds: 50)
        defer { pending = [] }
        return pending
    }

    private func readAvailable(waitingMilliseconds: Int32) {
        var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var wait = waitingMilliseconds
        while poll(&descriptor, 1, wait) > 0 {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            for case let .message(body) in framer.append(buffer[0..<count]) {
                if let message = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] { pending.append(message) }
            }
            wait = 0
        }
    }
}
