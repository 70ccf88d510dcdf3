// The TypeScript and TSX grammars, built and installed by scripts/setup.sh. A build that runs before
// the set-up (the pre-commit hook's `swift build` on a new machine) stops here with what to do,
// rather than with a bare "file not found".
#if __has_include(<tree_sitter/tree-sitter-typescript.h>)
#include <tree_sitter/tree-sitter-typescript.h>
#else
#error "granted-lint: the TypeScript grammar library is not installed (no tree_sitter/tree-sitter-typescript.h): run scripts/setup.sh from a clone of granted-lint first; on macOS it installs into $(brew --prefix), see docs/platforms.md"
#endif
