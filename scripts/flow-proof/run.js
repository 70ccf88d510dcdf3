#!/usr/bin/env node
'use strict';
// The flow proof's harness: runs a fixture's flows under Node.js against stand-in modules that answer
// as a device in each of docs/flows.md's eight states would, and prints the paths in the JSON shape
// of `granted-lint flows --format json`. README.md in this directory has the details.
//
//   node run.js FIXTURE_DIR                  the fixture's paths, on stdout
//   node run.js --out NAME DIR...            each fixture's paths into DIR/NAME
//   node run.js --check DIR...               each fixture's paths against DIR/expected-flows.json
// A DIR without proof.json stands for every directory under it that has one.

const fs = require('fs');
const os = require('os');
const path = require('path');
const Module = require('module');
const vm = require('vm');

const rt = require('./runtime');
const { createTransformer } = require('./transform');
const { compareFlows } = require('./compare');

const ts = loadTypeScript();

const STAND_INS = path.join(__dirname, 'stand-ins');
const SOURCE = /\.(ts|tsx|js|jsx|mts|cts|mjs|cjs)$/;
const MAX_RUNS_PER_CALL = 4096;

function loadTypeScript() {
  const candidates = ['typescript', '/usr/share/nodejs/typescript', '/usr/lib/node_modules/typescript', '/usr/local/lib/node_modules/typescript'];
  for (const c of candidates) {
    try {
      return require(c);
    } catch (e) {
      // next one
    }
  }
  process.stderr.write('flow-proof: the TypeScript compiler is not installed (Debian: apt-get install node-typescript)\n');
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// Preparing a fixture: its files transpiled into a temporary directory, stand-ins in node_modules.

let tempRoot = null;
let fixtureCount = 0;

function walk(dir, rel, out) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const abs = path.join(dir, entry.name);
    const r = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) walk(abs, r, out);
    else if (entry.isFile()) out.push(r);
  }
  return out;
}

function copyTree(from, to) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const a = path.join(from, entry.name);
    const b = path.join(to, entry.name);
    if (entry.isDirectory()) copyTree(a, b);
    else fs.copyFileSync(a, b);
  }
}

function prepare(dir, proof) {
  if (tempRoot === null) {
    tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'flow-proof-'));
    process.on('exit', () => fs.rmSync(tempRoot, { recursive: true, force: true }));
  }
  const out = path.join(tempRoot, String(++fixtureCount));
  copyTree(STAND_INS, path.join(out, 'node_modules'));
  const flowNamesByFile = new Map();
  for (const flow of proof.flows) {
    if (!flowNamesByFile.has(flow.file)) flowNamesByFile.set(flow.file, new Set());
    flowNamesByFile.get(flow.file).add(flow.function);
  }
  const names = new Map(); // file -> Map(qualified name -> {line})
  const written = new Map(); // output file -> source file
  for (const rel of walk(dir, '', [])) {
    const abs = path.join(dir, rel);
    if (rel.endsWith('.json')) {
      if (!/(^|\/)(package|tsconfig|proof|expected-flows)\.json$/.test(rel)) {
        fs.mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
        fs.copyFileSync(abs, path.join(out, rel));
      }
      continue;
    }
    if (!SOURCE.test(rel) || /\.d\.(m|c)?ts$/.test(rel)) continue;
    const target = rel.replace(SOURCE, '.js');
    if (written.has(target)) throw new Error(`${rel} and ${written.get(target)} would both be ${target}`);
    written.set(target, rel);
    const fileNames = new Map();
    names.set(rel, fileNames);
    const transformer = createTransformer(ts, { file: rel, flowNames: flowNamesByFile.get(rel) || new Set(), names: fileNames });
    const result = ts.transpileModule(fs.readFileSync(abs, 'utf8'), {
      fileName: path.basename(rel),
      reportDiagnostics: true,
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2020,
        jsx: ts.JsxEmit.React,
        esModuleInterop: true,
        allowJs: true,
      },
      transformers: { before: [transformer] },
    });
    for (const d of result.diagnostics || []) {
      const where = d.file && d.start !== undefined ? `:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}` : '';
      process.stderr.write(`flow-proof: ${path.join(dir, rel)}${where}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}\n`);
    }
    fs.mkdirSync(path.dirname(path.join(out, target)), { recursive: true });
    fs.writeFileSync(path.join(out, target), result.outputText);
  }
  return { dir, out, names, paths: tsconfigPaths(dir) };
}

