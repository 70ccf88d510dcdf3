import Foundation
import GrantedSyntax

/// The words of one kind of finding, declared with the rule's description (as ESLint's
/// `meta.messages`): a short message about this code, then notes (why) and a help line (what to
/// write instead). `{name}` placeholders are filled from the arguments a rule reports with; code
/// quoted into the message is elided so that the message stays within `maximumMessageLength`.
public struct RuleMessage: Sendable {
    /// Unique within the rule; what `RuleContext.report(_:_:)` names.
    public let id: String
    /// One sentence that starts with the code or the API it is about; no final period.
    public let message: String
    public let notes: [String]
    public let help: String?

    public init(_ id: String, _ message: String, notes: [String] = [], help: String? = nil) {
        self.id = id
        self.message = message
        self.notes = notes
        self.help = help
    }

    /// A message longer than this is a paragraph: editors, annotations and terminals show it badly.
    public static let maximumMessageLength = 100

    /// The parts with the placeholders filled. Arguments quoted into the message are shortened (in
    /// the middle, with `…`) until the message fits; notes and help quote them at a longer length.
    public func rendered(_ arguments: [String: String]) -> (message: String, notes: [String], help: String?) {
        let normalised = arguments.mapValues(Self.oneLine)
        // Code with a backtick in it needs a longer fence to stay one code span.
        var template = message
        for (name, value) in normalised where value.contains("`") {
            template = template.replacingOccurrences(of: "`{\(name)}`", with: "`` {\(name)} ``")
        }
        var limit = 60
        var message = Self.fill(template, normalised, limit: limit)
        while message.count > Self.maximumMessageLength, limit > 8 {
            limit -= 4
            message = Self.fill(template, normalised, limit: limit)
        }
        return (message, notes.map { Self.fill($0, normalised, limit: 120) }, help.map { Self.fill($0, normalised, limit: 120) })
    }

    /// The placeholders a template names, in order (for the description tests).
    public static func placeholders(in template: String) -> [String] {
        var names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = rest[rest.index(after: open)..<close]
            if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber }) { names.append(String(name)) }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// Code on one line, runs of whitespace as one space.
    public static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }

    /// A call's text as a message quotes it: whole when short, else up to its first `(` and `(…)`.
    public static func callQuote(_ text: String) -> String {
        let whole = oneLine(text)
        guard whole.count > 40, let open = whole.firstIndex(of: "(") else { return whole }
        return shortCallee(String(whole[..<open])) + "(…)"
    }

    /// A callee as a message names it: a long member chain by its last name
    /// (`Notifications.requestPermissionsAsync` stays whole; `a.b.c.requestPermissionsAsync` does not).
    public static func shortCallee(_ callee: String) -> String {
        guard callee.count > 38, let dot = callee.lastIndex(of: ".") else { return callee }
        return String(callee[callee.index(after: dot)...])
    }

    /// `text` cut in the middle to at most `limit` characters.
    public static func elided(_ text: String, limit: Int) -> String {
        guard text.count > limit, limit > 4 else { return text }
        let head = (limit - 1) * 2 / 3
        let tail = limit - 1 - head
        return String(text.prefix(head)) + "…" + String(text.suffix(tail))
    }

    private static func fill(_ template: String, _ arguments: [String: String], limit: Int) -> String {
        guard template.contains("{") else { return template }
        var output = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            output += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            if let value = arguments[name] {
                output += elided(value, limit: limit)
            } else {
                output += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return output + rest
    }
}
