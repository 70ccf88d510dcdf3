// The tree-sitter runtime: Debian's libtree-sitter-dev (0.20), or Homebrew's tree-sitter on macOS (0.26
// when this was written), found through its pkg-config file.
#if __has_include(<tree_sitter/api.h>)
#include <tree_sitter/api.h>
#else
#error "granted-lint: the tree-sitter runtime is not installed (no tree_sitter/api.h): run scripts/setup.sh from a clone of granted-lint first (docs/platforms.md)"
#endif

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

// Parses UTF-8 text, giving up after `timeout_micros` microseconds (0: no limit) and returning NULL
// then. One call for both generations of the runtime's API: up to 0.24 the limit is a setting of
// the parser (ts_parser_set_timeout_micros); 0.25 moved it into a progress callback given to
// ts_parser_parse_with_options, and 0.26 removed the setting. 0.25 also raised
// TREE_SITTER_LANGUAGE_VERSION to 15, which is how the two are told apart here.
#if TREE_SITTER_LANGUAGE_VERSION >= 15

typedef struct {
    const char *text;
    uint32_t length;
    struct timespec deadline;
} GrantedLintParseInput;

static inline const char *granted_lint_read_text(void *payload, uint32_t byte_index, TSPoint position, uint32_t *bytes_read) {
    (void)position;
    const GrantedLintParseInput *input = (const GrantedLintParseInput *)payload;
    if (byte_index >= input->length) {
        *bytes_read = 0;
        return "";
    }
    *bytes_read = input->length - byte_index;
    return input->text + byte_index;
}

// Called by the parser every hundred or so operations; true stops the parse.
static inline bool granted_lint_past_deadline(TSParseState *state) {
    const GrantedLintParseInput *input = (const GrantedLintParseInput *)state->payload;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > input->deadline.tv_sec
        || (now.tv_sec == input->deadline.tv_sec && now.tv_nsec >= input->deadline.tv_nsec);
}

static inline TSTree *granted_lint_parse_utf8(
    TSParser *parser, const TSTree *old_tree, const char *text, uint32_t length, uint64_t timeout_micros
) {
    GrantedLintParseInput input = { .text = text, .length = length };
    TSInput source = { .payload = &input, .read = granted_lint_read_text, .encoding = TSInputEncodingUTF8 };
    if (timeout_micros == 0) {
        return ts_parser_parse(parser, old_tree, source);
    }
    clock_gettime(CLOCK_MONOTONIC, &input.deadline);
    input.deadline.tv_sec += (time_t)(timeout_micros / 1000000);
    input.deadline.tv_nsec += (long)(timeout_micros % 1000000) * 1000;
    if (input.deadline.tv_nsec >= 1000000000L) {
        input.deadline.tv_sec += 1;
        input.deadline.tv_nsec -= 1000000000L;
    }
    TSParseOptions options = { .payload = &input, .progress_callback = granted_lint_past_deadline };
    return ts_parser_parse_with_options(parser, old_tree, source, options);
}

#else

static inline TSTree *granted_lint_parse_utf8(
    TSParser *parser, const TSTree *old_tree, const char *text, uint32_t length, uint64_t timeout_micros
) {
    ts_parser_set_timeout_micros(parser, timeout_micros);
    return ts_parser_parse_string_encoding(parser, old_tree, text, length, TSInputEncodingUTF8);
}

#endif