// tsconfig.json's compilerOptions.paths (with baseUrl), for imports such as '@/lib/push'.
function tsconfigPaths(dir) {
  const file = path.join(dir, 'tsconfig.json');
  if (!fs.existsSync(file)) return [];
  let config;
  try {
    config = ts.parseConfigFileTextToJson(file, fs.readFileSync(file, 'utf8')).config || {};
  } catch (e) {
    return [];
  }
  const options = config.compilerOptions || {};
  const base = options.baseUrl || '.';
  return Object.entries(options.paths || {}).map(([pattern, targets]) => ({
    pattern,
    targets: targets.map((t) => path.posix.join(base, t)),
  }));
}

// Bare imports: tsconfig paths first, then node_modules (the stand-ins); a module there is not gets
// the inert stand-in (a warning says which).
const warned = new Set();
const originalResolve = Module._resolveFilename;
let fixtureOfFile = (file) => null;
Module._resolveFilename = function resolve(request, parent, ...rest) {
  const fixture = parent && parent.filename ? fixtureOfFile(parent.filename) : null;
  if (fixture && !request.startsWith('.') && !path.isAbsolute(request)) {
    for (const { pattern, targets } of fixture.paths) {
      const star = pattern.indexOf('*');
      const matches = star < 0 ? request === pattern : request.startsWith(pattern.slice(0, star)) && request.endsWith(pattern.slice(star + 1));
      if (!matches) continue;
      const middle = star < 0 ? '' : request.slice(star, request.length - (pattern.length - star - 1));
      for (const target of targets) {
        try {
          return originalResolve.call(this, path.join(fixture.out, target.replace('*', middle)), parent, ...rest);
        } catch (e) {
          // next target
        }
      }
    }
  }
  try {
    return originalResolve.call(this, request, parent, ...rest);
  } catch (e) {
    if (!fixture || request.startsWith('.') || path.isAbsolute(request) || Module.isBuiltin(request)) throw e;
    if (!warned.has(request)) {
      warned.add(request);
      process.stderr.write(`flow-proof: ${request} has no stand-in; its values are inert\n`);
    }
    return originalResolve.call(this, '__flow-proof-any', parent, ...rest);
  }
};

// ---------------------------------------------------------------------------------------------
// One run: one device state, one argument list, one sequence of choices.

// A module system of its own, so that each run starts from fresh module state without compiling
// again: every file is compiled once (vm.compileFunction) and instantiated afresh for each run.
const compiled = new Map(); // filename -> module function
const resolved = new Map(); // filename \0 request -> filename

function resolveFrom(filename, request) {
  const key = `${filename}\u0000${request}`;
  let r = resolved.get(key);
  if (r === undefined) {
    const parent = { id: filename, filename, paths: Module._nodeModulePaths(path.dirname(filename)) };
    r = Module._resolveFilename(request, parent, false);
    resolved.set(key, r);
  }
  return r;
}

function compile(filename) {
  let fn = compiled.get(filename);
  if (fn === undefined) {
    const source = fs.readFileSync(filename, 'utf8');
    fn = vm.compileFunction(source, ['exports', 'require', 'module', '__filename', '__dirname'], { filename });
    compiled.set(filename, fn);
  }
  return fn;
}

function loadFresh(entry) {
  const modules = new Map();
  const load = (filename) => {
    const cached = modules.get(filename);
    if (cached) return cached.exports;
    const module = { id: filename, filename, exports: {}, loaded: false };
    modules.set(filename, module);
    if (filename.endsWith('.json')) {
      module.exports = JSON.parse(fs.readFileSync(filename, 'utf8'));
      return module.exports;
    }
    const localRequire = (request) => {
      if (Module.isBuiltin(request)) return require(request);
      return load(resolveFrom(filename, request));
    };
    localRequire.resolve = (request) => resolveFrom(filename, request);
    compile(filename).call(module.exports, module.exports, localRequire, module, filename, path.dirname(filename));
    module.loaded = true;
    return module.exports;
  };
  return load(entry);
}

function isGenerator(v) {
  return v !== null && typeof v === 'object' && typeof v.next === 'function' && typeof v.throw === 'function' && typeof v[Symbol.iterator] === 'function';
}

function isThenable(v) {
  return v !== null && (typeof v === 'object' || typeof v === 'function') && typeof v.then === 'function';
}

// Drives a saga's iterator: each step in STORE (the logical call stack the generator was called in).
async function drive(generator, store) {
  let input;
  let failed = false;
  for (let steps = 0; steps < 100000; steps++) {
    const step = rt.als.run(store, () => (failed ? generator.throw(input) : generator.next(input)));
    if (step.done) return step.value;
    try {
      input = await resolveYielded(step.value, store);
      failed = false;
    } catch (e) {
      input = e;
      failed = true;
    }
  }
  throw new Error('the saga did not finish');
}

