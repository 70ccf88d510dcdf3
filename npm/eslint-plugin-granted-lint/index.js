// The granted-lint ESLint plugin under the name ESLint's legacy configuration resolves
// `plugins: ['granted-lint']` to. The plugin itself lives in the granted-lint package, beside the
// binary it runs; this is the same object, so a project that loads both gets one cache.
'use strict';

module.exports = require('granted-lint/eslint');
