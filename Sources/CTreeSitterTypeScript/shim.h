// The TypeScript and TSX grammars, built and installed by scripts/setup.sh.
#include <tree_sitter/tree-sitter-typescript.h>