async function resolveYielded(value, store) {
  if (value && value['@@redux-saga/IO']) return resolveEffect(value);
  if (Array.isArray(value)) return Promise.all(value.map((v) => resolveYielded(v, store)));
  if (isGenerator(value)) return drive(value, store);
  if (isThenable(value)) return await value;
  return value;
}

async function invokeIn(store, context, fn, args) {
  if (typeof fn === 'string') fn = context[fn];
  const result = rt.als.run(store, () => Reflect.apply(fn, context, args));
  if (isGenerator(result)) return drive(result, store);
  return await result;
}

async function resolveEffect(effect) {
  const { type, payload } = effect;
  switch (type) {
    case 'CALL':
      return invokeIn(effect.store, payload.context, payload.fn, payload.args);
    case 'CPS':
      return new Promise((resolve, reject) => {
        const fn = typeof payload.fn === 'string' ? payload.context[payload.fn] : payload.fn;
        rt.als.run(effect.store, () => Reflect.apply(fn, payload.context, [...payload.args, (err, res) => (err ? reject(err) : resolve(res))]));
      });
    case 'FORK': {
      const task = invokeIn(effect.store, payload.context, payload.fn, payload.args);
      task.catch(() => {});
      return { '@@redux-saga/TASK': true, toPromise: () => task };
    }
    case 'JOIN':
      return payload && payload.toPromise ? payload.toPromise() : undefined;
    case 'ALL':
    case 'RACE': {
      const keys = Object.keys(payload);
      const values = keys.map((k) => resolveYielded(payload[k], effect.store));
      if (type === 'RACE') {
        const first = await Promise.race(values.map((p, i) => Promise.resolve(p).then((v) => [i, v])));
        const out = Array.isArray(payload) ? [] : {};
        out[keys[first[0]]] = first[1];
        return out;
      }
      const settled = await Promise.all(values);
      if (Array.isArray(payload)) return settled;
      return Object.fromEntries(keys.map((k, i) => [k, settled[i]]));
    }
    default:
      return undefined; // PUT, SELECT, TAKE, DELAY, CANCEL: not the permission's business
  }
}

function target(fixture, flow) {
  const mod = loadFresh(path.join(fixture.out, flow.file.replace(SOURCE, '.js')));
  // JSX compiles to React.createElement; a file that does not import React (the automatic runtime's
  // habit) finds the stand-in as a global.
  globalThis.React = loadFresh(path.join(fixture.out, 'node_modules', 'react', 'index.js'));
  const scope = mod.__flowProofScope || {};
  const get = (name) => {
    if (!Object.prototype.hasOwnProperty.call(scope, name)) throw new Error(`${flow.file} has no top-level ${name}`);
    return scope[name]();
  };
  const dot = flow.function.indexOf('.');
  if (dot < 0) return { context: undefined, fn: get(flow.function) };
  const owner = get(flow.function.slice(0, dot));
  const method = flow.function.slice(dot + 1);
  if (typeof owner === 'function' && typeof owner[method] !== 'function') {
    const instance = new owner();
    return { context: instance, fn: instance[method] };
  }
  return { context: owner, fn: owner[method] };
}

function encodeReturn(value, run) {
  if (typeof value === 'boolean') return value;
  if (value === null || value === undefined) return null;
  if (run.tokens.has(value)) return { token: true };
  if (typeof value === 'string') return value;
  return { unknown: describe(value) };
}

function describe(value) {
  if (typeof value === 'function') return `function ${value.name || ''}`.trim();
  if (typeof value !== 'object') return `${typeof value} ${String(value)}`;
  if ('type' in value && 'props' in value) {
    const type = value.type;
    return `element ${typeof type === 'string' ? type : (type && type.name) || 'component'}`;
  }
  try {
    const text = JSON.stringify(value);
    if (text !== undefined) return text.length > 60 ? `${text.slice(0, 57)}...` : text;
  } catch (e) {
    // a cycle
  }
  return Object.prototype.toString.call(value);
}

