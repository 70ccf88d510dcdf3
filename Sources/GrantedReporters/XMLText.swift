/// Text made safe for XML 1.0, shared by the JUnit and Checkstyle reports. Messages and paths come
/// from source files and file names, which may hold anything: XML 1.0 forbids the C0 controls
/// other than tab, line feed and carriage return (even as character references) and U+FFFE/U+FFFF,
/// so those become U+FFFD; DEL and the C1 controls are legal but invisible, so they are written as
/// character references.
enum XMLText {
    /// For a double-quoted attribute value. Tab, line feed and carriage return are character
    /// references, since a parser would otherwise normalise them to spaces.
    static func attribute(_ text: String) -> String {
        escape(text, inAttribute: true)
    }

    /// For element content. A carriage return is a character reference (a parser would turn it into
    /// a line feed); `>` is escaped too, so `]]>` cannot appear.
    static func content(_ text: String) -> String {
        escape(text, inAttribute: false)
    }

    private static func escape(_ text: String, inAttribute: Bool) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x26: output += "&amp;"
            case 0x3C: output += "&lt;"
            case 0x3E: output += "&gt;"
            case 0x22: output += inAttribute ? "&quot;" : "\""
            case 0x09, 0x0A: output += inAttribute ? "&#\(scalar.value);" : String(scalar)
            case 0x0D: output += "&#13;"
            case 0x00..<0x20, 0xFFFE, 0xFFFF: output += "\u{FFFD}"
            case 0x7F...0x9F: output += "&#\(scalar.value);"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
