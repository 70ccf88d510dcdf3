#!/usr/bin/env python3
"""granted-lint's one adjustment to the fetched TypeScript/TSX grammar: a bare `&` in JSX text.

    python3 scripts/patch-grammar.py SCANNER_H

JSX text may hold a bare `&` (`<Text>Sharing & access</Text>`): only `&name;`, `&#123;` and `&#x1F;`
are character references. The pinned grammar's external scanner ends JSX text at every `&` and
leaves the rest to the grammar's `html_character_reference` token, so a bare one is a syntax error
(tree-sitter-typescript issue #366, open upstream; no newer grammar on PyPI fixes it). This script
rewrites the scanner's `scan_jsx_text` so that at an `&` it looks ahead: a complete reference still
ends the text (the grammar lexes it, as before), anything else is part of the text.

The transformation is ours; it is applied at set-up to the file fetched from PyPI, never committed.
It checks the file's SHA-256 before (the pinned upstream text) and after (the expected result), and
changes nothing unless both match. Running it on an already adjusted file is a no-op.
"""
from __future__ import annotations

import hashlib
import sys
from pathlib import Path

BEFORE_SHA256 = "da66ef2bd14a3f7ea743e25ba068c6c9aae2c3509db200ff80c4a0e6116e564c"
AFTER_SHA256 = "361ad35ed814f87de1d920e85957cecf3718510036c505174b1cc9decb0cc418"

# A reference is `&` + (name | `#` decimal | `#x` hexadecimal) + `;`. Every character it consumes
# may also be JSX text, so when it turns out incomplete the scan simply goes on.
LOOKAHEAD_FUNCTION = """\
// granted-lint: after `&`, consumes what /&(#([xX][0-9a-fA-F]{1,6}|[0-9]{1,5})|[A-Za-z]{1,30});/ allows and
// tells whether a complete character reference is there (tree-sitter-typescript issue #366).
static bool granted_lint_scan_character_reference(TSLexer *lexer) {
    advance(lexer);
    int kind = 0, max = 30, n = 0; // 0 named, 1 decimal, 2 hexadecimal
    if (lexer->lookahead == '#') {
        advance(lexer), kind = 1, max = 5;
        if (lexer->lookahead == 'x' || lexer->lookahead == 'X') advance(lexer), kind = 2, max = 6;
    }
    for (int32_t c = lexer->lookahead; n < max && c > 0 && c < 128 &&
         (kind == 2 ? iswxdigit(c) : kind == 1 ? iswdigit(c) : iswalpha(c)); c = lexer->lookahead) {
        advance(lexer), n++;
    }
    return n > 0 && lexer->lookahead == ';';
}

"""

AMPERSAND_BRANCH = """
        if (lexer->lookahead == '&') { // granted-lint: a complete reference ends the text, a bare `&` is text
            lexer->mark_end(lexer);
            if (granted_lint_scan_character_reference(lexer)) {
                lexer->result_symbol = JSX_TEXT;
                return saw_text;
            }
            at_newline = false, saw_text = true;
            continue;
        }"""

# (what to find, exactly once; what it becomes)
EDITS = [
    ("static bool scan_jsx_text(TSLexer *lexer) {", LOOKAHEAD_FUNCTION + "static bool scan_jsx_text(TSLexer *lexer) {"),
    ("lexer->lookahead != '}' && lexer->lookahead != '&') {", "lexer->lookahead != '}') {" + AMPERSAND_BRANCH),
    # The text token must end where the scan ended, not at the last `&` looked at.
    ("    lexer->result_symbol = JSX_TEXT;\n    return saw_text;\n}",
     "    lexer->mark_end(lexer);\n    lexer->result_symbol = JSX_TEXT;\n    return saw_text;\n}"),
]


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def transform(text: str) -> str:
    for find, replace in EDITS:
        if text.count(find) != 1:
            raise SystemExit(f"patch-grammar: expected one `{find.splitlines()[0]}` in the scanner, found {text.count(find)}")
        text = text.replace(find, replace)
    return text


def main() -> int:
    if len(sys.argv) != 2:
        raise SystemExit("usage: patch-grammar.py SCANNER_H")
    path = Path(sys.argv[1])
    data = path.read_bytes()
    digest = sha256(data)
    if digest == AFTER_SHA256:
        return 0
    if digest != BEFORE_SHA256:
        raise SystemExit(f"patch-grammar: {path} is not the pinned scanner (sha256 {digest}, expected {BEFORE_SHA256})")
    result = transform(data.decode("utf-8")).encode("utf-8")
    if sha256(result) != AFTER_SHA256:
        raise SystemExit(f"patch-grammar: the adjusted scanner has sha256 {sha256(result)}, expected {AFTER_SHA256}")
    path.write_bytes(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
