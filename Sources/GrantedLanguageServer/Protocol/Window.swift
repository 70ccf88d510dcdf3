/// `window/showMessage`: what the user must see (an edit that could not be applied, a configuration
/// error, a file that is not linted).
extension LSP {
    struct ShowMessageParams: ServerNotificationParams, Codable {
        static let method = "window/showMessage"
        var type: MessageType
        var message: String
    }

    enum MessageType: Int, Codable, Sendable {
        case error = 1
        case warning = 2
        case info = 3
        case log = 4
    }
}
