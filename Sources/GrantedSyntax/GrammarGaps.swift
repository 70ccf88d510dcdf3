/// Valid TypeScript the pinned grammar cannot parse, read anyway.
///
/// Some constructs that real apps use (and `tsc` accepts) make tree-sitter's TypeScript grammar
/// recover with ERROR nodes, and no newer grammar that the Debian runtime can load fixes them. For a
/// file that needs recovery, this tries small rewrites of the text, each the same length as what it
/// replaces (so every byte offset, line and column stays put), one at a time: a rewrite is kept only
/// when the re-parse has fewer errors. The tree then describes the rewritten bytes, but its
/// `source` is the file as written, so every node's text is the user's own. Files that parse cleanly
/// are never touched, and a rewrite that does not help is dropped.
///
/// The rewrites (each a fixture in TestCorpus/grammar):
/// - `abstract` as a property or parameter name (`{ abstract: string }`): read as `_bstract`;
/// - type arguments the grammar rejects, on a tagged template (`styled(View)<{ a: boolean }>\`…\``)
///   and on a member of an `import('…')` type (`import('m').Shared<string>`): blanked;
/// - a ` < ` comparison read as the start of type arguments (`f(() => y < -5, (v) => v)`): read
///   as ` > `, which has the same precedence and never starts type arguments;
/// - a nested destructuring pattern as a parameter of a function type
///   (`({ a: { b } }: T) => void`): read as an identifier of the same length.
enum GrammarGaps {
    struct Rewrite {
        let range: Range<Int>
        let replacement: [UInt8]
    }

    /// At most this many rewrites are tried per file (each costs one parse).
    static let maximumAttempts = 24

    /// Rewrites worth trying on `bytes`, most specific first.
    static func candidates(in bytes: [UInt8]) -> [Rewrite] {
        var rewrites: [Rewrite] = []
        rewrites += abstractNames(in: bytes)
        rewrites += typeArgumentsBeforeTemplates(in: bytes)
        rewrites += typeArgumentsOfImportTypes(in: bytes)
        rewrites += nestedParameterPatterns(in: bytes)
        rewrites += spacedLessThan(in: bytes)
        return rewrites
    }