async function execute(fixture, flow, state, args, prefix) {
  const run = new rt.Run({ state, flowFile: flow.file, flowKey: `${flow.file}#${flow.function}`, prefix, environment: flow.environment });
  rt.begin(run);
  let outcome = { settled: false };
  let context;
  let fn;
  try {
    ({ context, fn } = rt.als.run(run.loadRoot, () => target(fixture, flow)));
    if (typeof fn !== 'function') throw new Error(`${flow.function} in ${flow.file} is not a function`);
  } catch (error) {
    rt.end();
    throw error; // the fixture does not load: not a path
  }
  try {
    rt.als.run(run.root, () => {
      let promise;
      try {
        const value = Reflect.apply(fn, context, args.map((a) => structuredClone(a)));
        promise = isGenerator(value) ? drive(value, run.root) : Promise.resolve(value);
      } catch (e) {
        promise = Promise.reject(e);
      }
      promise.then(
        (value) => (outcome = { settled: true, value }),
        (error) => (outcome = { settled: true, error }),
      );
    });
    await rt.settle(run);
  } catch (error) {
    outcome = { settled: true, error };
  } finally {
    rt.end();
  }
  let returns;
  let exit = run.exit;
  if (!outcome.settled) {
    returns = { unknown: 'never settles' };
    exit = null;
  } else if ('error' in outcome) {
    const e = outcome.error;
    returns = { throws: e && e.message !== undefined ? String(e.message) : String(e) };
    exit = null;
  } else {
    returns = encodeReturn(outcome.value, run);
  }
  for (const what of run.unlocated) {
    process.stderr.write(`flow-proof: ${fixture.dir}: ${flow.function} (${state}): a ${what} with no call in ${flow.file} on its stack\n`);
  }
  return {
    trace: run.trace,
    path: {
      answers: run.answers,
      requests: run.requests,
      token: run.token,
      alerts: run.alerts,
      schedules: run.schedules,
      returns,
      exit,
      assumes: run.assumes,
    },
  };
}

// Every path of FLOW in STATE for ARGS: depth first over the oracle's choices (dialog answers and
// environment values), re-running with a longer prefix for each choice not yet taken.
async function explore(fixture, flow, state, args, assumes, paths, seen) {
  const pending = [[]];
  let runs = 0;
  while (pending.length > 0) {
    const prefix = pending.pop();
    if (++runs > MAX_RUNS_PER_CALL) throw new Error(`${flow.function}: more than ${MAX_RUNS_PER_CALL} runs in ${state}`);
    const { trace, path: p } = await execute(fixture, flow, state, args, prefix);
    p.assumes = [...assumes, ...p.assumes];
    const key = JSON.stringify(p);
    if (!seen.has(key)) {
      seen.add(key);
      paths.push(p);
    }
    const taken = trace.map((t) => t.c);
    const next = [];
    for (let i = prefix.length; i < trace.length; i++) {
      for (let alt = 1; alt < trace[i].n; alt++) next.push([...taken.slice(0, i), alt]);
    }
    pending.push(...next); // popped first: the latest choice changed, so the paths come out in order
  }
  return runs;
}

function normalizeFile(file) {
  return path.posix.normalize(String(file).replace(/\\/g, '/')).replace(/^\.\//, '');
}

async function proveFixture(dir) {
  const proof = JSON.parse(fs.readFileSync(path.join(dir, 'proof.json'), 'utf8'));
  if (!proof || !Array.isArray(proof.flows)) throw new Error(`${dir}/proof.json: a "flows" list is needed`);
  for (const flow of proof.flows) flow.file = normalizeFile(flow.file);
  const fixture = prepare(dir, proof);
  const previous = fixtureOfFile;
  fixtureOfFile = (file) => (file.startsWith(fixture.out + path.sep) ? fixture : previous(file));
  const flows = [];
  let runs = 0;
  for (const flow of proof.flows) {
    const info = fixture.names.get(flow.file);
    if (!info) throw new Error(`${dir}: no source file ${flow.file}`);
    const meta = info.get(flow.function);
    if (!meta) throw new Error(`${dir}: ${flow.file} has no function ${flow.function}`);
    const calls = Array.isArray(flow.calls) && flow.calls.length > 0 ? flow.calls : [[]];
    // With more than one argument list, each path says which it came from, as docs/flows.md's
    // "a parameter the flow does not fix" ("mode is 'provisional'").
    const callAssumes = calls.map((args) =>
      calls.length < 2 ? [] : args.map((a, i) => `${meta.parameters[i] || `argument ${i + 1}`} is ${rt.describeValue(a)}`),
    );
    const states = {};
    for (const state of rt.STATES) {
      const paths = [];
      const seen = new Set();
      for (let c = 0; c < calls.length; c++) runs += await explore(fixture, flow, state, calls[c], callAssumes[c], paths, seen);
      states[state] = paths;
    }
    flows.push({ function: flow.function, path: flow.file, line: meta.line, states });
  }
  flows.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line || (a.function < b.function ? -1 : 1)));
  return { result: { flows }, runs };
}

// ---------------------------------------------------------------------------------------------
// The command line.

