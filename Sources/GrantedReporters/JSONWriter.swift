import GrantedWorkspace

/// A small JSON value with deterministic output (keys in the order given), so that reports are
/// stable and diff-friendly without depending on a serializer's key order.
public indirect enum JSONValue: Equatable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.render() == rhs.render() }

    public func render(indent: Int = 0, pretty: Bool = true) -> String {
        var output = ""
        write(to: &output, indent: indent, pretty: pretty)
        return output
    }

    private func write(to output: inout String, indent: Int, pretty: Bool) {
        let newline = pretty ? "\n" : ""
        let pad = pretty ? String(repeating: "  ", count: indent + 1) : ""
        let closePad = pretty ? String(repeating: "  ", count: indent) : ""
        switch self {
        case let .string(value): JSONValue.writeString(value, to: &output)
        case let .int(value): output += String(value)
        case let .bool(value): output += value ? "true" : "false"
        case .null: output += "null"
        case let .array(items):
            if items.isEmpty { output += "[]"; return }
            output += "[" + newline
            for (index, item) in items.enumerated() {
                output += pad
                item.write(to: &output, indent: indent + 1, pretty: pretty)
                output += (index + 1 < items.count ? "," : "") + newline
            }
            output += closePad + "]"
        case let .object(members):
            if members.isEmpty { output += "{}"; return }
            output += "{" + newline
            for (index, (key, value)) in members.enumerated() {
                output += pad
                JSONValue.writeString(key, to: &output)
                output += pretty ? ": " : ":"
                value.write(to: &output, indent: indent + 1, pretty: pretty)
                output += (index + 1 < members.count ? "," : "") + newline
            }
            output += closePad + "}"
        }
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += JSONText.quoted(value)
    }
}
