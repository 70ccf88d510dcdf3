/// Whether the strings and numbers of a JSON text are valid, checked in one pass over its bytes.
///
/// Foundation's JSONDecoder checks a body's structure (brackets, commas, literals) before
/// decoding anything, but a string's characters and a number's digits only when it decodes that
/// member. JSON-RPC answers ParseError to any invalid JSON, including a bad string in a member no
/// handler reads, so this checks what the decoder leaves for later: in strings, control
/// characters, escapes (a `\u` surrogate must be one of a pair) and UTF-8 (no overlong form, no
/// surrogate, nothing past U+10FFFF); numbers as RFC 8259 writes them, and within a Double's range.
enum JSONTokenCheck {
    static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\"") {
                    guard let end = stringEnd(buffer, openingQuote: index) else { return false }
                    index = end
                } else if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                    guard let end = numberEnd(buffer, start: index) else { return false }
                    index = end
                } else {
                    // Structure: the decoder checks it.
                    index += 1
                }
            }
            return true
        }
    }

    /// The index after the closing quote of the string opened at `openingQuote`, nil if its
    /// content is invalid (or it is not closed).
    private static func stringEnd(_ bytes: UnsafeBufferPointer<UInt8>, openingQuote: Int) -> Int? {
        var index = openingQuote + 1
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                return index + 1
            case UInt8(ascii: "\\"):
                guard let next = escapeEnd(bytes, backslash: index) else { return nil }
                index = next
            case 0..<0x20:
                return nil
            case 0x20..<0x80:
                index += 1
            default:
                guard let next = scalarEnd(bytes, start: index) else { return nil }
                index = next
            }
        }
        return nil
    }

    private static func escapeEnd(_ bytes: UnsafeBufferPointer<UInt8>, backslash: Int) -> Int? {
        guard backslash + 1 < bytes.count else { return nil }
        switch bytes[backslash + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return backslash + 2
        case UInt8(ascii: "u"):
            guard let unit = hexUnit(bytes, at: backslash + 2) else { return nil }
            switch unit {
            case 0xD800...0xDBFF:
                // A high surrogate needs a low one right after it.
                guard backslash + 11 < bytes.count, bytes[backslash + 6] == UInt8(ascii: "\\"), bytes[backslash + 7] == UInt8(ascii: "u"),
                      let low = hexUnit(bytes, at: backslash + 8), (0xDC00...0xDFFF).contains(low) else { return nil }
                return backslash + 12
            case 0xDC00...0xDFFF:
                return nil
            default:
                return backslash + 6
            }
        default:
            return nil
        }
    }

    private static func hexUnit(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt16? {
        guard start + 4 <= bytes.count else { return nil }
        var unit: UInt16 = 0
        for index in start..<(start + 4) {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    /// The index after the UTF-8 sequence of one scalar starting at `start` (a byte of 0x80 or more).
    private static func scalarEnd(_ bytes: UnsafeBufferPointer<UInt8>, start: Int) -> Int? {
        let lead = bytes[start]
        let length: Int
        // The second byte's range rules out overlong forms, surrogates and scalars past U+10FFFF.
        let second: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: length = 2; second = 0x80...0xBF
        case 0xE0: length = 3; second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3; second = 0x80...0xBF
        case 0xED: length = 3; second = 0x80...0x9F
        case 0xF0: length = 4; second = 0x90...0xBF
        case 0xF1...0xF3: length = 4; second = 0x80...0xBF
        case 0xF4: length = 4; second = 0x80...0x8F
        default: return nil
        }
        guard start + length <= bytes.count, second.contains(bytes[start + 1]) else { return nil }
        for index in (start + 2)..<(start + length) where !(0x80...0xBF).contains(bytes[index]) { return nil }
        return start + length
    }

    /// The index after the number starting at `start`, nil if it is not written as JSON writes
    /// numbers (`-`, then `0` or digits not starting with 0, an optional fraction and exponent) or
    /// lies beyond a Double's range.
    private static func numberEnd(_ bytes: UnsafeBufferPointer<UInt8>, start: Int) -> Int? {
        func isDigit(_ index: Int) -> Bool { index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) }
        var index = start
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else { return nil }
        let integerStart = index
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while isDigit(index) { index += 1 }
        }
        let integerDigits = index - integerStart
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { return nil }
            while isDigit(index) { index += 1 }
        }
        var hasExponent = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            hasExponent = true
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { return nil }
            while isDigit(index) { index += 1 }
        }
        // A number ends where the structure goes on (`01` is no number followed by another).
        if index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): break
            default: return nil
            }
        }
        // Only a number with an exponent or over 308 digits can leave a Double's range.
        if hasExponent || integerDigits > 308 {
            guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)), value.isFinite else { return nil }
        }
        return index
    }
}
