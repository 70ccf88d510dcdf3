// `import granted from 'granted-lint/eslint'`: the same plugin object as `require` gives (one
// runner, one cache), for eslint.config.js / .mjs files.
import plugin from './index.js';

export default plugin;
export const { meta, rules, configs } = plugin;