    // MARK: - Byte helpers

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95 || byte == 36 || byte >= 0x80
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 }

    private static func nextNonSpace(_ bytes: [UInt8], from index: Int) -> Int? {
        var position = index
        while position < bytes.count, isSpace(bytes[position]) { position += 1 }
        return position < bytes.count ? position : nil
    }

    /// Where the `<` at `start` is closed, counting nested `<…>` and brackets; `=>` is not a close.
    private static func closingAngle(_ bytes: [UInt8], from start: Int, limit: Int = 600) -> Int? {
        var depth = 0
        var brackets = 0
        var position = start
        while position < bytes.count, position - start < limit {
            switch bytes[position] {
            case UInt8(ascii: "<"): if brackets == 0 { depth += 1 }
            case UInt8(ascii: ">"):
                if position > 0, bytes[position - 1] == UInt8(ascii: "=") { break }
                if brackets == 0 {
                    depth -= 1
                    if depth == 0 { return position }
                }
            case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["): brackets += 1
            case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                brackets -= 1
                if brackets < 0 { return nil }
            case UInt8(ascii: ";"), UInt8(ascii: "`"), UInt8(ascii: "'"), UInt8(ascii: "\""): if brackets == 0 { return nil }
            default: break
            }
            position += 1
        }
        return nil
    }

    /// The same bytes with everything but line breaks turned into spaces.
    private static func blank(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        bytes.map { $0 == 10 || $0 == 13 ? $0 : 32 }
    }

    private static func occurrences(of needle: String, in bytes: [UInt8]) -> [Int] {
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return [] }
        var found: [Int] = []
        var index = 0
        while index <= bytes.count - pattern.count {
            if bytes[index] == pattern[0], bytes[index..<(index + pattern.count)].elementsEqual(pattern) { found.append(index) }
            index += 1
        }
        return found
    }

    // MARK: - The rewrites

    /// `abstract` followed by `:`, `?:`, `=`, `;`, `,`, `)` or `}`: a name, not the modifier.
    private static func abstractNames(in bytes: [UInt8]) -> [Rewrite] {
        occurrences(of: "abstract", in: bytes).compactMap { start in
            let end = start + 8
            if start > 0, isIdentifierByte(bytes[start - 1]) || bytes[start - 1] == UInt8(ascii: ".") { return nil }
            guard let next = nextNonSpace(bytes, from: end), !isIdentifierByte(bytes[end]) else { return nil }
            guard ":?=;,)}".utf8.contains(bytes[next]) else { return nil }
            return Rewrite(range: start..<(start + 1), replacement: [UInt8(ascii: "_")])
        }
    }

    /// `<…>` right after a callee or name and right before a template literal.
    private static func typeArgumentsBeforeTemplates(in bytes: [UInt8]) -> [Rewrite] {
        var rewrites: [Rewrite] = []
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "<") && index > 0 {
            let before = bytes[index - 1]
            guard isIdentifierByte(before) || before == UInt8(ascii: ")") || before == UInt8(ascii: "]") else { continue }
            guard let close = closingAngle(bytes, from: index), let next = nextNonSpace(bytes, from: close + 1),
                  bytes[next] == UInt8(ascii: "`") else { continue }
            rewrites.append(Rewrite(range: index..<(close + 1), replacement: blank(bytes[index...close])))
        }
        return rewrites
    }

    /// `import('module').Name<…>`: the type arguments of a member of an import type.
    private static func typeArgumentsOfImportTypes(in bytes: [UInt8]) -> [Rewrite] {
        occurrences(of: "import(", in: bytes).compactMap { start in
            var position = start + 7
            while position < bytes.count, bytes[position] != UInt8(ascii: ")"), bytes[position] != 10 { position += 1 }
            guard position < bytes.count, bytes[position] == UInt8(ascii: ")") else { return nil }
            position += 1
            // `.Name` segments.
            while position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                position += 1
                while position < bytes.count, isIdentifierByte(bytes[position]) { position += 1 }
            }
            guard position < bytes.count, position > start + 8, bytes[position] == UInt8(ascii: "<"),
                  let close = closingAngle(bytes, from: position) else { return nil }
            return Rewrite(range: position..<(close + 1), replacement: blank(bytes[position...close]))
        }
    }

    /// `({ a: { b } }: T) =>` and `, { … }: T`: a one-line nested pattern with a type annotation,
    /// read as an identifier of the same length.
    private static func nestedParameterPatterns(in bytes: [UInt8]) -> [Rewrite] {
        var rewrites: [Rewrite] = []
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "(") || byte == UInt8(ascii: ",") {
            guard let open = nextNonSpace(bytes, from: index + 1), bytes[open] == UInt8(ascii: "{") else { continue }
            var depth = 0
            var close: Int?
            var position = open
            while position < bytes.count, bytes[position] != 10 {
                if bytes[position] == UInt8(ascii: "{") { depth += 1 }
                if bytes[position] == UInt8(ascii: "}") {
                    depth -= 1
                    if depth == 0 { close = position; break }
                }
                position += 1
            }
            guard let close, let colon = nextNonSpace(bytes, from: close + 1), bytes[colon] == UInt8(ascii: ":"),
                  bytes[open...close].filter({ $0 == UInt8(ascii: "{") }).count > 1 else { continue }
            rewrites.append(Rewrite(range: open..<(close + 1), replacement: Array(repeating: UInt8(ascii: "_"), count: close + 1 - open)))
        }
        return rewrites
    }

    /// ` < ` between spaces: a comparison (type arguments never have a space before their `<`).
    private static func spacedLessThan(in bytes: [UInt8]) -> [Rewrite] {
        occurrences(of: " < ", in: bytes).map { Rewrite(range: ($0 + 1)..<($0 + 2), replacement: [UInt8(ascii: ">")]) }
    }
}
