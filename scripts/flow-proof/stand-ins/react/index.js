'use strict';
// Stand-in of React for hooks called as functions (docs/flows.md): effects run their callback at
// once, useState gives its initial value and a setter that does nothing, useCallback and useMemo
// give theirs.
const { withFallback } = require('__flow-proof-any');

const initial = (v) => (typeof v === 'function' ? v() : v);
const runEffect = (effect) => {
  effect();
};

const api = {
  useEffect: runEffect,
  useLayoutEffect: runEffect,
  useInsertionEffect: runEffect,
  useState: (init) => [initial(init), () => {}],
  useReducer: (reducer, init, initFn) => [initFn ? initFn(init) : init, () => {}],
  useCallback: (fn) => fn,
  useMemo: (factory) => factory(),
  useRef: (value) => ({ current: value }),
  useContext: (context) => (context ? context._currentValue : undefined),
  useId: () => 'stand-in-id',
  useTransition: () => [false, (fn) => fn()],
  useDeferredValue: (v) => v,
  useImperativeHandle() {},
  useDebugValue() {},
  useSyncExternalStore: (subscribe, getSnapshot) => getSnapshot(),
  createContext: (value) => ({ _currentValue: value, Provider: 'Context.Provider', Consumer: 'Context.Consumer' }),
  createElement: (type, props, ...children) => ({ type, props: { ...(props || {}), children } }),
  Fragment: 'Fragment',
  StrictMode: 'StrictMode',
  memo: (component) => component,
  forwardRef: (render) => render,
  Component: class Component {
    constructor(props) {
      this.props = props;
      this.state = {};
    }
    setState() {}
  },
};
api.PureComponent = api.Component;

module.exports = withFallback('react', api);