function fixtureDirs(dir) {
  if (fs.existsSync(path.join(dir, 'proof.json'))) return [dir];
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules') out.push(...fixtureDirs(path.join(dir, entry.name)));
  }
  return out;
}

// Indented down to the paths; each path on one line, so that a fixture's table reads at a glance.
function format(result) {
  const lines = ['{', '  "flows": ['];
  result.flows.forEach((flow, i) => {
    lines.push('    {');
    lines.push(`      "function": ${JSON.stringify(flow.function)},`);
    lines.push(`      "path": ${JSON.stringify(flow.path)},`);
    lines.push(`      "line": ${flow.line},`);
    lines.push('      "states": {');
    const states = Object.keys(flow.states);
    states.forEach((state, j) => {
      const paths = flow.states[state];
      const comma = j < states.length - 1 ? ',' : '';
      if (paths.length === 0) {
        lines.push(`        ${JSON.stringify(state)}: []${comma}`);
        return;
      }
      lines.push(`        ${JSON.stringify(state)}: [`);
      paths.forEach((p, k) => {
        const fields = Object.entries(p).map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`);
        lines.push(`          { ${fields.join(', ')} }${k < paths.length - 1 ? ',' : ''}`);
      });
      lines.push(`        ]${comma}`);
    });
    lines.push('      }');
    lines.push(`    }${i < result.flows.length - 1 ? ',' : ''}`);
  });
  lines.push('  ]', '}');
  return `${lines.join('\n')}\n`;
}

async function main(argv) {
  let out = null;
  let check = false;
  let timings = false;
  const dirs = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--out') out = argv[++i];
    else if (a === '--check') check = true;
    else if (a === '--timings') timings = true;
    else if (a === '-h' || a === '--help') {
      process.stdout.write('usage: run.js FIXTURE_DIR | run.js [--out NAME] [--check] [--timings] DIR...\n');
      return 0;
    } else dirs.push(a);
  }
  if (dirs.length === 0 || (out === null && !check && dirs.length !== 1)) {
    process.stderr.write('usage: run.js FIXTURE_DIR | run.js [--out NAME] [--check] [--timings] DIR...\n');
    return 2;
  }
  rt.install();
  const silent = () => {};
  for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace']) console[method] = silent; // the fixtures' own output
  process.on('unhandledRejection', () => {}); // un-awaited promises of the fixtures

  for (const d of dirs) {
    if (!fs.existsSync(d) || !fs.statSync(d).isDirectory()) {
      process.stderr.write(`flow-proof: ${d} is not a directory\n`);
      return 2;
    }
  }
  const all = dirs.flatMap((d) => fixtureDirs(path.resolve(d)));
  if (all.length === 0) {
    process.stderr.write(`flow-proof: no proof.json under ${dirs.join(', ')}\n`);
    return 2;
  }
  if (out === null && !check && all.length > 1) {
    process.stderr.write(`flow-proof: ${dirs[0]} holds ${all.length} fixtures: give one, or --out NAME / --check\n`);
    return 2;
  }
  let status = 0;
  for (const dir of all) {
    const started = process.hrtime.bigint();
    let result;
    let runs;
    try {
      ({ result, runs } = await proveFixture(dir));
    } catch (e) {
      process.stderr.write(`flow-proof: ${dir}: ${e && e.stack ? e.stack : e}\n`);
      status = 2;
      continue;
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (timings) process.stderr.write(`flow-proof: ${path.relative(process.cwd(), dir) || '.'}: ${runs} runs, ${ms.toFixed(0)} ms\n`);
    if (out !== null) fs.writeFileSync(path.join(dir, out), format(result));
    if (check) {
      const expectedFile = path.join(dir, 'expected-flows.json');
      if (!fs.existsSync(expectedFile)) {
        process.stderr.write(`flow-proof: ${dir}: no expected-flows.json\n`);
        status = Math.max(status, 1);
        continue;
      }
      const differences = compareFlows(JSON.parse(fs.readFileSync(expectedFile, 'utf8')), result, {});
      if (differences.length > 0) {
        process.stdout.write(`${path.relative(process.cwd(), dir)}: the harness differs from expected-flows.json\n${differences.join('\n')}\n`);
        status = Math.max(status, 1);
      }
    }
    if (out === null && !check) process.stdout.write(format(result));
  }
  return status;
}

main(process.argv.slice(2)).then(
  (code) => process.stdout.write('', () => process.exit(code)),
  (e) => {
    process.stderr.write(`flow-proof: ${e && e.stack ? e.stack : e}\n`);
    process.exit(2);
  },
);
