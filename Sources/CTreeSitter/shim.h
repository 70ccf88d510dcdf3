// The tree-sitter runtime from Debian's libtree-sitter-dev.
#include <tree_sitter/api.h>
