/// Whether a file's NUL bytes make it binary. A NUL written inside a string, a template literal or
/// a comment is text (`tsc` accepts it: a cache-key separator in a template is real code); one
/// anywhere else is what a binary file named `.ts` has.
public enum NulBytes {
    /// Whether some NUL byte of `bytes` lies outside every string, template and comment, by a
    /// lexer that knows JavaScript's quotes, template substitutions and comments (not regular
    /// expression literals or JSX text, whose quotes it may misread: a file with a NUL in those is
    /// taken for binary, as before).
    public static func outsideLiterals(_ bytes: [UInt8]) -> Bool {
        enum State { case code, lineComment, blockComment, quoted(UInt8), template }
        var state = State.code
        // For each open `{` in code: whether it opened a template substitution (`${`).
        var braces: [Bool] = []
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            let next: UInt8 = index + 1 < count ? bytes[index + 1] : 0xFF
            switch state {
            case .code:
                switch byte {
                case 0: return true
                case UInt8(ascii: "/") where next == UInt8(ascii: "/"): state = .lineComment; index += 1
                case UInt8(ascii: "/") where next == UInt8(ascii: "*"): state = .blockComment; index += 1
                case UInt8(ascii: "'"), UInt8(ascii: "\""): state = .quoted(byte)
                case UInt8(ascii: "`"): state = .template
                case UInt8(ascii: "{"): braces.append(false)
                case UInt8(ascii: "}"):
                    if braces.popLast() == true { state = .template }
                default: break
                }
            case .lineComment:
                if byte == UInt8(ascii: "\n") { state = .code }
            case .blockComment:
                if byte == UInt8(ascii: "*"), next == UInt8(ascii: "/") { state = .code; index += 1 }
            case let .quoted(quote):
                if byte == UInt8(ascii: "\\") { index += 1 }
                else if byte == quote || byte == UInt8(ascii: "\n") { state = .code }
            case .template:
                if byte == UInt8(ascii: "\\") { index += 1 }
                else if byte == UInt8(ascii: "`") { state = .code }
                else if byte == UInt8(ascii: "$"), next == UInt8(ascii: "{") { braces.append(true); state = .code; index += 1 }
            }
            index += 1
        }
        return false
    }
}
